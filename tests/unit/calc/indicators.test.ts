// Indicators against hand-worked values, and incremental updates (updateLast/append/series changes) against
// a full recomputation.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Candle } from '../../../workers/protocol/market.ts';
import {
  appendBars,
  applySeriesChange,
  candlesToColumns,
  computeIndicator,
  emptyColumns,
  syncColumns,
  updateLast,
  type IndicatorDef,
  type IndicatorState,
  type OhlcvColumns,
} from '../../../workers/market/calc/indicators/core.ts';
import { bollDef, emaDef, smaDef, volDef } from '../../../workers/market/calc/indicators/averages.ts';
import { kdjDef, macdDef, rsiDef } from '../../../workers/market/calc/indicators/oscillators.ts';
import {
  indicatorDef,
  isIndicatorName,
  MAIN_INDICATORS,
  SUB_INDICATORS,
} from '../../../workers/market/calc/indicators/registry.ts';
import { applyPrint, createCandleSeries } from '../../../workers/market/calc/candles.ts';

function cols(close: number[], high = close, low = close, volume = close.map(() => 1)): OhlcvColumns {
  return {
    time: close.map((_, i) => i),
    open: close.slice(),
    high: high.slice(),
    low: low.slice(),
    close: close.slice(),
    volume,
  };
}
const line = (st: IndicatorState, k: number) => st.lines[k]!;
const close = (a: number[], b: number[]) => {
  expect(a.length).toBe(b.length);
  a.forEach((x, i) => (Number.isNaN(b[i]!) ? expect(x).toBeNaN() : expect(x).toBeCloseTo(b[i]!, 9)));
};

describe('hand-worked values', () => {
  it('SMA', () => {
    const st = computeIndicator(smaDef([3]), cols([1, 2, 3, 4, 5, 6]));
    close(line(st, 0), [NaN, NaN, 2, 3, 4, 5]);
    expect(st.def.lineNames).toEqual(['ma3']);
  });

  it('EMA seeded with the first close', () => {
    close(line(computeIndicator(emaDef([3]), cols([1, 2, 3, 4])), 0), [1, 1.5, 2.25, 3.125]);
  });

  it('BOLL with the population deviation', () => {
    const st = computeIndicator(bollDef(3, 2), cols([1, 2, 3]));
    const sd = Math.sqrt(2 / 3);
    close(line(st, 0), [NaN, NaN, 2]);
    close(line(st, 1), [NaN, NaN, 2 + 2 * sd]);
    close(line(st, 2), [NaN, NaN, 2 - 2 * sd]);
  });

  it('MACD: DIF, DEA and 2×(DIF−DEA)', () => {
    const st = computeIndicator(macdDef(2, 3, 2), cols([1, 2, 3]));
    close(line(st, 0), [0, 1 / 6, 11 / 36]);
    close(line(st, 1), [0, 1 / 9, 13 / 54]);
    close(line(st, 2), [0, 1 / 9, 7 / 54]);
  });

  it('RSI with Wilder smoothing', () => {
    close(line(computeIndicator(rsiDef(2), cols([1, 2, 1, 3])), 0), [NaN, NaN, 50, (100 * 1.25) / 1.5]);
    close(line(computeIndicator(rsiDef(2), cols([5, 5, 5])), 0), [NaN, NaN, 50]);
    close(line(computeIndicator(rsiDef(2), cols([1, 2, 3])), 0), [NaN, NaN, 100]);
  });

  it('KDJ', () => {
    const st = computeIndicator(kdjDef(3, 3, 3), cols([9, 10, 11, 7], [10, 11, 12, 12], [8, 9, 10, 6]));
    close(line(st, 0), [NaN, NaN, 175 / 3, 400 / 9]);
    close(line(st, 1), [NaN, NaN, 475 / 9, 50]);
    close(line(st, 2), [NaN, NaN, 175 - 950 / 9, 400 / 3 - 100]);
  });

  it('VOL with its averages', () => {
    const st = computeIndicator(volDef([2]), cols([1, 1, 1], undefined, undefined, [10, 20, 40]));
    close(line(st, 0), [10, 20, 40]);
    close(line(st, 1), [NaN, 15, 30]);
  });

  it('BOLL on an alternating window: mean 2, σ 1', () => {
    const st = computeIndicator(bollDef(2, 2), cols([1, 3, 1, 3]));
    close(line(st, 0), [NaN, 2, 2, 2]);
    close(line(st, 1), [NaN, 4, 4, 4]);
    close(line(st, 2), [NaN, 0, 0, 0]);
  });

  it('RSI seeds with the mean of the first n changes, then smooths', () => {
    // changes +1, −1, +2 with n = 2: seed gain 0.5 loss 0.5 → 50; then gain (0.5+2)/2 = 1.25, loss 0.25
    close(line(computeIndicator(rsiDef(2), cols([10, 11, 10, 12])), 0), [NaN, NaN, 50, 100 * (1.25 / 1.5)]);
  });

  it('KDJ starts K and D from 50', () => {
    // bar 1: RSV = (4−1)/(4−1)·100 = 100; K = (2·50+100)/3, D = (2·50+K)/3, J = 3K − 2D
    const st = computeIndicator(kdjDef(2, 3, 3), cols([2, 4], [2, 4], [1, 1]));
    close(line(st, 0), [NaN, 200 / 3]);
    close(line(st, 1), [NaN, 500 / 9]);
    close(line(st, 2), [NaN, 200 - 1000 / 9]);
  });

  it('incremental: updateLast re-steps only the live bar to the hand-worked value', () => {
    const c = cols([1, 2, 3, 4, 5]);
    const st = computeIndicator(smaDef([3]), c);
    c.close[4] = 11;
    updateLast(st, c);
    close(line(st, 0), [NaN, NaN, 2, 3, 6]); // (3+4+11)/3
    for (const a of [c.time, c.open, c.high, c.low, c.close, c.volume]) a.push(2);
    appendBars(st, c);
    close(line(st, 0), [NaN, NaN, 2, 3, 6, 17 / 3]); // (4+11+2)/3
  });

  it('registry gives the default parameters', () => {
    expect(MAIN_INDICATORS.map((n) => indicatorDef(n).name)).toEqual(['SMA', 'EMA', 'BOLL']);
    expect(MAIN_INDICATORS.map((n) => indicatorDef(n).lineNames)).toEqual([
      ['ma5', 'ma10', 'ma20'],
      ['ema5', 'ema10', 'ema20'],
      ['mid', 'up', 'lo'],
    ]);
    expect(isIndicatorName('KDJ') && !isIndicatorName('WMA') && !isIndicatorName('toString')).toBe(true);
    expect(SUB_INDICATORS.map((n) => indicatorDef(n).lineNames)).toEqual([
      ['vol', 'ma5', 'ma10'],
      ['dif', 'dea', 'macd'],
      ['rsi'],
      ['k', 'd', 'j'],
    ]);
  });
});

const ALL: IndicatorDef[] = [smaDef(), emaDef(), bollDef(), macdDef(), rsiDef(), kdjDef(), volDef()];

describe('incremental updates equal a full recompute', () => {
  it('append + repeated updateLast on a live bar', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.double({ min: 1, max: 1000, noNaN: true }), { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 60,
        }),
        (ticks) => {
          const live = emptyColumns();
          const states = ALL.map((d) => computeIndicator(d, live));
          for (const bar of ticks) {
            const [first, ...rest] = bar as [number, ...number[]];
            let hi = first;
            let lo = first;
            for (const a of [live.time, live.open, live.high, live.low, live.close, live.volume])
              a.push(first);
            states.forEach((s) => appendBars(s, live));
            for (const p of rest) {
              hi = Math.max(hi, p);
              lo = Math.min(lo, p);
              const n = live.close.length - 1;
              live.high[n] = hi;
              live.low[n] = lo;
              live.close[n] = p;
              live.volume[n] = live.volume[n]! + 1;
              states.forEach((s) => updateLast(s, live));
            }
          }
          ALL.forEach((d, k) => {
            const full = computeIndicator(d, live);
            full.lines.forEach((l, j) => close(states[k]!.lines[j]!, l));
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('follows a bounded candle series through roll-overs and dropped bars', () => {
    const series = createCandleSeries('1m', [], 50);
    const c = emptyColumns();
    const defs = ALL;
    const states = defs.map((d) => computeIndicator(d, c));
    // Reference: the same prints into an unbounded series; bounded outputs must equal its tail.
    const ref = createCandleSeries('1m', [], 1e9);
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    let px = 100;
    for (let k = 0; k < 400; k++) {
      px = Math.max(1, px + (rnd() - 0.5) * 2);
      const print = { p: px.toFixed(2), q: (1 + Math.floor(rnd() * 9)).toString(), t: k * 20_000 };
      applyPrint(ref, print);
      const ch = applyPrint(series, print);
      syncColumns(c, series.bars, ch);
      states.forEach((s) => applySeriesChange(s, c, ch));
    }
    const refCols = candlesToColumns(ref.bars as Candle[]);
    expect(c.close).toEqual(refCols.close.slice(-50));
    expect(c.volume).toEqual(refCols.volume.slice(-50));
    defs.forEach((d, k) => {
      const full = computeIndicator(d, refCols);
      full.lines.forEach((l, j) => close(states[k]!.lines[j]!, l.slice(-50)));
    });
  });
});
