// The watchlist's offline side: the app hands the worker each watchlist it reads (kept on the device with the
// portfolio), and reads back the one the worker restored after an offline start, for the signed-in account
// only. The watchlist itself stays a query of features/markets.
import type { WatchlistSnapshot } from '../../workers/protocol/account-api.ts';
import { appStore, useAtomValue } from '../shared/state/jotai.ts';
import { accountKeyAtom, savedWatchlistAtom } from './account-atoms.ts';
import { marketBridge } from './bridge.ts';
import type { MarketStore } from './market-port.ts';

export type { WatchlistSnapshot } from '../../workers/protocol/account-api.ts';

/** Keeps the signed-in account's watchlist on the device (ignored when signed out). */
export function keepWatchlistOffline(w: WatchlistSnapshot, store: MarketStore = appStore): void {
  const key = store.get(accountKeyAtom);
  if (key === null) return;
  void marketBridge().port.setWatchlist?.(key, w);
}

/** The watchlist the worker restored from the device (offline start); null when none. */
export function useSavedWatchlist(): WatchlistSnapshot | null {
  return useAtomValue(savedWatchlistAtom);
}
