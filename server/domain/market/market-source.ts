// What the app needs from a market feed. The simulator implements it today; a real PSX / crypto exchange
// adapter can replace it without touching the routes or the WebSocket hub. Everything but candle pages is
// answered from memory, synchronously: the trading engine and the hub call it on every step.

import type {
  Book,
  BookDelta,
  Candle,
  Instrument,
  Interval,
  Market,
  SessionState,
  StockInfo,
  Ticker,
  Trade,
} from '../../../workers/protocol/market.ts';

export interface CandleRange {
  /** inclusive bar open time bounds (ms) */
  from?: number;
  to?: number;
  /** newest N bars (at most MAX_CANDLES) */
  limit?: number;
}

/** Everything that changed for one symbol in one feed step. Book and candle payloads are built on demand. */
export interface SymbolUpdate {
  symbol: string;
  market: Market;
  ticker: Ticker;
  /** new prints, oldest first (empty for indices) */
  trades: Trade[];
  /** changed book levels since the previous update (null when the book did not change) */
  bookDelta(): BookDelta | null;
  /** the bars of `iv` that changed: the live bar, preceded by the final state of the bar it replaced if one closed */
  candles(iv: Interval): Candle[];
}

export interface MarketTick {
  ts: number;
  updates: SymbolUpdate[];
}

export type MarketListener = (tick: MarketTick) => void;

export interface MarketSource {
  now(): number;
  instruments(market?: Market): readonly Instrument[];
  instrument(symbol: string): Instrument | undefined;
  session(market: Market, ts?: number): SessionState;
  ticker(symbol: string): Ticker | undefined;
  tickers(market: Market): Ticker[];
  /** depth levels per side (≤ MAX_BOOK_DEPTH); indices have empty books */
  book(symbol: string, depth?: number): Book | undefined;
  /** newest `limit` prints, oldest first */
  trades(symbol: string, limit?: number): Trade[];
  /** oldest → newest, including the live bar (stored bars are read from the database) */
  candles(symbol: string, iv: Interval, range: CandleRange): Promise<Candle[]>;
  info(symbol: string): StockInfo | undefined;
  /** Calls `listener` after every feed step; returns the unsubscribe function. */
  subscribe(listener: MarketListener): () => void;
}
