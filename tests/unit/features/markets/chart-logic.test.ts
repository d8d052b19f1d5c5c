// Chart helpers that run without a canvas: series conversion (PKT shift, warm-up gaps, bar colours) and the
// remembered indicator / interval preferences.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChartData } from '../../../../src/features/markets/kline/use-chart-data.ts';
import {
  PKT_SHIFT_S,
  candles,
  histSeries,
  isHistogramLine,
  lineSeries,
  prependedCount,
  themeColors,
} from '../../../../src/features/markets/kline/chart-series.ts';
import {
  parseInterval,
  readMainInd,
  readSubInd,
  saveMainInd,
  saveSubInd,
} from '../../../../src/features/markets/kline/chart-prefs.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';

const data: ChartData = {
  time: [1000, 1060, 1120],
  open: [10, 11, 12],
  high: [11, 12, 13],
  low: [9, 10, 11],
  close: [11, 10, 12.5],
  volume: [100, 200, 300],
  main: [{ name: 'ma5', values: [NaN, NaN, 11.2] }],
  sub: [
    { name: 'vol', values: [100, 200, 300] },
    { name: 'ma5', values: [NaN, 150, 200] },
  ],
  version: 1,
};
const c = themeColors(null);

describe('chart series', () => {
  it('shifts times to Pakistan time and copies OHLC', () => {
    expect(candles(data)[0]).toEqual({ time: 1000 + PKT_SHIFT_S, open: 10, high: 11, low: 9, close: 11 });
    expect(candles(data)).toHaveLength(3);
  });

  it('leaves warm-up bars as whitespace so a line starts where it is defined', () => {
    const pts = lineSeries(data, data.main[0]!);
    expect(pts[0]).toEqual({ time: 1000 + PKT_SHIFT_S });
    expect(pts[2]).toEqual({ time: 1120 + PKT_SHIFT_S, value: 11.2 });
  });

  it('colours volume bars by their candle and MACD bars by sign', () => {
    const vol = histSeries(data, data.sub[0]!, c);
    expect(vol.map((p) => ('color' in p ? p.color : null))).toEqual([c.upSoft, c.downSoft, c.upSoft]);
    const macd = histSeries(data, { name: 'macd', values: [-1, 0, 2] }, c);
    expect(macd.map((p) => ('color' in p ? p.color : null))).toEqual([c.downSoft, c.upSoft, c.upSoft]);
    expect(isHistogramLine('vol') && isHistogramLine('macd') && !isHistogramLine('ma5')).toBe(true);
  });
});

describe('history paging', () => {
  it('counts the bars prepended before the old first bar', () => {
    expect(prependedCount([10, 20, 30, 40], 30)).toBe(2);
    expect(prependedCount([30, 40], 30)).toBe(0);
  });
});

describe('chart preferences', () => {
  beforeEach(() => {
    storage.remove('mainInd');
    storage.remove('subInd');
  });

  it('defaults to SMA and VOL and remembers a choice', () => {
    expect(readMainInd()).toBe('SMA');
    expect(readSubInd()).toBe('VOL');
    saveMainInd('BOLL');
    saveSubInd('KDJ');
    expect(storage.get('mainInd')).toBe('BOLL');
    expect(readMainInd()).toBe('BOLL');
    expect(readSubInd()).toBe('KDJ');
  });

  it('reads an unknown stored indicator as the default', () => {
    storage.set('mainInd', 'WMA');
    storage.set('subInd', '');
    expect(readMainInd()).toBe('SMA');
    expect(readSubInd()).toBe('VOL');
  });

  it('accepts only the eight intervals', () => {
    expect(parseInterval('1w')).toBe('1w');
    expect(parseInterval('2h')).toBe('15m');
    expect(parseInterval(null)).toBe('15m');
  });
});

describe('chart indicators (hand-worked)', async () => {
  const { sma, ema, rsi, boll, macd, kdj, mainLines, subLines } =
    await import('../../../../src/features/markets/kline/indicators.ts');

  it('SMA waits for a full window; EMA is seeded with the first close', () => {
    expect(sma([1, 2, 3, 4], 3)).toEqual([NaN, NaN, 2, 3]);
    // α = 2/(3+1) = 0.5: 1, 1.5, 2.25, 3.125
    expect(ema([1, 2, 3, 4], 3)).toEqual([1, 1.5, 2.25, 3.125]);
  });

  it('BOLL uses the population deviation', () => {
    const [mid, up, lo] = boll([1, 3, 1, 3], 2, 2);
    // window [1,3]: mean 2, σ 1 → 4 and 0
    expect(mid!.values[1]).toBe(2);
    expect(up!.values[1]).toBe(4);
    expect(lo!.values[1]).toBe(0);
  });

  it('RSI seeds with the simple mean of the first n changes, then smooths (Wilder)', () => {
    // changes +1, -1, +2 with n = 2: seed at bar 2 gain 0.5 loss 0.5 → 50; bar 3 gain 1.25 loss 0.25 → 83.33
    const r = rsi([10, 11, 10, 12], 2);
    expect(r[1]).toBeNaN();
    expect(r[2]).toBe(50);
    expect(r[3]).toBeCloseTo(83.333, 3);
    expect(rsi([5, 5, 5], 2)[2]).toBe(50); // a flat window
  });

  it('MACD bars are twice DIF minus DEA; KDJ starts from 50', () => {
    const [dif, dea, bars] = macd([1, 2, 3], 2, 3, 2);
    expect(bars!.values[2]).toBeCloseTo(2 * (dif!.values[2]! - dea!.values[2]!), 12);
    const [k, d, j] = kdj(
      { open: [1, 1], high: [2, 4], low: [1, 1], close: [2, 4], volume: [0, 0] },
      2,
      3,
      3,
    );
    // RSV = 100, K = (2·50 + 100)/3, D = (2·50 + K)/3, J = 3K − 2D
    expect(k!.values[1]).toBeCloseTo(66.667, 3);
    expect(d!.values[1]).toBeCloseTo(55.556, 3);
    expect(j!.values[1]).toBeCloseTo(88.889, 3);
    expect(k!.values[0]).toBeNaN();
  });

  it('names the lines each choice draws', () => {
    const cols = { open: [1], high: [1], low: [1], close: [1], volume: [1] };
    expect(mainLines('SMA', cols).map((l) => l.name)).toEqual(['ma5', 'ma10', 'ma20']);
    expect(mainLines('EMA', cols).map((l) => l.name)).toEqual(['ema5', 'ema10', 'ema20']);
    expect(subLines('VOL', cols).map((l) => l.name)).toEqual(['vol', 'ma5', 'ma10']);
    expect(subLines('RSI', cols).map((l) => l.name)).toEqual(['rsi']);
  });
});
