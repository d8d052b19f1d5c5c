// The user's watchlist (stock and coin favourites), kept on the server so it follows the user to another
// device. One atom holds both lists; stars and the Watchlist tab read it, toggles write the server's answer.
import { appStore, atom, useAtomValue } from '../../shared/state/jotai.ts';
import { storage } from '../../shared/storage/storage.ts';
import { fetchCoinInfos, fetchStockCollect, setCollected } from './markets-api.ts';
import { rememberInstruments } from './instruments.ts';

export interface Watchlist {
  stocks: readonly string[];
  coins: readonly string[];
  loaded: boolean;
}

export const watchlistAtom = atom<Watchlist>({ stocks: [], coins: [], loaded: false });

export function useWatchlist(): Watchlist {
  return useAtomValue(watchlistAtom);
}

/** Loads both lists (logged-in users only: a guest has no watchlist). */
export async function loadWatchlist(): Promise<boolean> {
  if (!storage.get('userToken')) {
    appStore.set(watchlistAtom, { stocks: [], coins: [], loaded: true });
    return true;
  }
  const [stocks, coins] = await Promise.all([
    fetchStockCollect().catch(() => undefined),
    fetchCoinInfos().catch(() => undefined),
  ]);
  if (!stocks || !coins) return false;
  rememberInstruments(stocks.quotes);
  rememberInstruments(coins);
  appStore.set(watchlistAtom, {
    stocks: stocks.symbols,
    coins: coins.filter((c) => c.collected).map((c) => c.symbol),
    loaded: true,
  });
  return true;
}

export function isWatched(w: Watchlist, kind: 'stock' | 'coin', symbol: string): boolean {
  return (kind === 'stock' ? w.stocks : w.coins).includes(symbol);
}

/** Stars or unstars; resolves with the new state, or undefined when the server refused. */
export async function toggleWatch(kind: 'stock' | 'coin', symbol: string): Promise<boolean | undefined> {
  const cur = appStore.get(watchlistAtom);
  const on = !isWatched(cur, kind, symbol);
  const res = await setCollected(kind, symbol, on).catch(() => undefined);
  if (!res) return undefined;
  const latest = appStore.get(watchlistAtom);
  appStore.set(
    watchlistAtom,
    kind === 'stock' ? { ...latest, stocks: res.symbols } : { ...latest, coins: res.symbols },
  );
  rememberInstruments(res.quotes);
  return on;
}
