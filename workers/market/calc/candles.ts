// Live candle aggregation: trades (or ticker prices) roll into the current bar of one interval, server bar
// updates replace bars by open time, and the series stays bounded so the chart redraw stays cheap.
// The series is owned, mutable worker state (copying thousands of bars per trade would cost more than the
// chart); each call reports what changed so indicators and the main thread get only that.
import type { Candle, Interval } from '../../protocol/market.ts';
import { MAX_CHART_BARS } from '../../protocol/market-api.ts';
import { barOpenTime } from './intervals.ts';
import { addDecimal, isZeroString, orderKey } from '../../../contract/money-wire.ts';

/** The protocol's shared window, so the main thread's copy keeps exactly the bars this series keeps. */
export const DEFAULT_MAX_BARS = MAX_CHART_BARS;

export interface CandleSeries {
  readonly interval: Interval;
  /** Oldest → newest, unique open times. Bars are replaced, never mutated, so a posted bar stays valid. */
  readonly bars: Candle[];
  readonly maxBars: number;
}

/**
 * What a call changed. `dropped` = bars removed from the front to keep the bound (drop as many indicator
 * outputs first); then every bar from index `from` on is new or changed (`from === bars.length`: nothing).
 * `kind` names the common cases: 'last' = only the newest bar changed, 'append' = bars were added at the end
 * (maybe after a final update of the previous newest bar), 'past' = an older bar changed.
 */
export interface CandleChange {
  kind: 'none' | 'last' | 'append' | 'past';
  from: number;
  dropped: number;
}

/** The minimal print that moves a bar: a Trade, or a Ticker's last price with q '0'. */
export interface PricePrint {
  p: string;
  q: string;
  t: number;
}

function none(series: CandleSeries): CandleChange {
  return { kind: 'none', from: series.bars.length, dropped: 0 };
}

function appended(series: CandleSeries): CandleChange {
  const dropped = trim(series);
  return { kind: 'append', from: series.bars.length - 1, dropped };
}

function byTime(bars: readonly Candle[], t: number): number {
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (bars[mid]!.t < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function trim(series: CandleSeries): number {
  const excess = series.bars.length - series.maxBars;
  if (excess <= 0) return 0;
  series.bars.splice(0, excess);
  return excess;
}

/** A series from a snapshot or history page (any order, duplicates: the later one wins). */
export function createCandleSeries(
  interval: Interval,
  candles: readonly Candle[],
  maxBars: number = DEFAULT_MAX_BARS,
): CandleSeries {
  const byT = new Map<number, Candle>();
  for (const c of candles) byT.set(c.t, c);
  const bars = [...byT.values()].sort((x, y) => x.t - y.t);
  const series = { interval, bars, maxBars };
  trim(series);
  return series;
}

/**
 * Applies one print. Inside the newest bar it updates high/low/close and adds the quantity; past the
 * newest bar it opens a new bar (no filler bars for quiet periods: the chart shows the gap). A print older
 * than the newest bar is ignored — the server's bar update for that bar is authoritative.
 */
export function applyPrint(series: CandleSeries, print: PricePrint): CandleChange {
  const open = barOpenTime(series.interval, print.t);
  const bars = series.bars;
  const last = bars[bars.length - 1];
  if (!last || open > last.t) {
    const q = isZeroString(print.q) ? '0' : print.q;
    bars.push({ t: open, o: print.p, h: print.p, l: print.p, c: print.p, v: q });
    return appended(series);
  }
  if (open < last.t) return none(series);
  const px = orderKey(print.p);
  bars[bars.length - 1] = {
    t: last.t,
    o: last.o,
    h: px > orderKey(last.h) ? print.p : last.h,
    l: px < orderKey(last.l) ? print.p : last.l,
    c: print.p,
    v: isZeroString(print.q) ? last.v : addDecimal(last.v, print.q),
  };
  return { kind: 'last', from: bars.length - 1, dropped: 0 };
}

/** Merges one server bar: the same open time replaces, a newer one appends, an older one is placed in order. */
export function mergeServerCandle(series: CandleSeries, candle: Candle): CandleChange {
  const bars = series.bars;
  const n = bars.length;
  const last = bars[n - 1];
  if (!last || candle.t > last.t) {
    bars.push(candle);
    return appended(series);
  }
  if (candle.t === last.t) {
    bars[n - 1] = candle;
    return { kind: 'last', from: n - 1, dropped: 0 };
  }
  // Older than the window we keep: dropping it keeps the bound and the live end intact.
  if (n >= series.maxBars && candle.t < bars[0]!.t) return none(series);
  const i = byTime(bars, candle.t);
  if (bars[i]?.t === candle.t) bars[i] = candle;
  else bars.splice(i, 0, candle);
  const dropped = trim(series);
  return { kind: 'past', from: Math.max(0, i - dropped), dropped };
}

/**
 * Folds a change into a pending "first changed index" (e.g. the next flush's): earlier changes slide left by
 * what this change dropped, never below 0. Start from `Infinity` (nothing pending).
 */
export function foldChangeFrom(pendingFrom: number, change: CandleChange): number {
  if (change.kind === 'none') return pendingFrom;
  return Math.min(Math.max(0, pendingFrom - change.dropped), change.from);
}

/** Merges several server bars (a candles delta: the live bar and maybe a newly opened one) as one change. */
export function mergeServerCandles(series: CandleSeries, candles: readonly Candle[]): CandleChange {
  const before = series.bars.length;
  let from = before;
  let dropped = 0;
  let past = false;
  for (const c of candles) {
    const ch = mergeServerCandle(series, c);
    if (ch.kind === 'none') continue;
    dropped += ch.dropped;
    from = foldChangeFrom(from, ch);
    if (ch.kind === 'past') past = true;
  }
  const n = series.bars.length;
  const kind = from >= n ? 'none' : past ? 'past' : n > before - dropped ? 'append' : 'last';
  return { kind, from, dropped };
}

/**
 * Prepends an older history page (paging back). The series never exceeds `maxBars`; the bars that do not
 * fit are the oldest of the page, so the live end is never lost.
 */
export function prependCandles(series: CandleSeries, older: readonly Candle[]): CandleChange {
  const first = series.bars[0];
  const room = series.maxBars - series.bars.length;
  if (room <= 0) return none(series);
  const fresh = older.filter((c) => !first || c.t < first.t);
  if (!fresh.length) return none(series);
  const sorted = createCandleSeries(series.interval, fresh, room).bars;
  series.bars.unshift(...sorted);
  return { kind: 'past', from: 0, dropped: 0 };
}
