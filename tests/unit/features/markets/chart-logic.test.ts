// Chart helpers that run without a canvas: series conversion (PKT shift, warm-up gaps, bar colours) and the
// remembered indicator / interval preferences.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChartData } from '../../../../src/features/markets/live.ts';
import {
  PKT_SHIFT_S,
  candles,
  histSeries,
  isHistogramLine,
  lineSeries,
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
  rev: 1,
  tailOnly: false,
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
