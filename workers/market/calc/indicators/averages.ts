// Main-chart overlays (SMA, EMA, BOLL) and the volume sub-chart (VOL), as incremental step definitions.
import type { IndicatorDef } from './core.ts';
import { emaNext, windowMean } from './core.ts';

/** Simple moving averages of close, one line per period: 'ma5', 'ma10', 'ma20' by default. */
export function smaDef(periods: readonly number[] = [5, 10, 20]): IndicatorDef {
  return {
    name: 'SMA',
    lineNames: periods.map((p) => `ma${p}`),
    workCount: 0,
    step(st, cols, i) {
      for (let k = 0; k < periods.length; k++) st.lines[k]![i] = windowMean(cols.close, i, periods[k]!);
    },
  };
}

/** Exponential moving averages of close, seeded with the first close: 'ema5', 'ema10', 'ema20' by default. */
export function emaDef(periods: readonly number[] = [5, 10, 20]): IndicatorDef {
  return {
    name: 'EMA',
    lineNames: periods.map((p) => `ema${p}`),
    workCount: 0,
    step(st, cols, i) {
      for (let k = 0; k < periods.length; k++) {
        const line = st.lines[k]!;
        line[i] = emaNext(i ? line[i - 1] : undefined, cols.close[i]!, periods[k]!);
      }
    },
  };
}

/**
 * Bollinger bands: mid = SMA(n) of close, up/lo = mid ± k·σ with the population standard deviation over
 * the same window (what the common charting apps draw). Lines 'mid', 'up', 'lo'.
 */
export function bollDef(n = 20, k = 2): IndicatorDef {
  return {
    name: 'BOLL',
    lineNames: ['mid', 'up', 'lo'],
    workCount: 0,
    step(st, cols, i) {
      const mid = windowMean(cols.close, i, n);
      let sd = NaN;
      if (!Number.isNaN(mid)) {
        let ss = 0;
        for (let j = i - n + 1; j <= i; j++) {
          const d = cols.close[j]! - mid;
          ss += d * d;
        }
        sd = Math.sqrt(ss / n);
      }
      st.lines[0]![i] = mid;
      st.lines[1]![i] = mid + k * sd;
      st.lines[2]![i] = mid - k * sd;
    },
  };
}

/** Volume bars with their moving averages: lines 'vol', 'ma5', 'ma10' by default. */
export function volDef(periods: readonly number[] = [5, 10]): IndicatorDef {
  return {
    name: 'VOL',
    lineNames: ['vol', ...periods.map((p) => `ma${p}`)],
    workCount: 0,
    step(st, cols, i) {
      st.lines[0]![i] = cols.volume[i]!;
      for (let k = 0; k < periods.length; k++) st.lines[k + 1]![i] = windowMean(cols.volume, i, periods[k]!);
    },
  };
}
