// The market feed's slice of the worker API (tickers, books, tapes, candles, indicators, sorted order, painted
// cells) and the batch sections it posts. Types and tiny key helpers only: the app imports this file (never
// workers/market/), the worker's feeds/market/ implements it. worker-api.ts joins it with the other feeds'.
import type { CellSurface, QuoteCellLayout, QuoteCellTheme } from './quote-cell.ts';
import type { BookLevel, Interval, Market, Trade } from './market.ts';
import type { TickerBatch } from './ticker-batch.ts';
import type { FeedStatus } from './feed-status.ts';

// ---- Options (WorkerInitOptions joins them with the host's and the other feeds') ----

export interface MarketFeedOptions {
  /** WebSocket URL (ws: or wss:); null = no socket, poll only. */
  wsUrl: string | null;
  /** Polling period while the socket is down (default 1000 ms). */
  pollMs?: number;
  /** Time from a failed connect or a drop to the first poll (default 1000 ms; the product promises ≤ 2 s). */
  fallbackMs?: number;
  /** Ticker flush period (default 50 ms, three frames: see feeds/market/market-feed.ts). */
  tickerFlushMs?: number;
  /** Book, trades, candles and indicator lines flush period (default 100 ms). */
  bookFlushMs?: number;
  /** Sorted-order recompute period (default 500 ms). */
  sortMs?: number;
  /** Bench only: record each painted cell's tick-to-paint (read with takePaintSamples). */
  benchPaint?: boolean;
}

// ---- Interest keys: what the app has on screen, reference-counted by src/market ----
//   ticker:<SYM>                 push this symbol's ticker (a visible row, the open chart's header, a mover)
//   book:<SYM>  trades:<SYM>     the open chart's depth and tape
//   candles:<SYM>:<interval>     the open chart's bars (history + live)
//   sort:<market>:<key>:<dir>    the market's symbol order
//   indicator:<SYM>:<interval>:<NAME>  the open chart's main or sub indicator lines, computed in the worker over
//                                the candles:<SYM>:<interval> series (which the chart subscribes too)

export type SortKey = 'change' | 'volume' | 'name';
export type SortDir = 'asc' | 'desc';
export const SORT_KEYS: readonly SortKey[] = ['change', 'volume', 'name'];

export type MarketInterestKey =
  | `ticker:${string}`
  | `book:${string}`
  | `trades:${string}`
  /** a perpetual's server mark (the `mark:<SYM>` channel) */
  | `mark:${string}`
  | `candles:${string}:${Interval}`
  | `sort:${Market}:${SortKey}:${SortDir}`
  | `indicator:${string}:${Interval}:${IndicatorName}`;

// ---- Chart indicators (the page remembers its choice as mainInd / subInd) ----

export type MainIndicator = 'SMA' | 'EMA' | 'BOLL';
export type SubIndicator = 'VOL' | 'MACD' | 'RSI' | 'KDJ';
export type IndicatorName = MainIndicator | SubIndicator;
export const MAIN_INDICATORS: readonly MainIndicator[] = ['SMA', 'EMA', 'BOLL'];
export const SUB_INDICATORS: readonly SubIndicator[] = ['VOL', 'MACD', 'RSI', 'KDJ'];

export function indicatorKey(symbol: string, interval: Interval, name: IndicatorName): MarketInterestKey {
  return `indicator:${symbol}:${interval}:${name}`;
}

export function tickerKey(symbol: string): MarketInterestKey {
  return `ticker:${symbol}`;
}
export function bookKey(symbol: string): MarketInterestKey {
  return `book:${symbol}`;
}
export function markKey(symbol: string): MarketInterestKey {
  return `mark:${symbol}`;
}
export function tradesKey(symbol: string): MarketInterestKey {
  return `trades:${symbol}`;
}
export function candlesKey(symbol: string, interval: Interval): MarketInterestKey {
  return `candles:${symbol}:${interval}`;
}
export function sortKey(market: Market, key: SortKey, dir: SortDir): MarketInterestKey {
  return `sort:${market}:${key}:${dir}`;
}

// ---- Batches (worker → app) ----

/** Top of one book: exact wire strings per level, and cumulative quantities (floats, for bar widths only). */
export interface BookView {
  symbol: string;
  bids: BookLevel[];
  asks: BookLevel[];
  /** bidTotals[k] = Σ qty of bids[0..k]; a ratio for depth bars, never a number shown. Transferred. */
  bidTotals: Float64Array;
  askTotals: Float64Array;
  ts: number;
}

export interface TradesUpdate {
  symbol: string;
  /** true: `trades` replaces the tape (first fill, resync); false: prepend them. */
  reset: boolean;
  /** Newest first, exact wire prints. */
  trades: Trade[];
}

/** Row layout of CandlesUpdate.bars: CANDLE_STRIDE float64 per bar. */
export const CB_TIME = 0; // bar open time in SECONDS (what lightweight-charts calls UTCTimestamp)
export const CB_OPEN = 1;
export const CB_HIGH = 2;
export const CB_LOW = 3;
export const CB_CLOSE = 4;
export const CB_VOLUME = 5;
export const CANDLE_STRIDE = 6;

/**
 * The most bars one chart series keeps, on both sides of the worker: the worker's series drops its oldest
 * bars past it (and the bars of an older page that do not fit), and the main thread trims its copy of the
 * bars and of every indicator line to the same window. lightweight-charts' redraw cost grows with bars in a
 * series (~2 ms per 1k), so a chart left open all day must not grow.
 */
export const MAX_CHART_BARS = 3000;

export interface CandlesUpdate {
  symbol: string;
  interval: Interval;
  /** true: `bars` is the whole series (setData); false: the changed tail, oldest first (update each). */
  reset: boolean;
  /** Bars as floats for plotting only (pixels, not money). Transferred. */
  bars: Float64Array;
  /** A history request failed; the chart shows its error state. */
  error?: string;
}

/**
 * Row layout of IndicatorUpdate.points: the bar's open time in seconds (as CB_TIME), 1 when the bar closed at
 * or above its open (the volume bar's colour), then one float per line (NaN: warm-up, draw nothing).
 */
export const IP_TIME = 0;
export const IP_UP = 1;
export const IP_LINES = 2;

/** One indicator's lines over a candle series: stride IP_LINES + lines.length float64 per bar. */
export interface IndicatorUpdate {
  symbol: string;
  interval: Interval;
  name: IndicatorName;
  /** Line names in column order: 'ma5' 'ma10' 'ma20' | 'ema5'… | 'mid' 'up' 'lo' | 'vol' 'ma5' 'ma10' |
   *  'dif' 'dea' 'macd' | 'rsi' | 'k' 'd' 'j'. */
  lines: string[];
  /** true: `points` is every bar of the series (setData); false: the changed tail, oldest first (update). */
  reset: boolean;
  /** Floats for plotting only. Transferred. */
  points: Float64Array;
}

export interface SortedUpdate {
  key: `${Market}:${SortKey}:${SortDir}`;
  symbols: string[];
}

/** The market feed's sections of a post to the app (absent when they have nothing). */
export interface MarketFeedBatch {
  tickers?: TickerBatch;
  books?: BookView[];
  trades?: TradesUpdate[];
  candles?: CandlesUpdate[];
  /** Posted in the same batch as the candle change they follow. */
  indicators?: IndicatorUpdate[];
  sorted?: SortedUpdate[];
  /** The market feed's source state (feed-status.ts). */
  status?: FeedStatus;
  /** Accessible labels of worker-painted cells that changed (each at most once a second). */
  cellLabels?: CellLabel[];
}

/** A worker-painted cell's accessible text (the app puts it on the canvas: role img, aria-label). */
export interface CellLabel {
  id: number;
  label: string;
}

// ---- The market feed's part of the API (comlink-exposed through worker-api.ts) ----

export interface MarketFeedApi {
  /** The market feed's source state now (batches carry it as it changes). */
  status(): FeedStatus;
  /**
   * Pages older bars of a subscribed series in from REST (the update arrives as a `reset` CandlesUpdate).
   * Resolves with how many bars were added (0: no more history, or the series is at its bar limit).
   */
  loadOlderCandles(symbol: string, interval: Interval, bars?: number): Promise<number>;
  /**
   * A row's live cell: the worker draws `symbol`'s price, volume and pill into `canvas` (transferred with
   * comlink.transfer) on every ticker flush from now on, and posts its accessible label in batches.
   */
  attachCell(id: number, canvas: CellSurface, symbol: string, layout: QuoteCellLayout): void;
  /** The cell's box or words changed (resize, language). */
  relayoutCell(id: number, layout: QuoteCellLayout): void;
  /** The row now shows another symbol (the list re-sorted; the row, and its canvas, kept its place). */
  retargetCell(id: number, symbol: string): void;
  /** The row left the screen: stop drawing into its canvas. */
  detachCell(id: number): void;
  /** Colours and fonts of painted cells (the page's CSS), and the font faces the worker must load for them. */
  setCellTheme(theme: QuoteCellTheme, fonts: CellFont[]): void;
  /** Bench only (benchPaint): tick-to-paint samples (ms) taken since the last call. */
  takePaintSamples(): number[];
}

/** A web font a painted cell uses (the Urdu volume label): loaded into the worker's own FontFaceSet. */
export interface CellFont {
  family: string;
  url: string;
  weight: string;
  unicodeRange: string;
}
