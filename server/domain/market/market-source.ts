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
  ParsedChannel,
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

/**
 * Everything that changed for one symbol in one feed step. Book and candle payloads are built on demand. An
 * update is one delta on each of the symbol's channels (ticker, trades, book, candles of every interval), even
 * an empty one, so each channel's seq stays consecutive.
 */
export interface SymbolUpdate {
  symbol: string;
  market: Market;
  /** the symbol's update counter after this update: the seq of this delta on each of its channels */
  seq: number;
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
  /** for each market with updates in this tick, its counter after it: the seq of this `tickers:<market>` delta */
  marketSeq: Partial<Record<Market, number>>;
  /**
   * The source's state was replaced (a replica loaded a fresh snapshot): counters may have jumped or gone
   * back, so every subscriber needs a fresh snapshot of each of its channels.
   */
  resync?: true;
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
  /**
   * The channel's current sequence number: that of its last delta (0 before any). The same on every node that
   * follows the same market, so a snapshot's seq is comparable whatever node serves it.
   */
  channelSeq(ch: ParsedChannel): number;
  /** Calls `listener` after every feed step; returns the unsubscribe function. */
  subscribe(listener: MarketListener): () => void;
}
