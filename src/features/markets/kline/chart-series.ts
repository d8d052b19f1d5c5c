// Pure conversion of chart bars and the worker's indicator lines into lightweight-charts series data
// (testable without a canvas): candles, coloured volume/MACD histograms, and indicator lines with warm-up
// (NaN) bars left as whitespace. No indicator is computed here.
import type {
  CandlestickData,
  HistogramData,
  LineData,
  UTCTimestamp,
  WhitespaceData,
} from 'lightweight-charts';
import type { ChartBar, IndicatorView } from '../../../market/hooks.ts';

export interface ChartColors {
  up: string;
  down: string;
  upSoft: string;
  downSoft: string;
  text: string;
  grid: string;
  bg: string;
  lines: readonly string[];
}

export type LinePoint = LineData<UTCTimestamp> | WhitespaceData<UTCTimestamp>;
export type HistPoint = HistogramData<UTCTimestamp> | WhitespaceData<UTCTimestamp>;

/** Histogram-drawn lines: the sub chart's volume bars and the MACD bars. */
export function isHistogramLine(name: string): boolean {
  return name === 'vol' || name === 'macd';
}

/** The colour of line `k` of a pane: histograms are coloured per bar, the other lines take turns. */
export function lineColor(
  lines: readonly string[],
  k: number,
  palette: readonly string[],
): string | undefined {
  if (isHistogramLine(lines[k] ?? '')) return undefined;
  let n = 0;
  for (let j = 0; j < k; j++) if (!isHistogramLine(lines[j]!)) n++;
  return palette[n % palette.length];
}

/** The chart's time axis reads UTC; shifting by Pakistan's fixed +05:00 shows PKT like the rest of the app. */
export const PKT_SHIFT_S = 5 * 3600;

function ts(time: number): UTCTimestamp {
  return (time + PKT_SHIFT_S) as UTCTimestamp;
}

export function candleAt(b: ChartBar): CandlestickData<UTCTimestamp> {
  return { time: ts(b.time), open: b.open, high: b.high, low: b.low, close: b.close };
}

export function candles(bars: readonly ChartBar[]): CandlestickData<UTCTimestamp>[] {
  return bars.map(candleAt);
}

/** Point i of line k; a warm-up (NaN) value is whitespace so the line starts where it is defined. */
export function lineAt(view: IndicatorView, k: number, i: number): LinePoint {
  const v = view.values[k]?.[i];
  const time = ts(view.time[i]!);
  return v === undefined || Number.isNaN(v) ? { time } : { time, value: v };
}

export function histAt(view: IndicatorView, k: number, i: number, c: ChartColors): HistPoint {
  const v = view.values[k]?.[i];
  const time = ts(view.time[i]!);
  if (v === undefined || Number.isNaN(v)) return { time };
  // Volume bars take their candle's direction (the worker's up flag); MACD bars their own sign.
  const up = view.lines[k] === 'vol' ? view.up[i] === 1 : v >= 0;
  return { time, value: v, color: up ? c.upSoft : c.downSoft };
}

export function lineSeries(view: IndicatorView, k: number): LinePoint[] {
  const out = new Array<LinePoint>(view.time.length);
  for (let i = 0; i < view.time.length; i++) out[i] = lineAt(view, k, i);
  return out;
}

export function histSeries(view: IndicatorView, k: number, c: ChartColors): HistPoint[] {
  const out = new Array<HistPoint>(view.time.length);
  for (let i = 0; i < view.time.length; i++) out[i] = histAt(view, k, i, c);
  return out;
}

/** Line k at bar time `time` (seconds), NaN when the line has no such bar (yet). Binary search. */
export function valueAtTime(view: IndicatorView, k: number, time: number): number {
  const t = view.time;
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (t[mid]! < time) lo = mid + 1;
    else hi = mid;
  }
  return t[lo] === time ? (view.values[k]?.[lo] ?? NaN) : NaN;
}

/** Reads the theme from CSS custom properties so the chart matches the app (fallbacks for tests). */
export function themeColors(
  el: Element | null = typeof document === 'undefined' ? null : document.documentElement,
): ChartColors {
  const css = el ? getComputedStyle(el) : null;
  const v = (name: string, fallback: string) => css?.getPropertyValue(name).trim() || fallback;
  return {
    up: v('--up', '#16c784'),
    down: v('--down', '#f6465d'),
    upSoft: 'rgba(22, 199, 132, 0.55)',
    downSoft: 'rgba(246, 70, 93, 0.55)',
    text: v('--text-2', '#a7b2cc'),
    grid: 'rgba(255, 255, 255, 0.05)',
    bg: v('--bg', '#070d1f'),
    lines: ['#f5b53d', '#c77dff', '#36c5f0', '#ff7ab6'],
  };
}

/** How many bars now sit before the bar that used to be first (an older page was prepended). */
export function prependedCount(bars: readonly ChartBar[], oldFirst: number): number {
  let i = 0;
  while (i < bars.length && bars[i]!.time < oldFirst) i++;
  return i;
}

/**
 * How many of `items` (oldest first) lie before time `t`: with the bars a chart showed before and the first
 * bar it holds now, the bars trimmed off the front. Binary search.
 */
export function countBefore<T>(items: readonly T[], timeOf: (x: T) => number, t: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (timeOf(items[mid]!) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface BarRange {
  from: number;
  to: number;
}

/**
 * The visible logical range after `trimmed` bars left the front while the series went from `oldLen` to
 * `newLen` bars. Every logical index moved left by `trimmed`, so shifting by as much keeps the same bars on
 * screen; a view that showed the newest bar keeps following the live end, as lightweight-charts does for a
 * bar appended without a trim.
 */
export function rangeAfterTrim(keep: BarRange, oldLen: number, newLen: number, trimmed: number): BarRange {
  const followsLive = keep.to >= oldLen - 1;
  const appended = newLen - (oldLen - trimmed);
  const shift = -trimmed + (followsLive ? appended : 0);
  return { from: keep.from + shift, to: keep.to + shift };
}
