// Turns what changed in the state since the last post into compact batch sections: tickers of visible symbols
// as one Float64Array + changed display strings, book tops, new prints, changed candle tails as Float64Arrays,
// and sorted orders that moved. Each drain leaves the state "all sent".
import type { Candle } from '../../protocol/market.ts';
import {
  CANDLE_STRIDE,
  CB_CLOSE,
  CB_HIGH,
  CB_LOW,
  CB_OPEN,
  CB_TIME,
  CB_VOLUME,
  IP_LINES,
  IP_TIME,
  IP_UP,
  type BookView,
  type CandlesUpdate,
  type IndicatorUpdate,
  type MarketFeedBatch,
  type SortedUpdate,
  type TradesUpdate,
} from '../../protocol/market-api.ts';
import { packTickers, type TickerBatch, type TickerPacker } from '../../protocol/ticker-batch.ts';
import { bookTop, depthTotals } from '../calc/book.ts';
import { drainFlush } from '../calc/coalesce.ts';
import type { IndicatorState, OhlcvColumns } from '../calc/indicators/core.ts';
import { iterateNewestFirst, newestTradeId, tradesNewestFirst } from '../calc/trades-ring.ts';
import { tickerDisplay } from '../display.ts';
import type { MarketState } from './market-state.ts';
import { sameOrder, sortSymbols } from './sort.ts';

/** Levels per side posted to the app (the depth view; the worker keeps 50). */
export const BOOK_VIEW_DEPTH = 20;
/** Prints posted on a tape reset. */
export const TAPE_LENGTH = 50;

export function drainTickers(state: MarketState, packer: TickerPacker): TickerBatch | null {
  if (!state.pending.size) return null;
  return packTickers(packer, drainFlush(state.pending), tickerDisplay);
}

export function drainBooks(state: MarketState): BookView[] {
  const out: BookView[] = [];
  for (const e of state.books.values()) {
    if (e.state === e.sent || e.state.seq === -1) continue;
    e.sent = e.state;
    const top = bookTop(e.state, BOOK_VIEW_DEPTH);
    out.push({
      symbol: e.state.symbol,
      bids: top.b,
      asks: top.a,
      bidTotals: depthTotals(e.state.bids, BOOK_VIEW_DEPTH),
      askTotals: depthTotals(e.state.asks, BOOK_VIEW_DEPTH),
      ts: e.state.ts,
    });
  }
  return out;
}

export function drainTrades(state: MarketState): TradesUpdate[] {
  const out: TradesUpdate[] = [];
  for (const [symbol, e] of state.trades) {
    if (!e.dirty && !e.reset) continue;
    if (e.reset) {
      out.push({ symbol, reset: true, trades: tradesNewestFirst(e.ring, TAPE_LENGTH) });
    } else {
      const fresh = [];
      for (const t of iterateNewestFirst(e.ring)) {
        if (t.i <= e.sentId || fresh.length >= TAPE_LENGTH) break;
        fresh.push(t);
      }
      if (fresh.length) out.push({ symbol, reset: false, trades: fresh });
    }
    e.sentId = newestTradeId(e.ring);
    e.reset = false;
    e.dirty = false;
  }
  return out;
}

/** Bars as float rows, time in seconds (lightweight-charts' UTCTimestamp). Plotting only, never money. */
export function packBars(bars: readonly Candle[], from = 0): Float64Array {
  const n = Math.max(0, bars.length - from);
  const out = new Float64Array(n * CANDLE_STRIDE);
  for (let k = 0; k < n; k++) {
    const b = bars[from + k]!;
    const o = k * CANDLE_STRIDE;
    out[o + CB_TIME] = b.t / 1000;
    out[o + CB_OPEN] = +b.o;
    out[o + CB_HIGH] = +b.h;
    out[o + CB_LOW] = +b.l;
    out[o + CB_CLOSE] = +b.c;
    out[o + CB_VOLUME] = +b.v;
  }
  return out;
}

export function drainCandles(state: MarketState): CandlesUpdate[] {
  const out: CandlesUpdate[] = [];
  for (const e of state.candles.values()) {
    const base = { symbol: e.symbol, interval: e.interval };
    if (e.error !== null) {
      out.push({ ...base, reset: true, bars: new Float64Array(0), error: e.error });
      e.error = null;
      continue;
    }
    if (!e.series || (!e.reset && e.from >= e.series.bars.length)) continue;
    const bars = e.series.bars;
    out.push({ ...base, reset: e.reset, bars: packBars(bars, e.reset ? 0 : Math.max(0, e.from)) });
    e.reset = false;
    e.from = Infinity;
  }
  return out;
}

/** Indicator lines from bar `from` on as float rows (see IP_*): time in seconds, up flag, one value per line. */
export function packIndicator(st: IndicatorState, cols: OhlcvColumns, from = 0): Float64Array {
  const lines = st.lines;
  const stride = IP_LINES + lines.length;
  const n = Math.max(0, cols.time.length - from);
  const out = new Float64Array(n * stride);
  for (let k = 0; k < n; k++) {
    const i = from + k;
    const o = k * stride;
    out[o + IP_TIME] = cols.time[i]! / 1000;
    out[o + IP_UP] = cols.close[i]! >= cols.open[i]! ? 1 : 0;
    for (let j = 0; j < lines.length; j++) out[o + IP_LINES + j] = lines[j]![i] ?? NaN;
  }
  return out;
}

/** The chart indicators that changed since the last post (every point on a reset, else the changed tail). */
export function drainIndicators(state: MarketState): IndicatorUpdate[] {
  const out: IndicatorUpdate[] = [];
  for (const e of state.candles.values()) {
    if (!e.series) continue;
    const cols = e.chart.cols;
    for (const [name, ind] of e.chart.indicators) {
      if (!ind.reset && ind.from >= cols.time.length) continue;
      const from = ind.reset ? 0 : ind.from;
      out.push({
        symbol: e.symbol,
        interval: e.interval,
        name,
        lines: [...ind.state.def.lineNames],
        reset: ind.reset,
        points: packIndicator(ind.state, cols, from),
      });
      ind.reset = false;
      ind.from = Infinity;
    }
  }
  return out;
}

/** Recomputes the orders whose market moved (or never sent); returns the ones that changed. */
export function drainSorted(state: MarketState): SortedUpdate[] {
  const out: SortedUpdate[] = [];
  for (const s of state.sorts.values()) {
    if (s.sent && !state.dirtyMarkets.has(s.market)) continue;
    const symbols = sortSymbols(state.tickers, state.symbolsOf[s.market], s.key, s.dir);
    if (sameOrder(s.sent, symbols)) continue;
    s.sent = symbols;
    out.push({ key: `${s.market}:${s.key}:${s.dir}`, symbols });
  }
  state.dirtyMarkets.clear();
  return out;
}

/** The buffers a batch can hand over instead of copying. */
export function batchTransfers(batch: MarketFeedBatch): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  if (batch.tickers) out.push(batch.tickers.data.buffer as ArrayBuffer);
  for (const b of batch.books ?? [])
    out.push(b.bidTotals.buffer as ArrayBuffer, b.askTotals.buffer as ArrayBuffer);
  for (const c of batch.candles ?? []) out.push(c.bars.buffer as ArrayBuffer);
  for (const i of batch.indicators ?? []) out.push(i.points.buffer as ArrayBuffer);
  return out;
}
