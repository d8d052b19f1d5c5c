// Incremental chart indicators over numeric OHLCV columns. Floats on purpose: these are chart lines (drawn
// as pixels), never displayed money, so exact decimals would cost time and buy nothing.
//
// Each indicator is a `step` that fills index i from columns 0..i and outputs 0..i-1. That one rule gives
// the full computation (step every bar), updateLast (re-step the last bar) and append (step new bars) with
// identical results, so a live chart never drifts from a recomputed one.
import type { Candle } from '../../../protocol/market.ts';

export interface OhlcvColumns {
  /** Bar open time, ms. */
  readonly time: number[];
  readonly open: number[];
  readonly high: number[];
  readonly low: number[];
  readonly close: number[];
  readonly volume: number[];
}

export interface IndicatorDef {
  readonly name: string;
  /** Output line names (index k ↔ state.lines[k]); NaN marks a bar still in warm-up. */
  readonly lineNames: readonly string[];
  /** How many internal per-bar arrays `step` uses (EMA values, Wilder averages…). */
  readonly workCount: number;
  step(state: IndicatorState, cols: OhlcvColumns, i: number): void;
}

export interface IndicatorState {
  readonly def: IndicatorDef;
  readonly lines: number[][];
  readonly work: number[][];
}

/** The change descriptor of candles.ts (structurally): drop `dropped` from the front, recompute from `from`. */
export interface SeriesChange {
  from: number;
  dropped: number;
}

export function emptyColumns(): OhlcvColumns {
  return { time: [], open: [], high: [], low: [], close: [], volume: [] };
}

/** Keeps numeric columns in step with a candle series after a change (see CandleChange). */
export function syncColumns(cols: OhlcvColumns, bars: readonly Candle[], change: SeriesChange): void {
  const all = [cols.time, cols.open, cols.high, cols.low, cols.close, cols.volume];
  for (const a of all) {
    if (change.dropped) a.splice(0, change.dropped);
    a.length = Math.min(a.length, change.from);
  }
  for (let i = cols.time.length; i < bars.length; i++) {
    const b = bars[i]!;
    cols.time.push(b.t);
    cols.open.push(+b.o);
    cols.high.push(+b.h);
    cols.low.push(+b.l);
    cols.close.push(+b.c);
    cols.volume.push(+b.v);
  }
}

export function candlesToColumns(bars: readonly Candle[]): OhlcvColumns {
  const cols = emptyColumns();
  syncColumns(cols, bars, { from: 0, dropped: 0 });
  return cols;
}

function arrays(state: IndicatorState): number[][] {
  return [...state.lines, ...state.work];
}

/** Recomputes bars from index `from` to the end of `cols` (everything before stays). */
export function syncFrom(state: IndicatorState, cols: OhlcvColumns, from: number): void {
  for (const a of arrays(state)) if (a.length > from) a.length = from;
  const start = state.lines[0]?.length ?? 0;
  for (let i = start; i < cols.close.length; i++) state.def.step(state, cols, i);
}

/** Full computation over the series. */
export function computeIndicator(def: IndicatorDef, cols: OhlcvColumns): IndicatorState {
  const state: IndicatorState = {
    def,
    lines: def.lineNames.map(() => []),
    work: Array.from({ length: def.workCount }, () => []),
  };
  syncFrom(state, cols, 0);
  return state;
}

/** The newest bar changed: O(1) (or O(period) for windowed indicators), not O(series). */
export function updateLast(state: IndicatorState, cols: OhlcvColumns): void {
  syncFrom(state, cols, cols.close.length - 1);
}

/** Bars were added at the end: computes only those. */
export function appendBars(state: IndicatorState, cols: OhlcvColumns): void {
  syncFrom(state, cols, state.lines[0]?.length ?? 0);
}

/** Follows a candle series change: drop from the front, then recompute from `from`. */
export function applySeriesChange(state: IndicatorState, cols: OhlcvColumns, change: SeriesChange): void {
  if (change.dropped) for (const a of arrays(state)) a.splice(0, change.dropped);
  syncFrom(state, cols, change.from);
}

/** Value of line `k` at bar `i` (NaN when absent or in warm-up). */
export function lineAt(state: IndicatorState, k: number, i: number): number {
  return state.lines[k]?.[i] ?? NaN;
}

// ---- Shared step helpers ----

/** Mean of src[i-n+1..i], NaN until n values exist. */
export function windowMean(src: readonly number[], i: number, n: number): number {
  if (i < n - 1) return NaN;
  let sum = 0;
  for (let j = i - n + 1; j <= i; j++) sum += src[j]!;
  return sum / n;
}

/** EMA with α = 2/(n+1), seeded with the first value (the convention of the common Chinese charting apps). */
export function emaNext(prev: number | undefined, x: number, n: number): number {
  if (prev === undefined || Number.isNaN(prev)) return x;
  const a = 2 / (n + 1);
  return a * x + (1 - a) * prev;
}
