// Applies the worker's AccountUpdate to the store (one atom write per section that changed), and clears the
// account's atoms when the app names another account. No parsing and no arithmetic: the worker did both.
import type { AccountUpdate } from '../../workers/protocol/account-api.ts';
import {
  accountAsOfAtom,
  accountFeedStateAtom,
  accountKeyAtom,
  assetsViewAtom,
  openOrdersAtom,
  savedWatchlistAtom,
} from './account-atoms.ts';
import type { MarketStore } from './market-port.ts';
import { resetPositions } from './positions-apply.ts';

export function applyAccountUpdate(store: MarketStore, u: AccountUpdate): void {
  // A post for the previous account (in flight while the app switched) is never shown.
  if (u.accountKey !== store.get(accountKeyAtom)) return;
  if (u.state) store.set(accountFeedStateAtom, u.state);
  if (u.orders) store.set(openOrdersAtom, u.orders);
  if (u.assets) store.set(assetsViewAtom, u.assets);
  if (u.asOf !== undefined) store.set(accountAsOfAtom, u.asOf);
  if (u.watchlist) store.set(savedWatchlistAtom, u.watchlist);
}

/** Another account (or a sign-out): nothing of the previous one stays on screen while the new one loads. */
export function resetAccount(store: MarketStore, accountKey: string | null): void {
  store.set(accountKeyAtom, accountKey);
  store.set(openOrdersAtom, null);
  store.set(assetsViewAtom, null);
  store.set(accountFeedStateAtom, null);
  store.set(accountAsOfAtom, null);
  store.set(savedWatchlistAtom, null);
  resetPositions(store, accountKey);
}
