// Chart helpers that run without a canvas: series conversion of bars and the worker's indicator lines (PKT
// shift, warm-up gaps, bar colours, legend lookup), the pane that draws an indicator (setData on a post,
// update() for the live tail), and the remembered indicator / interval preferences.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartBar, IndicatorView } from '../../../../src/market/hooks.ts';
import {
  PKT_SHIFT_S,
  candles,
  histSeries,
  isHistogramLine,
  lineColor,
  lineSeries,
  prependedCount,
  themeColors,
  valueAtTime,
} from '../../../../src/features/markets/kline/chart-series.ts';
import {
  parseInterval,
  readMainInd,
  readSubInd,
  saveMainInd,
  saveSubInd,
} from '../../../../src/features/markets/kline/chart-prefs.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';

vi.mock('lightweight-charts', () => ({ LineSeries: 'Line', HistogramSeries: 'Histogram' }));
const { EMPTY_PANE, syncPane } = await import('../../../../src/features/markets/kline/indicator-pane.ts');

const bars: ChartBar[] = [
  { time: 1000, open: 10, high: 11, low: 9, close: 11, volume: 100 },
  { time: 1060, open: 11, high: 12, low: 10, close: 10, volume: 200 },
  { time: 1120, open: 12, high: 13, low: 11, close: 12.5, volume: 300 },
];
const view = (lines: string[], values: number[][], extra: Partial<IndicatorView> = {}): IndicatorView => ({
  status: 'success',
  lines,
  time: [1000, 1060, 1120],
  up: [1, 0, 1],
  values,
  version: 1,
  changedFrom: 3,
  ...extra,
});
const ma = view(['ma5'], [[NaN, NaN, 11.2]]);
const vol = view(
  ['vol', 'ma5'],
  [
    [100, 200, 300],
    [NaN, 150, 200],
  ],
);
const c = themeColors(null);

describe('chart series', () => {
  it('shifts times to Pakistan time and copies OHLC', () => {
    expect(candles(bars)[0]).toEqual({ time: 1000 + PKT_SHIFT_S, open: 10, high: 11, low: 9, close: 11 });
    expect(candles(bars)).toHaveLength(3);
  });

  it('leaves warm-up bars as whitespace so a line starts where it is defined', () => {
    const pts = lineSeries(ma, 0);
    expect(pts[0]).toEqual({ time: 1000 + PKT_SHIFT_S });
    expect(pts[2]).toEqual({ time: 1120 + PKT_SHIFT_S, value: 11.2 });
  });

  it("colours volume bars by the worker's up flag and MACD bars by sign", () => {
    const v = histSeries(vol, 0, c);
    expect(v.map((p) => ('color' in p ? p.color : null))).toEqual([c.upSoft, c.downSoft, c.upSoft]);
    const macd = histSeries(view(['dif', 'dea', 'macd'], [[], [], [-1, 0, 2]]), 2, c);
    expect(macd.map((p) => ('color' in p ? p.color : null))).toEqual([c.downSoft, c.upSoft, c.upSoft]);
    expect(isHistogramLine('vol') && isHistogramLine('macd') && !isHistogramLine('ma5')).toBe(true);
  });

  it('gives lines the same colour in the chart and the legend, skipping histograms', () => {
    expect(lineColor(['vol', 'ma5', 'ma10'], 0, c.lines)).toBeUndefined();
    expect(lineColor(['vol', 'ma5', 'ma10'], 1, c.lines)).toBe(c.lines[0]);
    expect(lineColor(['vol', 'ma5', 'ma10'], 2, c.lines)).toBe(c.lines[1]);
    expect(lineColor(['dif', 'dea', 'macd'], 1, c.lines)).toBe(c.lines[1]);
  });

  it('looks a legend value up by bar time', () => {
    expect(valueAtTime(vol, 1, 1060)).toBe(150);
    expect(valueAtTime(vol, 1, 1000)).toBeNaN(); // warm-up
    expect(valueAtTime(vol, 1, 1180)).toBeNaN(); // a bar the line does not have yet
  });
});

interface Stub {
  kind: string;
  pane: number;
  data: unknown[];
  updates: unknown[];
}
function stubChart() {
  const series: Stub[] = [];
  let removed = 0;
  const chart = {
    addSeries(kind: string, _o: unknown, pane: number) {
      const s = {
        kind,
        pane,
        data: [] as unknown[],
        updates: [] as unknown[],
        setData(d: unknown[]) {
          s.data = d;
        },
        update(p: unknown) {
          s.updates.push(p);
        },
      };
      series.push(s);
      return s;
    },
    removeSeries() {
      removed++;
    },
  };
  return { chart: chart as never, series, removed: () => removed };
}

describe('indicator pane', () => {
  it('builds a series per line and sets them whole, then updates only the live tail', () => {
    const { chart, series } = stubChart();
    const r = syncPane(chart, 1, 'VOL', vol, EMPTY_PANE, c);
    expect(r.rebuilt).toBe(true);
    expect(series.map((s) => [s.kind, s.pane, s.data.length])).toEqual([
      ['Histogram', 1, 3],
      ['Line', 1, 3],
    ]);
    // A live tail: the last bar changed and one was appended.
    const next = view(
      ['vol', 'ma5'],
      [
        [100, 200, 350, 5],
        [NaN, 150, 210, 180],
      ],
      { time: [1000, 1060, 1120, 1180], up: [1, 0, 1, 0], changedFrom: 2 },
    );
    const r2 = syncPane(chart, 1, 'VOL', next, r.state, c);
    expect(r2.rebuilt).toBe(false);
    expect(series[0]!.data).toHaveLength(3); // no setData
    expect(series[0]!.updates).toEqual([
      { time: 1120 + PKT_SHIFT_S, value: 350, color: c.upSoft },
      { time: 1180 + PKT_SHIFT_S, value: 5, color: c.downSoft },
    ]);
    expect(series[1]!.updates.at(-1)).toEqual({ time: 1180 + PKT_SHIFT_S, value: 180 });
    // A new post (older page, resync) is a full setData.
    syncPane(chart, 1, 'VOL', { ...next, version: 2 }, r2.state, c);
    expect(series[0]!.data).toHaveLength(4);
  });

  it('clears but keeps its series while a new choice is computed, then rebuilds for the new lines', () => {
    const { chart, series, removed } = stubChart();
    const r = syncPane(chart, 0, 'SMA', ma, EMPTY_PANE, c);
    const pending = syncPane(chart, 0, 'EMA', { ...ma, status: 'pending', lines: [] }, r.state, c);
    expect(series[0]!.data).toEqual([]);
    expect(removed()).toBe(0);
    const ema = view(
      ['ema5', 'ema10'],
      [
        [1, 2, 3],
        [1, 1.5, 2],
      ],
    );
    const r3 = syncPane(chart, 0, 'EMA', ema, pending.state, c);
    expect(r3.rebuilt).toBe(true);
    expect(removed()).toBe(1);
    expect(series.slice(1).map((s) => s.data.length)).toEqual([3, 3]);
  });
});

describe('history paging', () => {
  it('counts the bars prepended before the old first bar', () => {
    const at = (...t: number[]) => t.map((time) => ({ ...bars[0]!, time }));
    expect(prependedCount(at(10, 20, 30, 40), 30)).toBe(2);
    expect(prependedCount(at(30, 40), 30)).toBe(0);
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
