// Chart indicator lines over float columns, recomputed whole on each change (O(n); < 0.1 ms for the ≤ 2,000
// bars a live chart keeps). Same definitions and conventions as the worker's calc/indicators, which src/
// may not import and the bridge does not (yet) carry — see the issue note. Lines are pixels, never money.
import type { ChartLine } from '../live.ts';
import type { MainIndicator, SubIndicator } from './chart-prefs.ts';

export interface Columns {
  open: readonly number[];
  high: readonly number[];
  low: readonly number[];
  close: readonly number[];
  volume: readonly number[];
}

/** Mean of the last n values ending at each bar; NaN before the first full window. */
export function sma(src: readonly number[], n: number): number[] {
  const out = new Array<number>(src.length);
  let sum = 0;
  for (let i = 0; i < src.length; i++) {
    sum += src[i]!;
    if (i >= n) sum -= src[i - n]!;
    out[i] = i >= n - 1 ? sum / n : NaN;
  }
  return out;
}

/** EMA with α = 2/(n+1), seeded with the first value (every bar has a value). */
export function ema(src: readonly number[], n: number): number[] {
  const out = new Array<number>(src.length);
  const a = 2 / (n + 1);
  for (let i = 0; i < src.length; i++) out[i] = i === 0 ? src[0]! : a * src[i]! + (1 - a) * out[i - 1]!;
  return out;
}

/** Bollinger: SMA(n) ± k·σ (population σ over the same window). */
export function boll(close: readonly number[], n = 20, k = 2): ChartLine[] {
  const mid = sma(close, n);
  const up = new Array<number>(close.length);
  const lo = new Array<number>(close.length);
  for (let i = 0; i < close.length; i++) {
    const m = mid[i]!;
    if (Number.isNaN(m)) {
      up[i] = lo[i] = NaN;
      continue;
    }
    let ss = 0;
    for (let j = i - n + 1; j <= i; j++) ss += (close[j]! - m) ** 2;
    const sd = Math.sqrt(ss / n);
    up[i] = m + k * sd;
    lo[i] = m - k * sd;
  }
  return [
    { name: 'mid', values: mid },
    { name: 'up', values: up },
    { name: 'lo', values: lo },
  ];
}

/** MACD(12, 26, 9): DIF = EMA12 − EMA26, DEA = EMA9(DIF), bars = 2·(DIF − DEA). */
export function macd(close: readonly number[], fast = 12, slow = 26, signal = 9): ChartLine[] {
  const f = ema(close, fast);
  const s = ema(close, slow);
  const dif = f.map((v, i) => v - s[i]!);
  const dea = ema(dif, signal);
  const bars = dif.map((v, i) => 2 * (v - dea[i]!));
  return [
    { name: 'dif', values: dif },
    { name: 'dea', values: dea },
    { name: 'macd', values: bars },
  ];
}

/** RSI(n), Wilder smoothing seeded by the simple mean of the first n changes; a flat window reads 50. */
export function rsi(close: readonly number[], n = 14): number[] {
  const out = new Array<number>(close.length).fill(NaN);
  let gain = 0;
  let loss = 0;
  for (let i = 1; i < close.length; i++) {
    const d = close[i]! - close[i - 1]!;
    const g = d > 0 ? d : 0;
    const l = d < 0 ? -d : 0;
    if (i < n) {
      gain += g;
      loss += l;
      continue;
    }
    gain = i === n ? (gain + g) / n : (gain * (n - 1) + g) / n;
    loss = i === n ? (loss + l) / n : (loss * (n - 1) + l) / n;
    out[i] = gain + loss === 0 ? 50 : (100 * gain) / (gain + loss);
  }
  return out;
}

/** KDJ(9, 3, 3): RSV over the n-bar range (50 when flat), K and D smoothed from 50, J = 3K − 2D. */
export function kdj(c: Columns, n = 9, m1 = 3, m2 = 3): ChartLine[] {
  const len = c.close.length;
  const k = new Array<number>(len).fill(NaN);
  const d = new Array<number>(len).fill(NaN);
  const j = new Array<number>(len).fill(NaN);
  for (let i = n - 1; i < len; i++) {
    let hh = -Infinity;
    let ll = Infinity;
    for (let x = i - n + 1; x <= i; x++) {
      hh = Math.max(hh, c.high[x]!);
      ll = Math.min(ll, c.low[x]!);
    }
    const rsv = hh === ll ? 50 : ((c.close[i]! - ll) / (hh - ll)) * 100;
    const pk = i > n - 1 ? k[i - 1]! : 50;
    const pd = i > n - 1 ? d[i - 1]! : 50;
    k[i] = ((m1 - 1) * pk + rsv) / m1;
    d[i] = ((m2 - 1) * pd + k[i]!) / m2;
    j[i] = 3 * k[i]! - 2 * d[i]!;
  }
  return [
    { name: 'k', values: k },
    { name: 'd', values: d },
    { name: 'j', values: j },
  ];
}

export function mainLines(ind: MainIndicator, c: Columns): ChartLine[] {
  if (ind === 'BOLL') return boll(c.close);
  const f = ind === 'EMA' ? ema : sma;
  const p = ind === 'EMA' ? 'ema' : 'ma';
  return [5, 10, 20].map((n) => ({ name: `${p}${n}`, values: f(c.close, n) }));
}

export function subLines(ind: SubIndicator, c: Columns): ChartLine[] {
  if (ind === 'MACD') return macd(c.close);
  if (ind === 'RSI') return [{ name: 'rsi', values: rsi(c.close) }];
  if (ind === 'KDJ') return kdj(c);
  return [
    { name: 'vol', values: c.volume },
    { name: 'ma5', values: sma(c.volume, 5) },
    { name: 'ma10', values: sma(c.volume, 10) },
  ];
}
