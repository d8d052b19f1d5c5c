// Pure conversion of numeric chart columns into lightweight-charts series data (testable without a canvas):
// candles, coloured volume/MACD histograms, and indicator lines with warm-up (NaN) bars left as whitespace.
import type {
  CandlestickData,
  HistogramData,
  LineData,
  UTCTimestamp,
  WhitespaceData,
} from 'lightweight-charts';
import type { ChartLine } from '../live.ts';
import type { ChartData } from './use-chart-data.ts';

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

/** Histogram-drawn lines: the sub chart's volume bars and the MACD bars. */
export function isHistogramLine(name: string): boolean {
  return name === 'vol' || name === 'macd';
}

/** The chart's time axis reads UTC; shifting by Pakistan's fixed +05:00 shows PKT like the rest of the app. */
export const PKT_SHIFT_S = 5 * 3600;

function ts(data: ChartData, i: number): UTCTimestamp {
  return (data.time[i]! + PKT_SHIFT_S) as UTCTimestamp;
}

export function candleAt(data: ChartData, i: number): CandlestickData<UTCTimestamp> {
  return {
    time: ts(data, i),
    open: data.open[i]!,
    high: data.high[i]!,
    low: data.low[i]!,
    close: data.close[i]!,
  };
}

export function lineAt(
  data: ChartData,
  line: ChartLine,
  i: number,
): LineData<UTCTimestamp> | WhitespaceData<UTCTimestamp> {
  const v = line.values[i];
  return v === undefined || Number.isNaN(v) ? { time: ts(data, i) } : { time: ts(data, i), value: v };
}

export function histAt(
  data: ChartData,
  line: ChartLine,
  i: number,
  c: ChartColors,
): HistogramData<UTCTimestamp> | WhitespaceData<UTCTimestamp> {
  const v = line.values[i];
  if (v === undefined || Number.isNaN(v)) return { time: ts(data, i) };
  // Volume bars take the candle's direction; MACD bars their own sign.
  const up = line.name === 'vol' ? data.close[i]! >= data.open[i]! : v >= 0;
  return { time: ts(data, i), value: v, color: up ? c.upSoft : c.downSoft };
}

export function candles(data: ChartData): CandlestickData<UTCTimestamp>[] {
  const out: CandlestickData<UTCTimestamp>[] = new Array(data.time.length);
  for (let i = 0; i < data.time.length; i++) out[i] = candleAt(data, i);
  return out;
}

export function lineSeries(data: ChartData, line: ChartLine) {
  const out = new Array<LineData<UTCTimestamp> | WhitespaceData<UTCTimestamp>>(data.time.length);
  for (let i = 0; i < data.time.length; i++) out[i] = lineAt(data, line, i);
  return out;
}

export function histSeries(data: ChartData, line: ChartLine, c: ChartColors) {
  const out = new Array<HistogramData<UTCTimestamp> | WhitespaceData<UTCTimestamp>>(data.time.length);
  for (let i = 0; i < data.time.length; i++) out[i] = histAt(data, line, i, c);
  return out;
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
export function prependedCount(time: readonly number[], oldFirst: number): number {
  let i = 0;
  while (i < time.length && time[i]! < oldFirst) i++;
  return i;
}
