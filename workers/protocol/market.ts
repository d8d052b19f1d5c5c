// The market WebSocket's framing (`/api/ws`: channels, sequencing, server messages) and the market constants,
// plus (re-exported under the names the app and worker import) the wire types of the REST market calls
// (`/api/stock/...`, `/api/coin/...`), which the socket carries too. Those types are `Static<>` of the TypeBox
// schemas in contract/market.ts; imports from there are type-only and the constants come from
// contract/market-limits.ts (no typebox), so no schema library reaches the worker or app bundles.
//
// Rules of the wire: prices and quantities are decimal strings (never parse them into floats for arithmetic);
// timestamps are epoch milliseconds; REST and WebSocket carry the SAME shapes, so a polling fallback feeds the
// same normaliser as the socket.

import type { Book, BookDelta, Candle, Ticker, Trade } from '../../contract/market.ts';
import { INTERVALS, MARKETS, type Interval, type Market } from '../../contract/market-limits.ts';
import type { WsErrCode } from '../../contract/ws-codes.ts';
import type { MarketClientFrame } from '../../contract/ws.ts';

export type { Page } from '../../contract/envelope.ts';
export type {
  Book,
  BookDelta,
  BookLevel,
  BooksBody,
  Candle,
  CandlesBody,
  CoinInfo,
  CollectList,
  Country,
  HotQuery,
  HotType,
  Instrument,
  Quote,
  SearchQuery,
  SessionState,
  StockInfo,
  StockListQuery,
  StockSort,
  SymbolBody,
  Ticker,
  Trade,
  TradesBody,
} from '../../contract/market.ts';
export {
  INTERVALS,
  MARKETS,
  MAX_BOOK_DEPTH,
  MAX_CANDLES,
  MAX_TRADES,
  type Interval,
  type Market,
} from '../../contract/market-limits.ts';

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
//   mark:<SYM>  (USDT crypto pairs: perpetuals)    snap: MarkQuote                delta: MarkQuote (the server's
//                                                  mark, the one liquidation uses, after each step of the pair;
//                                                  seq is the pair's, as on ticker:<SYM>)
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

export type ChannelKind = 'tickers' | 'ticker' | 'book' | 'trades' | 'candles' | 'mark';

/** A perpetual's mark price (server/domain/perp/mark-book.ts): `m` mark, `i` index (the last price), both as
 * decimal strings at the pair's price decimals. */
export interface MarkQuote {
  s: string;
  m: string;
  i: string;
}
export const WS_HEARTBEAT_MS = 10_000;
/** The `err` frames' codes (no typebox: contract/ws-codes.ts). */
export { WS_ERR, type WsErrCode } from '../../contract/ws-codes.ts';
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
  /**
   * A refusal (contract/ws.ts WsErrFrame): a channel's (unknown, limit reached) or, without `ch`, the frame's
   * (bad JSON, too fast). `code` (WS_ERR) is what to act on; `msg` is for the user.
   */
  | { op: 'err'; ch?: string; code: WsErrCode; msg: string }
  /** Acknowledges `unsub`; no message on these channels follows. */
  | { op: 'unsubd'; ch: string[] };

/** Payload type per channel kind (snap, delta). */
export interface ChannelPayloads {
  tickers: { snap: Ticker[]; delta: Ticker[] };
  ticker: { snap: Ticker; delta: Ticker };
  book: { snap: Book; delta: BookDelta };
  trades: { snap: Trade[]; delta: Trade[] };
  candles: { snap: Candle[]; delta: Candle[] };
  mark: { snap: MarkQuote; delta: MarkQuote };
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
export function markChannel(sym: string): string {
  return `mark:${sym}`;
}
export function candlesChannel(sym: string, iv: Interval): string {
  return `candles:${sym}:${iv}`;
}

export type ParsedChannel =
  | { kind: 'tickers'; market: Market }
  | { kind: 'ticker' | 'book' | 'trades' | 'mark'; symbol: string }
  | { kind: 'candles'; symbol: string; interval: Interval };

/** Parses a channel name's syntax (not whether the symbol exists). null when malformed. */
export function parseChannel(ch: string): ParsedChannel | null {
  const parts = ch.split(':');
  const [kind, a, b] = parts;
  if (!a) return null;
  if (kind === 'tickers' && parts.length === 2) {
    return (MARKETS as readonly string[]).includes(a) ? { kind, market: a as Market } : null;
  }
  if ((kind === 'ticker' || kind === 'book' || kind === 'trades' || kind === 'mark') && parts.length === 2)
    return { kind, symbol: a };
  if (kind === 'candles' && parts.length === 3 && b && (INTERVALS as readonly string[]).includes(b)) {
    return { kind, symbol: a, interval: b as Interval };
  }
  return null;
}
