// The market worker's comlink API and the batches it posts to the app. Types and tiny key helpers only: the app
// imports this file (never workers/market/), the worker implements it.
import type { CellSurface, QuoteCellLayout, QuoteCellTheme } from './quote-cell.ts';
import type { BookLevel, Interval, Market, Trade } from './market.ts';
import type { TickerBatch } from './ticker-batch.ts';
import type { Position } from './trade.ts';

// ---- Feed status (CONVENTIONS rule 5: live data carries its state and the time of the last update) ----

/** 'live' = socket delivering; 'polling' = socket down, REST polling delivering; 'offline' = neither. */
export type FeedState = 'live' | 'polling' | 'offline';

export interface FeedStatus {
  state: FeedState;
  /** Epoch ms of the last market message applied (socket or polling); null before the first. */
  lastUpdate: number | null;
  /** Epoch ms when `state` last changed. */
  since: number;
}

// ---- Init ----

export interface MarketInitOptions {
  /** API base ending in '/', absolute or same-origin ('/api/'); REST polling and history go here. */
  apiBase: string;
  /** WebSocket URL (ws: or wss:); null = no socket, poll only. */
  wsUrl: string | null;
  /** Accept-Language for REST calls (server messages), e.g. 'ur-PK'. */
  lang?: string;
  /** Polling period while the socket is down (default 1000 ms). */
  pollMs?: number;
  /** Time from a failed connect or a drop to the first poll (default 1000 ms; the product promises ≤ 2 s). */
  fallbackMs?: number;
  /** Ticker flush period (default 50 ms, three frames: see market-service.ts). */
  tickerFlushMs?: number;
  /** Book, trades, candles and indicator lines flush period (default 100 ms). */
  bookFlushMs?: number;
  /** Live positions flush period (default 200 ms). */
  positionsFlushMs?: number;
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
//   position:<SYM>               a positions row on screen: its display strings stream (totals always do)
//   indicator:<SYM>:<interval>:<NAME>  the open chart's main or sub indicator lines, computed in the worker over
//                                the candles:<SYM>:<interval> series (which the chart subscribes too)

export type SortKey = 'change' | 'volume' | 'name';
export type SortDir = 'asc' | 'desc';
export const SORT_KEYS: readonly SortKey[] = ['change', 'volume', 'name'];

export type InterestKey =
  | `ticker:${string}`
  | `book:${string}`
  | `trades:${string}`
  | `candles:${string}:${Interval}`
  | `sort:${Market}:${SortKey}:${SortDir}`
  | `position:${string}`
  | `indicator:${string}:${Interval}:${IndicatorName}`;

// ---- Chart indicators (the page remembers its choice as mainInd / subInd) ----

export type MainIndicator = 'SMA' | 'EMA' | 'BOLL';
export type SubIndicator = 'VOL' | 'MACD' | 'RSI' | 'KDJ';
export type IndicatorName = MainIndicator | SubIndicator;
export const MAIN_INDICATORS: readonly MainIndicator[] = ['SMA', 'EMA', 'BOLL'];
export const SUB_INDICATORS: readonly SubIndicator[] = ['VOL', 'MACD', 'RSI', 'KDJ'];

export function indicatorKey(symbol: string, interval: Interval, name: IndicatorName): InterestKey {
  return `indicator:${symbol}:${interval}:${name}`;
}

export function tickerKey(symbol: string): InterestKey {
  return `ticker:${symbol}`;
}
export function bookKey(symbol: string): InterestKey {
  return `book:${symbol}`;
}
export function tradesKey(symbol: string): InterestKey {
  return `trades:${symbol}`;
}
export function candlesKey(symbol: string, interval: Interval): InterestKey {
  return `candles:${symbol}:${interval}`;
}
export function sortKey(market: Market, key: SortKey, dir: SortDir): InterestKey {
  return `sort:${market}:${key}:${dir}`;
}
export function positionKey(symbol: string): InterestKey {
  return `position:${symbol}`;
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

// ---- Positions (issue 4 §5): live market value and P&L computed in the worker, exact to the paisa ----

/** What moves with the price. Strings are final display text; floats pick colours and sort, never shown. */
export interface PositionLiveView {
  /** last price, grouped ('1,234.50') */
  last: string;
  /** qty × last, PKR truncated to 2 places, grouped */
  marketValue: string;
  /** market value − cost, signed ('+1,234.50', '-3.20', '0.00') */
  pnl: string;
  /** pnl / cost × 100 truncated to 2 places, signed ('+1.25%'); a zero cost gives '+∞%' / '-∞%' (spec) */
  pnlPct: string;
  /**
   * `pnl` and `pnlPct` as approximate numbers, for a colour or an order only (the app reads their sign): the
   * exact figures are the strings, and no money arithmetic is done on these.
   */
  pnlValue: number;
  pnlPctValue: number;
  /**
   * Today's P&L: qty × last − ((qty − todayQty) × prevClose + todayCost), signed like `pnl`; '' when the
   * position has no today's inputs (no prevClose from the server).
   */
  todayPnl?: string;
  /** todayPnl / today's base × 100, truncated to 2 places, signed ('+0.50%'); '' with todayPnl. */
  todayPnlPct?: string;
  /** Colour of todayPnl only (0 when unknown). */
  todayPnlValue?: number;
  /** Last price against the previous update of this row: the flash colour (0 on first sight). */
  dir: -1 | 0 | 1;
}

/** What changes only when the position itself changes (a fill, T+1 roll-over). Display strings. */
export interface PositionInfoView {
  nameEn: string;
  nameUr: string;
  qty: string;
  available: string;
  locked: string;
  /** PKR per share truncated to 2 places */
  avgCost: string;
  cost: string;
}

export interface PositionRowUpdate {
  symbol: string;
  live: PositionLiveView;
  /** Present when the row is new to the app (first shown, resent) or the position changed. */
  info?: PositionInfoView;
}

export interface PositionTotalsView {
  /** positions held */
  count: number;
  marketValue: string;
  cost: string;
  pnl: string;
  pnlPct: string;
  /** Approximate, for a colour or an order only, as in PositionLiveView. */
  pnlValue: number;
  pnlPctValue: number;
  /** Today's P&L of all positions ('' when some position has no prevClose); as in PositionLiveView. */
  todayPnl?: string;
  todayPnlPct?: string;
  todayPnlValue?: number;
}

/**
 * One flush of the account's positions (at most every positionsFlushMs). Rows cross only for symbols the app has
 * on screen (`position:<SYM>` interest) and only when they changed; totals cross whenever they change.
 */
export interface PositionsUpdate {
  /** The account these figures belong to (the app drops an update for another account). */
  accountKey: string;
  /** The whole list in display order, when it changed (set, upsert of a new symbol, remove, account switch). */
  symbols?: string[];
  rows?: PositionRowUpdate[];
  /** Symbols no longer held: their rows are cleared. */
  removed?: string[];
  totals?: PositionTotalsView;
  /**
   * A held symbol's previous close moved (a new PSX trading day): today's shares, their cost and the T+1 locks
   * the server gave are stale, so the app reads stock/hold/list again. Until then the worker values those
   * symbols as if nothing was bought today (every share against the new close).
   */
  reread?: true;
}

/** One post to the app. Sections are absent when they have nothing; an empty batch is never posted. */
export interface MarketBatch {
  tickers?: TickerBatch;
  books?: BookView[];
  trades?: TradesUpdate[];
  candles?: CandlesUpdate[];
  /** Posted in the same batch as the candle change they follow. */
  indicators?: IndicatorUpdate[];
  sorted?: SortedUpdate[];
  status?: FeedStatus;
  positions?: PositionsUpdate;
  /** Accessible labels of worker-painted cells that changed (each at most once a second). */
  cellLabels?: CellLabel[];
}

/** A worker-painted cell's accessible text (the app puts it on the canvas: role img, aria-label). */
export interface CellLabel {
  id: number;
  label: string;
}

export type BatchListener = (batch: MarketBatch) => void;

// ---- The API (comlink-exposed) ----

export interface MarketApi {
  /** Starts the feed once; later calls only update options that can change (lang). */
  init(opts: MarketInitOptions): void;
  /** The app's one listener (wrap with comlink.proxy). Replaces any earlier listener and resends every
   *  symbol's strings, so a new listener starts complete. */
  onBatch(listener: BatchListener): void;
  /** Interest went 0 → 1 for these keys (the app reference-counts; the worker counts too). */
  subscribe(keys: InterestKey[]): void;
  /** Interest went 1 → 0. */
  unsubscribe(keys: InterestKey[]): void;
  /** Page hidden: pause flushes and polling, release socket channels; visible: resync, then flush. */
  setHidden(hidden: boolean): void;
  status(): FeedStatus;
  /**
   * Pages older bars of a subscribed series in from REST (the update arrives as a `reset` CandlesUpdate).
   * Resolves with how many bars were added (0: no more history, or the series is at its bar limit).
   */
  loadOlderCandles(symbol: string, interval: Interval, bars?: number): Promise<number>;
  /**
   * The account's positions, as GET stock/hold/list pages give them (the app fetches the pages with its own
   * session and hands them over; the worker does all the money arithmetic). Replaces every position; a new
   * `accountKey` (e.g. 'real' / 'demo', or user:account) drops the previous account's figures entirely.
   * An empty list clears (logout).
   */
  setPositions(accountKey: string, positions: Position[]): void;
  /** Adds or replaces positions by symbol (later pages, the account channel's deltas). Ignored for another account. */
  upsertPositions(accountKey: string, positions: Position[]): void;
  /** A position sold out. Ignored for another account. */
  removePosition(accountKey: string, symbol: string): void;
  /**
   * A row's live cell: the worker draws `symbol`'s price, volume and pill into `canvas` (transferred with
   * comlink.transfer) on every ticker flush from now on, and posts its accessible label in batches.
   */
  attachCell(id: number, canvas: CellSurface, symbol: string, layout: QuoteCellLayout): void;
  /** The cell's box or words changed (resize, language). */
  relayoutCell(id: number, layout: QuoteCellLayout): void;
  /** The row left the screen: stop drawing into its canvas. */
  detachCell(id: number): void;
  /** Colours and fonts of painted cells (the page's CSS), and the font faces the worker must load for them. */
  setCellTheme(theme: QuoteCellTheme, fonts: CellFont[]): void;
  /** Bench only (init's benchPaint): tick-to-paint samples (ms) taken since the last call. */
  takePaintSamples(): number[];
}

/** A web font a painted cell uses (the Urdu volume label): loaded into the worker's own FontFaceSet. */
export interface CellFont {
  family: string;
  url: string;
  weight: string;
  unicodeRange: string;
}
