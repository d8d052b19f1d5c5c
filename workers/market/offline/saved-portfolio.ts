// The portfolio this device keeps for an offline start (issue 14 §5): one record per account (`<user id>:real`
// or `<user id>:demo`), the last known balances, positions (their last prices inside), open orders, the
// watchlist with its instruments, and the last tickers of the held and watched symbols. Wire shapes only:
// exact decimal strings, times in epoch ms, no floats and nothing computed (P&L is recomputed from these
// inputs on restore, by the same calc/ code, so it reads exactly as it did).
//
// News and notices: the app has none yet (their routes are "coming soon"). When they land, add a `news` field
// here (the last page of items as the API sends them), let the app hand it over the way it hands the
// watchlist (AccountFeedApi.setWatchlist), post it back on restore beside `watchlist`, and bump SAVED_VERSION.
import type { WatchlistSnapshot } from '../../protocol/account-api.ts';
import type { Assets, Position, StockOrder } from '../../protocol/trade.ts';
import type { MarketTickers } from '../feeds/market/price-board.ts';

/** Records of another version are ignored on load (and replaced by the next save). */
export const SAVED_VERSION = 1;

/** The user's watchlist as the app last read it, and the names of its members (rows show names offline). */
export type SavedWatchlist = WatchlistSnapshot;

export interface SavedPortfolio {
  v: typeof SAVED_VERSION;
  accountKey: string;
  /** When the figures were last known live (epoch ms): the "as of" the app shows after a restore. */
  asOf: number;
  assets: Assets | null;
  /** `lastPrice` is the last live price the worker held, not the server's snapshot price. */
  positions: Position[];
  orders: StockOrder[];
  watchlist: SavedWatchlist | null;
  /** The last tickers of the held and watched symbols, by market. */
  tickers: MarketTickers[];
}

/** Where saved portfolios live: IndexedDB in the worker (idb-portfolio-store.ts), a Map in tests. */
export interface PortfolioStore {
  load(accountKey: string): Promise<SavedPortfolio | null>;
  save(p: SavedPortfolio): Promise<void>;
  remove(accountKey: string): Promise<void>;
  /** Every account's record (sign-out). */
  clear(): Promise<void>;
}

/** A store in memory (unit tests; and where IndexedDB is missing or refused, a session-long one). */
export class MemoryPortfolioStore implements PortfolioStore {
  readonly records = new Map<string, SavedPortfolio>();
  /** Writes so far (tests count them). */
  saves = 0;

  load(accountKey: string): Promise<SavedPortfolio | null> {
    const p = this.records.get(accountKey);
    return Promise.resolve(p ? structuredClone(p) : null);
  }

  save(p: SavedPortfolio): Promise<void> {
    this.saves++;
    this.records.set(p.accountKey, structuredClone(keepKnown(this.records.get(p.accountKey) ?? null, p)));
    return Promise.resolve();
  }

  remove(accountKey: string): Promise<void> {
    this.records.delete(accountKey);
    return Promise.resolve();
  }

  clear(): Promise<void> {
    this.records.clear();
    return Promise.resolve();
  }
}

/** A loaded record this code can use: the right version and account, and the shape it expects. */
export function usableRecord(value: unknown, accountKey: string): SavedPortfolio | null {
  if (!value || typeof value !== 'object') return null;
  const p = value as Partial<SavedPortfolio>;
  if (p.v !== SAVED_VERSION || p.accountKey !== accountKey) return null;
  if (typeof p.asOf !== 'number' || !Array.isArray(p.positions) || !Array.isArray(p.orders)) return null;
  if (!Array.isArray(p.tickers)) return null;
  return p as SavedPortfolio;
}

/** The symbols whose tickers the record keeps. */
export function keptSymbols(positions: readonly { symbol: string }[], w: SavedWatchlist | null): Set<string> {
  const out = new Set<string>();
  for (const p of positions) out.add(p.symbol);
  if (w) for (const s of [...w.stocks, ...w.coins]) out.add(s);
  return out;
}

/**
 * What a save writes over the account's previous record: a save never forgets what the device knew. A
 * watchlist the session has not read (null) stays the kept one, and a held or watched symbol the session has
 * no ticker for yet (a fresh start on a screen that does not subscribe it, such as a watched symbol seen from
 * Positions) keeps its kept ticker. Done by the store inside its write, so no order of loads, saves and pages
 * (two workers of one origin, a read that failed) can drop them (the CI failures of 6d7d0c1, c62766d, 53c7c13).
 */
export function keepKnown(prev: SavedPortfolio | null, next: SavedPortfolio): SavedPortfolio {
  if (!prev || prev.accountKey !== next.accountKey) return next;
  const watchlist = next.watchlist ?? prev.watchlist;
  const wanted = keptSymbols(next.positions, watchlist);
  const have = new Set(next.tickers.flatMap((m) => m.tickers.map((t) => t.s)));
  const tickers = next.tickers.map((m) => ({ market: m.market, tickers: [...m.tickers] }));
  for (const m of prev.tickers)
    for (const t of m.tickers) {
      if (!wanted.has(t.s) || have.has(t.s)) continue;
      have.add(t.s);
      const into = tickers.find((x) => x.market === m.market);
      if (into) into.tickers.push(t);
      else tickers.push({ market: m.market, tickers: [t] });
    }
  return { ...next, watchlist, tickers };
}
