// Whether the app can reach the market and the account right now, and how old the figures on screen are
// (issue 14 §5): the feed badge's reading of the worker's status ("connecting" for a grace period at start,
// unless offline is already certain), the device's own online/offline events, and the "as of" time of the
// market figures and of the portfolio (null while live). Reads atoms only: it never starts the worker, so a
// screen can ask "offline?" without opening a socket.
import { useEffect, useState } from 'react';
import type { FeedSource, FeedStatus } from '../../workers/protocol/feed-status.ts';
import { atom, useAtomValue } from '../shared/state/jotai.ts';
import { accountAsOfAtom } from './account-atoms.ts';
import { feedStatusAtom } from './atoms.ts';

/** How long "offline before the first message" reads as connecting rather than offline. */
export const CONNECT_GRACE_MS = 6000;

export type FeedViewStatus = 'live' | 'polling' | 'offline' | 'connecting';

export interface FeedView {
  status: FeedViewStatus;
  lastUpdate: number | null;
  /** What delivered lastUpdate (socket, polling, or the portfolio saved on this device). */
  source?: FeedSource;
}

/** navigator.onLine as the page last heard it (the bridge follows the online/offline events). */
export const deviceOnlineAtom = atom<boolean>(globalThis.navigator?.onLine ?? true);

/**
 * The badge's reading: offline with nothing proven yet (no message, or only saved figures) is "connecting"
 * for CONNECT_GRACE_MS — unless the worker already knows offline is certain (no network, a failed round).
 */
export function feedView(s: FeedStatus, now: number): FeedView {
  const unproven = s.lastUpdate === null || s.source === 'saved';
  const connecting = s.state === 'offline' && unproven && !s.settled && now - s.since < CONNECT_GRACE_MS;
  const view: FeedView = { status: connecting ? 'connecting' : s.state, lastUpdate: s.lastUpdate };
  if (s.source) view.source = s.source;
  return view;
}

/** The feed as the badge shows it, re-read when the grace period ends. */
export function useFeedView(): FeedView {
  const s = useAtomValue(feedStatusAtom);
  const [now, setNow] = useState(() => Date.now());
  const view = feedView(s, now);
  useEffect(() => {
    if (view.status !== 'connecting') return;
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.max(0, s.since + CONNECT_GRACE_MS - Date.now()) + 50,
    );
    return () => clearTimeout(timer);
  }, [view.status, s.since]);
  return view;
}

/** Nothing can be sent: the device has no network, or neither the socket nor polling reaches the server. */
export function useOffline(): boolean {
  const online = useAtomValue(deviceOnlineAtom);
  const view = useFeedView();
  return !online || view.status === 'offline';
}

/** When the market figures on screen were last live; null while a source delivers (or none shown yet). */
export function marketAsOf(view: FeedView): number | null {
  return view.status === 'live' || view.status === 'polling' ? null : view.lastUpdate;
}

export function useMarketAsOf(): number | null {
  return marketAsOf(useFeedView());
}

/**
 * When the portfolio's figures (balances, positions and their P&L, open orders) were last live: the older of
 * the account's and the prices' times; null while both are live.
 */
export function usePortfolioAsOf(): number | null {
  const account = useAtomValue(accountAsOfAtom);
  const market = useMarketAsOf();
  if (account === null) return market;
  return market === null ? account : Math.min(account, market);
}
