// Applies the worker's AccountUpdate to the store (one atom write per section that changed), and clears the
// account's atoms when the app names another account. No parsing and no arithmetic: the worker did both. When
// the server ended the session (the feed's 'ended'), the app signs out as for any -1000 answer (spec §7).
import { SessionError } from '../shared/api/api-errors.ts';
import { reportApiError } from '../shared/api/report-api-error.ts';
import type { AccountUpdate } from '../../workers/protocol/account-api.ts';
import { ACCOUNT_WS_PATH } from '../../workers/protocol/trade.ts';
import {
  accountAsOfAtom,
  accountFeedStateAtom,
  accountKeyAtom,
  assetsViewAtom,
  openOrdersAtom,
  savedWatchlistAtom,
  spotSeqAtom,
  perpSeqAtom,
} from './account-atoms.ts';
import type { MarketStore } from './market-port.ts';
import { resetPositions } from './positions-apply.ts';

export function applyAccountUpdate(store: MarketStore, u: AccountUpdate): void {
  // A post for the previous account (in flight while the app switched) is never shown.
  if (u.accountKey !== store.get(accountKeyAtom)) return;
  if (u.state) store.set(accountFeedStateAtom, u.state);
  if (u.orders) store.set(openOrdersAtom, u.orders);
  if (u.assets) store.set(assetsViewAtom, u.assets);
  // The same path as a -1000 answer of a query (data-client.ts → reportApiError): clears the stored session
  // only if it is still the one that ended, then the app's onSessionInvalid goes to login.
  if (u.state === 'ended' && u.endedToken) reportApiError(new SessionError(ACCOUNT_WS_PATH, u.endedToken));
  if (u.asOf !== undefined) store.set(accountAsOfAtom, u.asOf);
  if (u.watchlist) store.set(savedWatchlistAtom, u.watchlist);
  if (u.spotSeq !== undefined) store.set(spotSeqAtom, u.spotSeq);
  if (u.perpSeq !== undefined) store.set(perpSeqAtom, u.perpSeq);
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
