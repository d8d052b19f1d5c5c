// Sub-chart oscillators (MACD, RSI, KDJ) as incremental step definitions; conventions documented per def.
import type { IndicatorDef } from './core.ts';
import { emaNext } from './core.ts';

/**
 * MACD(fast, slow, signal): DIF = EMA(fast) − EMA(slow), DEA = EMA(signal) of DIF, histogram
 * MACD = 2·(DIF − DEA) — the factor 2 is the convention of the Chinese-style apps this UI follows.
 * EMAs are seeded with the first value, so every bar has a value. Lines 'dif', 'dea', 'macd'.
 */
export function macdDef(fast = 12, slow = 26, signal = 9): IndicatorDef {
  return {
    name: 'MACD',
    lineNames: ['dif', 'dea', 'macd'],
    workCount: 2, // EMA(fast), EMA(slow)
    step(st, cols, i) {
      const [fastEma, slowEma] = st.work as [number[], number[]];
      const [dif, dea, hist] = st.lines as [number[], number[], number[]];
      const c = cols.close[i]!;
      fastEma[i] = emaNext(i ? fastEma[i - 1] : undefined, c, fast);
      slowEma[i] = emaNext(i ? slowEma[i - 1] : undefined, c, slow);
      dif[i] = fastEma[i]! - slowEma[i]!;
      dea[i] = emaNext(i ? dea[i - 1] : undefined, dif[i]!, signal);
      hist[i] = 2 * (dif[i]! - dea[i]!);
    },
  };
}

/**
 * RSI(n) with Wilder's smoothing seeded by the simple mean of the first n changes (first value at bar n):
 * avg = (prev·(n−1) + x)/n; RSI = 100·avgGain/(avgGain + avgLoss); a flat window reads 50. Line 'rsi'.
 */
export function rsiDef(n = 14): IndicatorDef {
  return {
    name: 'RSI',
    lineNames: ['rsi'],
    workCount: 2, // up to bar n: running sums of gains/losses; from bar n: Wilder averages
    step(st, cols, i) {
      const [gain, loss] = st.work as [number[], number[]];
      const rsi = st.lines[0]!;
      if (i === 0) {
        gain[0] = 0;
        loss[0] = 0;
        rsi[0] = NaN;
        return;
      }
      const d = cols.close[i]! - cols.close[i - 1]!;
      const g = d > 0 ? d : 0;
      const l = d < 0 ? -d : 0;
      if (i < n) {
        gain[i] = gain[i - 1]! + g;
        loss[i] = loss[i - 1]! + l;
        rsi[i] = NaN;
        return;
      }
      gain[i] = i === n ? (gain[i - 1]! + g) / n : (gain[i - 1]! * (n - 1) + g) / n;
      loss[i] = i === n ? (loss[i - 1]! + l) / n : (loss[i - 1]! * (n - 1) + l) / n;
      const sum = gain[i]! + loss[i]!;
      rsi[i] = sum === 0 ? 50 : (100 * gain[i]!) / sum;
    },
  };
}

/**
 * KDJ(n, m1, m2): RSV = (C − LLV(L, n)) / (HHV(H, n) − LLV(L, n))·100 (50 when the range is flat);
 * K = ((m1−1)·K' + RSV)/m1, D = ((m2−1)·D' + K)/m2 with K' = D' = 50 before the first full window;
 * J = 3K − 2D. NaN before bar n−1. Lines 'k', 'd', 'j'.
 */
export function kdjDef(n = 9, m1 = 3, m2 = 3): IndicatorDef {
  return {
    name: 'KDJ',
    lineNames: ['k', 'd', 'j'],
    workCount: 0,
    step(st, cols, i) {
      const [k, d, j] = st.lines as [number[], number[], number[]];
      if (i < n - 1) {
        k[i] = NaN;
        d[i] = NaN;
        j[i] = NaN;
        return;
      }
      let hh = -Infinity;
      let ll = Infinity;
      for (let x = i - n + 1; x <= i; x++) {
        if (cols.high[x]! > hh) hh = cols.high[x]!;
        if (cols.low[x]! < ll) ll = cols.low[x]!;
      }
      const rsv = hh === ll ? 50 : ((cols.close[i]! - ll) / (hh - ll)) * 100;
      const pk = i > n - 1 ? k[i - 1]! : 50;
      const pd = i > n - 1 ? d[i - 1]! : 50;
      k[i] = ((m1 - 1) * pk + rsv) / m1;
      d[i] = ((m2 - 1) * pd + k[i]!) / m2;
      j[i] = 3 * k[i]! - 2 * d[i]!;
    },
  };
}
