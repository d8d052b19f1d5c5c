// Atoms of the signed-in account as the worker's account feed keeps it: open orders, the Assets page's
// balances (display strings, live), the feed's state, how current they are (offline) and the account they
// belong to. Written only by
// account-apply.ts from the worker's AccountUpdate; features read them through account.ts.
import type { AccountFeedState, AssetsView, WatchlistSnapshot } from '../../workers/protocol/account-api.ts';
import type { StockOrder } from '../../workers/protocol/trade.ts';
import { atom } from '../shared/state/jotai.ts';

/** The account the app last named to the worker (null: signed out): posts for any other are dropped. */
export const accountKeyAtom = atom<string | null>(null);
/** Open orders (pending and partial), newest first; null until the feed has them. */
export const openOrdersAtom = atom<readonly StockOrder[] | null>(null);
/** null until the feed has the balances. */
export const assetsViewAtom = atom<AssetsView | null>(null);
export const accountFeedStateAtom = atom<AccountFeedState | null>(null);
/** null while the account's figures are live; else the epoch ms they were last known live (offline). */
export const accountAsOfAtom = atom<number | null>(null);
/** The watchlist this device kept for the account (shown when the app cannot read its own). */
export const savedWatchlistAtom = atom<WatchlistSnapshot | null>(null);
/** Counts the spot order changes the socket told (0: none yet); the spot screen re-reads when it moves. */
export const spotSeqAtom = atom<number>(0);
/** Counts the contract position changes the socket told (0: none yet); the contract screen re-reads on a move. */
export const perpSeqAtom = atom<number>(0);
