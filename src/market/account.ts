// What features use of the signed-in account's live data, and how the app names that account to the worker.
// followSession (called once at start-up) hands the worker the token of the active account (real or demo) on
// login and switch, and null on sign-out; the worker's account feed keeps the private channel for the whole
// session. Features read open orders, balances and the feed's state here, positions in positions.ts.
import type { AccountFeedState, AssetsView } from '../../workers/protocol/account-api.ts';
import type { StockOrder } from '../../workers/protocol/trade.ts';
import { appStore, useAtomValue } from '../shared/state/jotai.ts';
import { accountTypeAtom, tokenAtom, userInfoAtom } from '../shared/state/session-atoms.ts';
import {
  accountFeedStateAtom,
  accountKeyAtom,
  assetsViewAtom,
  openOrdersAtom,
  spotSeqAtom,
  perpSeqAtom,
} from './account-atoms.ts';
import { resetAccount } from './account-apply.ts';
import { marketBridge } from './bridge.ts';
import type { MarketStore } from './market-port.ts';

export type { AccountFeedState, AssetsView } from '../../workers/protocol/account-api.ts';

/** Names the account the worker follows: `<user id>:<real|demo>`; '' when signed out. */
function sessionOf(store: MarketStore): { token: string; accountKey: string } | null {
  const token = store.get(tokenAtom);
  if (!token) return null;
  return { token, accountKey: `${store.get(userInfoAtom)?.id ?? ''}:${store.get(accountTypeAtom)}` };
}

/**
 * Follows the session atoms: every login, real ↔ demo switch and sign-out reaches the worker. A switch writes
 * the account type and the token one after the other; the worker hears only the settled pair (a microtask
 * later), so it never holds one account's token under the other's name. Returns the unsubscribe.
 */
export function followSession(store: MarketStore = appStore): () => void {
  let queued = false;
  let sent: string | null = null;
  const sync = () => {
    queued = false;
    const session = sessionOf(store);
    const id = session ? `${session.accountKey}\n${session.token}` : null;
    if (id === sent) return;
    sent = id;
    // Signed out and never signed in: no reason to start the worker.
    if (!session && store.get(accountKeyAtom) === null) return;
    resetAccount(store, session?.accountKey ?? null);
    void marketBridge().port.setAccount?.(session);
  };
  const later = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(sync);
  };
  const offs = [tokenAtom, accountTypeAtom, userInfoAtom].map((a) => store.sub(a, later));
  sync();
  return () => offs.forEach((off) => off());
}

/** Open orders (pending and partial), newest first, live; null until the feed has them. */
export function useOpenOrders(): readonly StockOrder[] | null {
  return useAtomValue(openOrdersAtom);
}

/** Counts the spot order changes the account socket told; a change means the spot orders and balances moved. */
export function useSpotSeq(): number {
  return useAtomValue(spotSeqAtom);
}

/** Counts the contract position changes the account socket told (a liquidation, a TP/SL fired, funding). */
export function usePerpSeq(): number {
  return useAtomValue(perpSeqAtom);
}

/** The Assets page's balances, live (display strings); null until the feed has them. */
export function useAssetsView(): AssetsView | null {
  return useAtomValue(assetsViewAtom);
}

/** live / polling / offline / ended (the server ended the session); null when signed out or not yet known. */
export function useAccountFeedState(): AccountFeedState | null {
  return useAtomValue(accountFeedStateAtom);
}
