// Wire types of market data: the REST market calls (`/api/stock/...`, `/api/coin/...`) and the WebSocket at
// `/api/ws`. Shared by the server's market source, the market worker and the app.
//
// Rules of the wire:
// - Prices and quantities are decimal strings (exact; never parse them into floats for arithmetic).
// - Timestamps are epoch milliseconds (numbers).
// - Hot-path objects (Ticker, Trade, Candle, book levels) use short keys, documented on each field.
// - REST and WebSocket carry the SAME shapes, so a polling fallback feeds the same normaliser as the socket.

import type { MarketClientFrame } from '../../contract/ws.ts';

export type Market = 'psx' | 'index' | 'crypto';
export const MARKETS: readonly Market[] = ['psx', 'index', 'crypto'];

export type Interval = '1m' | '5m' | '15m' | '30m' | '1h' | '4h' | '1d' | '1w';
export const INTERVALS: readonly Interval[] = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'];
/**
 * Bar length in ms. Bars open at multiples of the length in UTC, except: '1d' opens at 00:00 Asia/Karachi
 * (19:00 UTC the day before) for every market, and '1w' opens on Monday 00:00 Asia/Karachi.
 */
export const INTERVAL_MS: Readonly<Record<Interval, number>> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
};

/**
 * Trading state of an instrument's market. PSX: 'pre' = pre-open (orders collected, no trades), 'open',
 * 'break' = Friday prayer break, 'closed' = outside hours, weekend or holiday. Crypto is always 'open'.
 */
export type SessionState = 'pre' | 'open' | 'break' | 'closed';

/** One tradable (or, for market 'index', quoted-only) instrument. */
export interface Instrument {
  /** e.g. 'OGDC', 'KSE100', 'BTCUSDT' — unique across all markets. */
  symbol: string;
  nameEn: string;
  nameUr: string;
  /** Sector code, e.g. 'banks', 'oil-gas-exploration'; 'index' for indices; 'crypto' for coins. */
  sector: string;
  market: Market;
  /** 'PKR' for PSX stocks and indices (index points), 'USDT' for crypto. */
  quote: string;
  /** Base asset for crypto ('BTC'); the symbol for stocks and indices. */
  base: string;
  /** Minimum price step. PSX: '0.01' for every stock (simplification of the exchange's tick table). */
  tickSize: string;
  /**
   * Minimum order quantity step. PSX: '1' — the simulator uses a one-share market lot (the historic 500-share
   * board lot no longer binds retail orders); indices: '0' (not tradable); crypto: the pair's step.
   */
  lotSize: string;
  priceDecimals: number;
  qtyDecimals: number;
  /** PSX: Shariah-compliant (KMI-30 eligible). */
  shariah?: boolean;
}

/** Live 24h / session summary of one instrument. Keys are short on purpose (it is the hottest message). */
export interface Ticker {
  /** symbol */
  s: string;
  /** last price */
  p: string;
  /**
   * open of the current session day: the first trade since 00:00 Asia/Karachi (PSX: today's session, or the
   * last trading day's while closed; crypto: the Karachi calendar day, not a rolling 24 h)
   */
  o: string;
  /** high (same window as o) */
  h: string;
  /** low (same window as o) */
  l: string;
  /** reference close: the previous session day's last price (PSX: the previous trading day's close) */
  pc: string;
  /** change p - pc */
  c: string;
  /** change percent, 2 decimals, e.g. '-1.25' */
  cp: string;
  /** volume in shares / base units (same window as o) */
  v: string;
  /** turnover in quote currency (PKR / USDT) */
  q: string;
  /** best bid ('0' when none, e.g. indices) */
  b: string;
  /** best ask ('0' when none) */
  a: string;
  /** session state */
  st: SessionState;
  /** time of this state (ms) */
  t: number;
}

/** One OHLCV bar. `t` = bar open time (ms). Lists are always oldest → newest. */
export interface Candle {
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  /** volume in shares / base units */
  v: string;
}

/** One trade print. */
export interface Trade {
  /** per-symbol increasing trade id */
  i: number;
  /** price */
  p: string;
  /** quantity */
  q: string;
  /** taker side: 'b' buy (lifted the ask), 's' sell (hit the bid) */
  d: 'b' | 's';
  /** time (ms) */
  t: number;
}

/** [price, quantity]. In a delta, quantity '0' removes the level. */
export type BookLevel = [price: string, qty: string];

/** Order book snapshot: bids best (highest) first, asks best (lowest) first. Always bids[0] < asks[0]. */
export interface Book {
  s: string;
  b: BookLevel[];
  a: BookLevel[];
  t: number;
}

/** Book delta: only changed levels; apply to the snapshot by price, remove levels with qty '0', re-sort. */
export interface BookDelta {
  b: BookLevel[];
  a: BookLevel[];
  t: number;
}

// ---------------------------------------------------------------------------------------------------------------
// REST answers (inside the `{ code, msg, data }` envelope of ./api.ts)
// ---------------------------------------------------------------------------------------------------------------

/** A list row: the instrument with its live ticker. Used by stock/list, list/hot, search, indices/list. */
export interface Quote extends Instrument {
  ticker: Ticker;
}

/** GET stock/list (and other paged lists). `page` is 1-based. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/** GET stock/country/list */
export interface Country {
  code: string; // 'PK'
  nameEn: string;
  nameUr: string;
  currency: string; // 'PKR'
  areaCode: string; // '+92'
  exchange: string; // 'PSX'
  timezone: string; // 'Asia/Karachi'
}

/** GET stock/info */
export interface StockInfo extends Quote {
  /** daily price band around the previous close (PSX); absent rule for indices → '0' */
  limitUp: string;
  limitDown: string;
  /** 52-week range from daily history */
  high52w: string;
  low52w: string;
  /** shares used for cap weighting (stocks) */
  shares: string;
  /** market cap in PKR = shares × last */
  marketCap: string;
  /** next session change (ms) and the state it leads to; null for crypto */
  nextChange: { t: number; st: SessionState } | null;
  /** index constituents (indices only) */
  constituents?: string[];
}

/** POST coin/infos: instruments plus, when the caller is logged in, whether each is in the favourites. */
export interface CoinInfo extends Instrument {
  collected: boolean;
}

/** POST stock/collect/list and coin/collect/list (and the answer of collect/add|del: the list after change). */
export interface CollectList {
  symbols: string[];
  quotes: Quote[];
}

// Request fields (query string for GET, form body for POST). Numbers may arrive as strings; the server coerces.
export type HotType = 'gainers' | 'losers' | 'active';
export type StockSort = 'symbol' | 'price' | 'change' | 'volume' | 'turnover';
export interface StockListQuery {
  market?: 'psx' | 'index';
  sector?: string;
  sort?: StockSort;
  order?: 'asc' | 'desc';
  page?: number; // default 1
  size?: number; // default 20, max 200
}
export interface HotQuery {
  type: HotType;
  limit?: number; // default 10, max 50
}
export interface SearchQuery {
  q: string; // symbol prefix or part of the English or Urdu name
  limit?: number; // default 20, max 50
}
export interface SymbolBody {
  symbol: string;
}
/** candles: give `limit` (newest N up to `to`, default now) or a `from`/`to` range (ms); max 1000 bars. */
export interface CandlesBody {
  symbol: string;
  interval: Interval;
  from?: number;
  to?: number;
  limit?: number;
}
export interface TradesBody {
  symbol: string;
  limit?: number; // default 50, max 200
}
export interface BooksBody {
  symbol: string;
  depth?: number; // default 20, max 50
}
export const MAX_CANDLES = 1000;
export const MAX_BOOK_DEPTH = 50;
export const MAX_TRADES = 200;

// ---------------------------------------------------------------------------------------------------------------
// WebSocket at GET /api/ws (same port as the REST API)
// ---------------------------------------------------------------------------------------------------------------
//
// Channels:
//   tickers:psx | tickers:index | tickers:crypto   snap: Ticker[] (whole market)  delta: Ticker[] (changed only)
//   ticker:<SYM>                                   snap: Ticker                   delta: Ticker
//   book:<SYM>                                     snap: Book (50 levels)         delta: BookDelta
//   trades:<SYM>                                   snap: Trade[] (last 50)        delta: Trade[] (new prints)
//   candles:<SYM>:<interval>                       snap: Candle[] (last 300)      delta: Candle[] (changed bars:
//                                                  the live bar, and the new bar when one opens; replace by `t`)
//
// Sequencing: `seq` is per channel and shared by all subscribers. A snap carries the channel's current seq;
// each following delta on that channel carries seq + 1. A client that sees a gap (seq !== last + 1) drops its
// state and sends `unsub` then `sub` for that channel to get a fresh snap (a `sub` for a channel the
// connection already holds sends nothing new).
//
// Backpressure: when a connection's socket buffer is above the server's high-water mark, deltas for it are
// dropped and its channels are marked stale; once the buffer drains, the server sends one fresh snap per stale
// channel (coalescing everything missed into one message). A client therefore sees either consecutive deltas
// or a new snap, never an unbounded backlog.
//
// Limits (contract/ws.ts): client frames are checked against the contract's schemas (anything else gets `err`,
// a binary or oversized frame closes the socket); at most WS_MAX_CHANNELS channels per connection (further
// subs get `err`); a per-socket budget of frames and channels named (a flood closes with 1008); snapshots
// obey backpressure like deltas, and a connection that stays backed up is closed. Heartbeats every
// WS_HEARTBEAT_MS; a connection silent (no message, no pong) for a whole heartbeat period is closed.

export type ChannelKind = 'tickers' | 'ticker' | 'book' | 'trades' | 'candles';
export const WS_HEARTBEAT_MS = 10_000;
export const WS_PATH = '/api/ws';

/** What a client sends (the contract's schema, contract/ws.ts); `t` of a ping is echoed back in `pong`. */
export type ClientMessage = MarketClientFrame;

export interface SnapMessage<T = unknown> {
  op: 'snap';
  ch: string;
  seq: number;
  ts: number;
  data: T;
}
export interface DeltaMessage<T = unknown> {
  op: 'delta';
  ch: string;
  seq: number;
  ts: number;
  data: T;
}
export type ServerMessage =
  | SnapMessage
  | DeltaMessage
  | { op: 'hb'; ts: number }
  | { op: 'pong'; t: number; ts: number }
  /** Channel-level error (unknown channel, limit reached) or protocol error (bad JSON) when `ch` is absent. */
  | { op: 'err'; ch?: string; msg: string }
  /** Acknowledges `unsub`; no message on these channels follows. */
  | { op: 'unsubd'; ch: string[] };

/** Payload type per channel kind (snap, delta). */
export interface ChannelPayloads {
  tickers: { snap: Ticker[]; delta: Ticker[] };
  ticker: { snap: Ticker; delta: Ticker };
  book: { snap: Book; delta: BookDelta };
  trades: { snap: Trade[]; delta: Trade[] };
  candles: { snap: Candle[]; delta: Candle[] };
}

export function tickersChannel(m: Market): string {
  return `tickers:${m}`;
}
export function tickerChannel(sym: string): string {
  return `ticker:${sym}`;
}
export function bookChannel(sym: string): string {
  return `book:${sym}`;
}
export function tradesChannel(sym: string): string {
  return `trades:${sym}`;
}
export function candlesChannel(sym: string, iv: Interval): string {
  return `candles:${sym}:${iv}`;
}

export type ParsedChannel =
  | { kind: 'tickers'; market: Market }
  | { kind: 'ticker' | 'book' | 'trades'; symbol: string }
  | { kind: 'candles'; symbol: string; interval: Interval };

/** Parses a channel name's syntax (not whether the symbol exists). null when malformed. */
export function parseChannel(ch: string): ParsedChannel | null {
  const parts = ch.split(':');
  const [kind, a, b] = parts;
  if (!a) return null;
  if (kind === 'tickers' && parts.length === 2) {
    return (MARKETS as readonly string[]).includes(a) ? { kind, market: a as Market } : null;
  }
  if ((kind === 'ticker' || kind === 'book' || kind === 'trades') && parts.length === 2)
    return { kind, symbol: a };
  if (kind === 'candles' && parts.length === 3 && b && (INTERVALS as readonly string[]).includes(b)) {
    return { kind, symbol: a, interval: b as Interval };
  }
  return null;
}
