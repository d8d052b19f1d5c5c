// The markets screens' one import point for live data: thin adapters over src/market's hooks that turn the
// worker's views into what rows, cards, the book and the chart draw. Keeping the shapes here means one file
// follows the bridge if it changes, and component tests mock one module.
import { useMemo } from 'react';
import type { Interval, Market, SessionState, Trade } from '../../../workers/protocol/market.ts';
import { toneOf } from '../../../workers/protocol/quote-cell.ts';
import {
  useBook as useBookView,
  useCandles as useCandlesView,
  useFeedStatus as useFeedStatusView,
  useMarketSubscription as useSubscription,
  useSortedSymbols as useSorted,
  useTicker as useTickerView,
  useTrades as useTradesView,
  type CandlesResult,
  type FeedStatus as FeedStatusView,
  type TickerView,
} from '../../market/hooks.ts';
import { withThousands } from '../../shared/format/numbers.ts';
import { feedView, useFeedView, type FeedViewStatus } from '../../market/connectivity.ts';
import type { FeedSource } from '../../../workers/protocol/feed-status.ts';
import type { SortDir, SortKey } from './sort.ts';

export type FlashDir = 'up' | 'down' | null;
export interface LiveTicker {
  symbol: string;
  price: string;
  change: string;
  changePct: string;
  /** Against the previous close: colours price and pill. */
  dir: 'up' | 'down' | 'flat';
  open: string;
  high: string;
  low: string;
  prevClose: string;
  /** Already abbreviated by the worker ('1.23M'). */
  volume: string;
  turnover: string;
  session: SessionState;
  /** A flash showing now (its colour), null when none; the bridge times it. */
  flash: FlashDir;
}
export type FeedStatus = FeedViewStatus;
export interface FeedInfo {
  status: FeedStatus;
  lastUpdate: number | null;
  /** What delivered lastUpdate: the socket, polling, or the portfolio saved on this device. */
  source?: FeedSource;
}
export interface BookRow {
  price: string;
  qty: string;
  /** Cumulative share of the deeper side's total, 0..1 (bar width only). */
  depth: number;
}
export interface LiveBook {
  bids: BookRow[];
  asks: BookRow[];
}
export interface TradeRow {
  id: number;
  price: string;
  qty: string;
  side: 'b' | 's';
  time: number;
}
export interface ChartLine {
  name: string;
  values: ArrayLike<number>;
}

export function toLiveTicker(v: TickerView): LiveTicker {
  return {
    symbol: v.symbol,
    price: v.price,
    change: v.change,
    changePct: v.changePct,
    dir: toneOf(v.changePctValue),
    open: v.open,
    high: v.high,
    low: v.low,
    prevClose: v.prevClose,
    volume: v.volume,
    turnover: v.turnover,
    session: v.session,
    flash: v.flashing > 0 ? 'up' : v.flashing < 0 ? 'down' : null,
  };
}

export function useTicker(symbol: string): LiveTicker | undefined {
  const v = useTickerView(symbol);
  return useMemo(() => (v ? toLiveTicker(v) : undefined), [v]);
}

export function useMarketSubscription(symbols: readonly string[]): void {
  useSubscription(symbols);
}

export type { CellWords, PaintMode } from '../../market/cells.ts';
/** How rows' live cells are painted here (by the worker or as DOM text), and a worker-painted cell. */
export { usePaintMode, useWorkerCell } from '../../market/hooks.ts';

export function useSortedSymbols(m: Market, k: SortKey, d: SortDir): readonly string[] | undefined {
  return useSorted(m, k, d) ?? undefined;
}

export { CONNECT_GRACE_MS } from '../../market/connectivity.ts';

export function feedInfo(s: FeedStatusView, now: number): FeedInfo {
  return feedView(s, now);
}

/** The badge's reading of the feed (src/market/connectivity.ts): starts the worker if nothing has yet. */
export function useFeedStatus(): FeedInfo {
  useFeedStatusView();
  return useFeedView();
}

/**
 * Depth bars: cumulative quantity over the larger side's total, so both sides share one scale. Prices and
 * quantities are grouped in thousands like every figure in the app (the wire's digits kept).
 */
export function toBookRows(
  levels: readonly (readonly [string, string])[],
  totals: ArrayLike<number>,
  max: number,
): BookRow[] {
  return levels.map(([price, qty], k) => ({
    price: withThousands(price),
    qty: withThousands(qty),
    depth: max > 0 ? (totals[k] ?? 0) / max : 0,
  }));
}

export function useBook(symbol: string): LiveBook | undefined {
  const b = useBookView(symbol);
  return useMemo(() => {
    if (!b) return undefined;
    const max = Math.max(b.bidTotals[b.bids.length - 1] ?? 0, b.askTotals[b.asks.length - 1] ?? 0);
    return { bids: toBookRows(b.bids, b.bidTotals, max), asks: toBookRows(b.asks, b.askTotals, max) };
  }, [b]);
}

export function toTradeRow(t: Trade): TradeRow {
  return { id: t.i, price: withThousands(t.p), qty: withThousands(t.q), side: t.d, time: t.t };
}

/** Newest first; undefined until the first page. */
export function useTrades(symbol: string): readonly TradeRow[] | undefined {
  const list = useTradesView(symbol);
  return useMemo(() => list?.map(toTradeRow), [list]);
}

export function useCandles(symbol: string, interval: Interval): CandlesResult {
  return useCandlesView(symbol, interval);
}
export type { CandlesResult, Interval };
