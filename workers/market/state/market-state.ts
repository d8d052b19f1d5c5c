// The worker's per-symbol market state: every ticker of every market (for sorting), and the book, trades tape
// and candle series of the symbols the app has open. Applying a message here drops anything older than what
// the state holds (ticker time, book time, trade id, bar time), so socket, polling and resync snapshots can
// overlap without duplicate or out-of-order updates. The math is calc/'s; this file only keeps the state.
import type {
  Book,
  BookDelta,
  Candle,
  Interval,
  Market,
  MarkQuote,
  Ticker,
  Trade,
} from '../../protocol/market.ts';
import type { IndicatorName, SortDir, SortKey } from '../../protocol/market-api.ts';
import { applyBookDelta, applyBookSnapshot, emptyBook, type BookState } from '../calc/book.ts';
import {
  createCandleSeries,
  mergeServerCandles,
  type CandleChange,
  type CandleSeries,
} from '../calc/candles.ts';
import { coalesce, createFlush, mergeTicker, type Flush } from '../calc/coalesce.ts';
import { applyTicker, type TickerInput } from '../calc/ticker-state.ts';
import { createTradeRing, newestTradeId, pushTrades, type TradeRing } from '../calc/trades-ring.ts';
import {
  attachIndicator,
  createChartIndicators,
  detachIndicator,
  seriesChanged,
  seriesReplaced,
  type ChartIndicators,
} from './candle-indicators.ts';

export const TRADE_RING_SIZE = 200;

export interface BookEntry {
  state: BookState;
  /** The state last posted (identity: calc/book is copy-on-write). */
  sent: BookState | null;
}

export interface TradesEntry {
  ring: TradeRing;
  /** Newest id posted; -1 = nothing yet. */
  sentId: number;
  reset: boolean;
  dirty: boolean;
}

export interface CandlesEntry {
  symbol: string;
  interval: Interval;
  series: CandleSeries | null;
  /** Bars from this index on changed since the last post; Infinity = nothing. */
  from: number;
  reset: boolean;
  error: string | null;
  /** The chart's main and sub indicator lines over `series`. */
  chart: ChartIndicators;
}

export interface SortEntry {
  market: Market;
  key: SortKey;
  dir: SortDir;
  sent: string[] | undefined;
}

export class MarketState {
  readonly tickers = new Map<string, Ticker>();
  readonly marketOf = new Map<string, Market>();
  readonly symbolsOf: Record<Market, Set<string>> = { psx: new Set(), index: new Set(), crypto: new Set() };
  /** Markets with a ticker change since the last sort pass. */
  readonly dirtyMarkets = new Set<Market>();
  /** Symbols the app shows (reference counts) and their tickers waiting for the next flush. */
  readonly visible = new Map<string, number>();
  readonly pending: Flush<Ticker> = createFlush();
  /** Symbols the worker draws itself (painted row cells: cell-painter.ts) and their tickers for its next flush. */
  readonly painted = new Set<string>();
  readonly paintPending: Flush<Ticker> = createFlush();
  readonly books = new Map<string, BookEntry>();
  /** The server's mark of each perpetual whose `mark:<SYM>` channel is held (the contracts feed values at it). */
  readonly marks = new Map<string, MarkQuote>();
  readonly trades = new Map<string, TradesEntry>();
  /** Key `SYM:interval`. */
  readonly candles = new Map<string, CandlesEntry>();
  /** Key `SYM:interval`: the indicators the app draws on that series (kept while the series is closed too,
   *  so the order in which the chart's interest keys arrive does not matter). */
  readonly indicatorsOn = new Map<string, Set<IndicatorName>>();
  readonly sorts = new Map<string, SortEntry>();
  lastUpdate: number | null = null;

  constructor(private readonly now: () => number) {}

  touched(): void {
    this.lastUpdate = this.now();
  }

  /** Applies tickers of one market; returns how many moved the state. */
  applyTickers(market: Market, list: readonly TickerInput[]): number {
    let n = 0;
    for (const raw of list) if (this.applyOne(market, raw)) n++;
    if (list.length) this.touched();
    return n;
  }

  private applyOne(market: Market, raw: TickerInput): boolean {
    const prev = this.tickers.get(raw.s);
    const next = applyTicker(prev, raw);
    if (next === prev) return false;
    // Same time and same content: the socket's snap after a poll of the same instant, not a new tick.
    if (prev && next.t === prev.t && next.p === prev.p && next.v === prev.v && next.st === prev.st)
      return false;
    this.tickers.set(next.s, next);
    if (!prev) {
      this.marketOf.set(next.s, market);
      this.symbolsOf[market].add(next.s);
    }
    this.dirtyMarkets.add(market);
    if (this.visible.has(next.s)) coalesce(this.pending, next.s, next, mergeTicker);
    if (this.painted.has(next.s)) coalesce(this.paintPending, next.s, next, mergeTicker);
    return true;
  }

  /** The market a symbol trades in: as seen on a tickers channel, else guessed from the quote. */
  market(symbol: string): Market {
    return this.marketOf.get(symbol) ?? (symbol.endsWith('USDT') ? 'crypto' : 'psx');
  }

  // ---- interest ----

  /** Counts one more viewer; true on 0 → 1. */
  show(symbol: string): boolean {
    const n = (this.visible.get(symbol) ?? 0) + 1;
    this.visible.set(symbol, n);
    if (n === 1) this.queueTicker(symbol);
    return n === 1;
  }

  hide(symbol: string): boolean {
    const n = (this.visible.get(symbol) ?? 0) - 1;
    if (n > 0) {
      this.visible.set(symbol, n);
      return false;
    }
    this.visible.delete(symbol);
    this.pending.delete(symbol);
    return true;
  }

  /** Starts or stops collecting a painted symbol's tickers (the painter counts its cells). */
  setPainted(symbol: string, on: boolean): void {
    if (on) this.painted.add(symbol);
    else {
      this.painted.delete(symbol);
      this.paintPending.delete(symbol);
    }
  }

  queueTicker(symbol: string): void {
    const t = this.tickers.get(symbol);
    if (t) coalesce(this.pending, symbol, t, mergeTicker);
  }

  // ---- books ----

  openBook(symbol: string): void {
    if (this.books.has(symbol)) return;
    const empty = emptyBook(symbol);
    this.books.set(symbol, { state: empty, sent: empty });
  }

  /** A socket snap (with its seq) or a polled book (seq -1: deltas wait for the socket's snap). */
  applyBookSnap(book: Book, seq: number): void {
    const e = this.books.get(book.s);
    if (!e) return;
    if (seq < 0 && book.t < e.state.ts) return; // a late poll answer
    e.state = applyBookSnapshot(book, seq);
    this.touched();
  }

  /**
   * false on a gap (the caller resubscribes). An empty delta (the symbol moved, its book did not: the server
   * sends one so the channel's seq stays consecutive) only advances the seq: nothing new to post.
   */
  applyBookDelta(symbol: string, delta: BookDelta, seq: number): boolean {
    const e = this.books.get(symbol);
    if (!e) return true;
    const r = applyBookDelta(e.state, delta, seq);
    const unchanged = delta.b.length === 0 && delta.a.length === 0;
    if (unchanged && !r.gap && e.sent === e.state) e.sent = r.state;
    e.state = r.state;
    if (!r.gap) this.touched();
    return !r.gap;
  }

  // ---- trades ----

  openTrades(symbol: string): void {
    if (!this.trades.has(symbol)) {
      this.trades.set(symbol, {
        ring: createTradeRing(TRADE_RING_SIZE),
        sentId: -1,
        reset: true,
        dirty: false,
      });
    }
  }

  /**
   * A snapshot (socket snap or polled page): merged by id when it continues the tape, otherwise (a hole
   * after a drop or a hidden page) the tape restarts from it rather than show a silent gap.
   */
  applyTradesSnap(symbol: string, trades: readonly Trade[]): void {
    const e = this.trades.get(symbol);
    if (!e) return;
    const newest = newestTradeId(e.ring);
    let oldest = Infinity;
    for (const t of trades) if (t.i < oldest) oldest = t.i;
    if (newest >= 0 && trades.length && oldest > newest + 1) {
      e.ring = createTradeRing(TRADE_RING_SIZE);
      e.reset = true;
    }
    if (pushTrades(e.ring, trades) || e.reset) e.dirty = true;
    this.touched();
  }

  applyTradesDelta(symbol: string, trades: readonly Trade[]): void {
    const e = this.trades.get(symbol);
    if (!e) return;
    if (pushTrades(e.ring, trades)) e.dirty = true;
    this.touched();
  }

  // ---- candles ----

  openCandles(symbol: string, interval: Interval): CandlesEntry {
    const key = `${symbol}:${interval}`;
    let e = this.candles.get(key);
    if (!e) {
      const chart = createChartIndicators(this.indicatorsOn.get(key));
      e = { symbol, interval, series: null, from: Infinity, reset: false, error: null, chart };
      this.candles.set(key, e);
    }
    return e;
  }

  /** REST history: merged by bar time, held bars winning (the socket's live bar is fresher than the page). */
  applyCandleHistory(e: CandlesEntry, bars: readonly Candle[]): void {
    const held = e.series?.bars ?? [];
    e.series = createCandleSeries(e.interval, [...bars, ...held], e.series?.maxBars);
    e.reset = true;
    e.error = null;
    seriesReplaced(e.chart, e.series);
  }

  /** Socket snap: merged by bar time (the snap's bars win over held ones), then posted whole. */
  applyCandleSnap(symbol: string, interval: Interval, bars: readonly Candle[]): void {
    const e = this.candles.get(`${symbol}:${interval}`);
    if (!e) return;
    const held = e.series?.bars ?? [];
    e.series = createCandleSeries(interval, [...held, ...bars], e.series?.maxBars);
    e.reset = true;
    e.error = null;
    seriesReplaced(e.chart, e.series);
    this.touched();
  }

  /**
   * Live bars (socket delta or polled newest bars). Before any history arrives they start the series. An
   * empty delta (the symbol moved, no bar of this interval changed) changes nothing.
   */
  applyCandleBars(symbol: string, interval: Interval, bars: readonly Candle[]): void {
    const e = this.candles.get(`${symbol}:${interval}`);
    if (!e) return;
    if (bars.length === 0) return this.touched();
    if (!e.series) {
      this.applyCandleSnap(symbol, interval, bars);
      return;
    }
    this.noteChange(e, mergeServerCandles(e.series, bars));
    this.touched();
  }

  noteChange(e: CandlesEntry, ch: CandleChange): void {
    if (ch.kind === 'none') return;
    if (ch.kind === 'past') e.reset = true;
    else e.from = Math.min(e.from - ch.dropped, ch.from);
    if (e.series) seriesChanged(e.chart, e.series, ch);
  }

  // ---- chart indicators ----

  addIndicator(symbol: string, interval: Interval, name: IndicatorName): void {
    const key = `${symbol}:${interval}`;
    let on = this.indicatorsOn.get(key);
    if (!on) this.indicatorsOn.set(key, (on = new Set()));
    on.add(name);
    const e = this.candles.get(key);
    if (e) attachIndicator(e.chart, name);
  }

  removeIndicator(symbol: string, interval: Interval, name: IndicatorName): void {
    const key = `${symbol}:${interval}`;
    const on = this.indicatorsOn.get(key);
    on?.delete(name);
    if (on && !on.size) this.indicatorsOn.delete(key);
    const e = this.candles.get(key);
    if (e) detachIndicator(e.chart, name);
  }
}
