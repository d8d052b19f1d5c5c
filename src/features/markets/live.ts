// PLACEHOLDER until src/market lands: the shapes the screens read. Replaced by an adapter over src/market.
import type { Interval, Market, SessionState } from '../../../workers/protocol/market.ts';
import type { SortDir, SortKey } from './sort.ts';

export type FlashDir = 'up' | 'down' | null;
export interface LiveTicker {
  symbol: string;
  price: string;
  change: string;
  changePct: string;
  dir: 'up' | 'down' | 'flat';
  open: string;
  high: string;
  low: string;
  prevClose: string;
  volume: string;
  turnover: string;
  session: SessionState;
  flash: FlashDir;
  flashSeq: number;
}
export type FeedStatus = 'live' | 'polling' | 'offline' | 'connecting';
export interface FeedInfo {
  status: FeedStatus;
  lastUpdate: number | null;
}
export interface BookRow {
  price: string;
  qty: string;
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

export function useTicker(_symbol: string): LiveTicker | undefined {
  return undefined;
}
export function useMarketSubscription(_symbols: readonly string[]): void {}
export function useSortedSymbols(_m: Market, _k: SortKey, _d: SortDir): readonly string[] | undefined {
  return undefined;
}
export function useFeedStatus(): FeedInfo {
  return { status: 'connecting', lastUpdate: null };
}
export function useBook(_symbol: string): LiveBook | undefined {
  return undefined;
}
export function useTrades(_symbol: string): readonly TradeRow[] {
  return [];
}
export type { Interval };

export interface ChartLine {
  name: string;
  values: ArrayLike<number>;
}
/** Numeric chart columns (chart lines are pixels, not money): time in seconds, oldest → newest. */
export interface ChartData {
  time: ArrayLike<number>;
  open: ArrayLike<number>;
  high: ArrayLike<number>;
  low: ArrayLike<number>;
  close: ArrayLike<number>;
  volume: ArrayLike<number>;
  /** Main-chart indicator lines (ma5…, ema5…, mid/up/lo), aligned with `time`; NaN = warm-up. */
  main: readonly ChartLine[];
  /** Sub-chart lines (vol + ma5/ma10, dif/dea/macd, rsi, k/d/j). */
  sub: readonly ChartLine[];
  /** Increases on every change. */
  rev: number;
  /** True when only the newest bar changed or one bar was appended since the previous rev. */
  tailOnly: boolean;
}
export function useChartData(
  _symbol: string,
  _interval: Interval,
  _main: string,
  _sub: string,
): { data: ChartData | undefined; loadOlder: () => Promise<boolean> } {
  return { data: undefined, loadOlder: () => Promise.resolve(false) };
}
