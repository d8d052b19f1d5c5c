// The main thread's copy of an open chart's bars and indicator lines keeps the worker's window
// (MAX_CHART_BARS): live bars past it push the oldest out of the candles and of every indicator line, so a
// chart left open all day does not grow, and the copy stays exactly the worker's series.
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { Candle } from '../../../workers/protocol/market.ts';
import {
  MAX_CHART_BARS,
  type CandlesUpdate,
  type IndicatorUpdate,
} from '../../../workers/protocol/market-api.ts';
import {
  DEFAULT_MAX_BARS,
  createCandleSeries,
  mergeServerCandles,
  prependCandles,
} from '../../../workers/market/calc/candles.ts';
import {
  attachIndicator,
  createChartIndicators,
  seriesChanged,
  seriesReplaced,
} from '../../../workers/market/state/candle-indicators.ts';
import { packBars, packIndicator } from '../../../workers/market/state/batch.ts';
import { createBatchApplier, mergeBars, nextCandles } from '../../../src/market/apply-batch.ts';
import { nextIndicator } from '../../../src/market/apply-indicators.ts';
import { indicatorUpdate } from './indicator-update.ts';
import {
  EMPTY_CANDLES,
  EMPTY_INDICATOR,
  candlesAtomFamily,
  indicatorAtomFamily,
  type ChartBar,
} from '../../../src/market/atoms.ts';

const MIN = 60_000;
const candle = (i: number, close = 100 + (i % 9)): Candle => ({
  t: i * MIN,
  o: String(close - 1),
  h: String(close + 1),
  l: String(close - 2),
  c: String(close),
  v: String(10 + i),
});
const chartBar = (i: number): ChartBar => ({ time: i * 60, open: 1, high: 2, low: 0, close: 1, volume: i });
const candlesUpdate = (reset: boolean, bars: Float64Array): CandlesUpdate => ({
  symbol: 'OGDC',
  interval: '1m',
  reset,
  bars,
});

describe('one bar window on both sides', () => {
  it('is the protocol constant the worker series uses', () => {
    expect(DEFAULT_MAX_BARS).toBe(MAX_CHART_BARS);
    expect(createCandleSeries('1m', []).maxBars).toBe(MAX_CHART_BARS);
  });
});

describe('candles on the main thread', () => {
  const full = Array.from({ length: MAX_CHART_BARS }, (_, i) => chartBar(i));

  it('drops the oldest bar when a live bar is appended to a full window', () => {
    const out = mergeBars(full, [{ ...chartBar(MAX_CHART_BARS - 1), close: 9 }, chartBar(MAX_CHART_BARS)]);
    expect(out).toHaveLength(MAX_CHART_BARS);
    expect(out[0]!.time).toBe(full[1]!.time);
    expect(out.at(-2)!.close).toBe(9); // the previous live bar took its final update
    expect(out.at(-1)!.time).toBe(MAX_CHART_BARS * 60);
    expect(full).toHaveLength(MAX_CHART_BARS); // copy-on-write: the view React holds is untouched
  });

  it('drops as many of the oldest as bars were appended, and none while there is room', () => {
    const two = mergeBars(full, [chartBar(MAX_CHART_BARS), chartBar(MAX_CHART_BARS + 1)]);
    expect(two).toHaveLength(MAX_CHART_BARS);
    expect(two[0]!.time).toBe(2 * 60);
    const short = full.slice(10);
    expect(mergeBars(short, [chartBar(MAX_CHART_BARS)])).toHaveLength(MAX_CHART_BARS - 9);
  });

  it('keeps the newest bars of a whole post that were ever longer than the window', () => {
    const rows = Array.from({ length: MAX_CHART_BARS + 5 }, (_, i) => [i * 60, 1, 2, 0, 1, i]);
    const v = nextCandles(EMPTY_CANDLES, candlesUpdate(true, Float64Array.from(rows.flat())));
    expect(v.bars).toHaveLength(MAX_CHART_BARS);
    expect(v.bars[0]!.time).toBe(5 * 60);
    expect(v.version).toBe(1);
  });
});

describe('indicator lines on the main thread', () => {
  const rows = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, k) => [(from + k) * 60, (from + k) % 2, from + k, -(from + k)]);

  it('drops the oldest point of every array when a live point is appended to a full window', () => {
    const a = nextIndicator(EMPTY_INDICATOR, indicatorUpdate(true, rows(0, MAX_CHART_BARS)));
    expect(a.time).toHaveLength(MAX_CHART_BARS);
    const b = nextIndicator(a, indicatorUpdate(false, rows(MAX_CHART_BARS - 1, MAX_CHART_BARS + 1)));
    for (const arr of [b.time, b.up, ...b.values]) expect(arr).toHaveLength(MAX_CHART_BARS);
    expect(b.time[0]).toBe(60); // the oldest (time 0) went
    expect(b.values[0]![0]).toBe(1);
    expect(b.values[1]![0]).toBe(-1);
    expect(b.up[0]).toBe(1);
    expect(b.time.at(-1)).toBe(MAX_CHART_BARS * 60);
    expect(b.values[0]!.at(-1)).toBe(MAX_CHART_BARS);
    // The tail started at the old last point (index MAX-1), which is MAX-2 once one point went.
    expect(b.changedFrom).toBe(MAX_CHART_BARS - 2);
    expect(b.version).toBe(a.version); // a live tail, not a new post
    expect(a.time[0]).toBe(0); // the previous view is untouched
  });

  it('keeps the window over many live bars', () => {
    let v = nextIndicator(EMPTY_INDICATOR, indicatorUpdate(true, rows(0, MAX_CHART_BARS)));
    for (let i = MAX_CHART_BARS; i < MAX_CHART_BARS + 50; i++)
      v = nextIndicator(v, indicatorUpdate(false, rows(i, i + 1)));
    expect(v.time).toHaveLength(MAX_CHART_BARS);
    expect(v.time[0]).toBe(50 * 60);
    expect(v.values.every((line) => line.length === MAX_CHART_BARS)).toBe(true);
  });
});

describe('the store mirrors the worker series past the window', () => {
  it('holds exactly the bars and points the worker holds, live bar after live bar', () => {
    // Worker side: a full series with SMA and VOL over it, posted whole, then live bars as tails.
    const series = createCandleSeries(
      '1m',
      Array.from({ length: MAX_CHART_BARS }, (_, i) => candle(i)),
    );
    const chart = createChartIndicators();
    attachIndicator(chart, 'SMA');
    attachIndicator(chart, 'VOL');
    seriesReplaced(chart, series);
    const post = (reset: boolean, from: number) => ({
      candles: [candlesUpdate(reset, packBars(series.bars, from))],
      indicators: [...chart.indicators].map(([name, e]): IndicatorUpdate => ({
        symbol: 'OGDC',
        interval: '1m',
        name,
        lines: [...e.state.def.lineNames],
        reset,
        points: packIndicator(e.state, chart.cols, from),
      })),
    });
    const store = createStore();
    const apply = createBatchApplier(store);
    apply(post(true, 0));

    for (let i = MAX_CHART_BARS; i < MAX_CHART_BARS + 25; i++) {
      const ch = mergeServerCandles(series, [candle(i)]);
      expect(ch.dropped).toBe(1);
      seriesChanged(chart, series, ch);
      apply(post(false, ch.from));
    }

    const bars = store.get(candlesAtomFamily('OGDC:1m')).bars;
    expect(bars).toHaveLength(MAX_CHART_BARS);
    expect(bars.map((b) => b.time)).toEqual(series.bars.map((c) => c.t / 1000));
    expect(bars[0]!.time).toBe(25 * 60); // the 25 oldest went
    for (const name of ['SMA', 'VOL'] as const) {
      const v = store.get(indicatorAtomFamily(`OGDC:1m:${name}`));
      expect(v.version).toBe(1);
      expect(v.time).toEqual(chart.cols.time.map((t) => t / 1000));
      const st = chart.indicators.get(name)!.state;
      v.values.forEach((line, k) => {
        expect(line).toHaveLength(MAX_CHART_BARS);
        expect(line).toEqual(st.lines[k]!.map((x) => x ?? NaN));
      });
    }
    // A full window takes no older page (the worker's rule), so paging in cannot grow either side.
    expect(prependCandles(series, [candle(0)]).kind).toBe('none');
    expect(series.bars).toHaveLength(MAX_CHART_BARS);
  });

  it('takes an older page the worker had room for as a whole post within the window', () => {
    const series = createCandleSeries(
      '1m',
      Array.from({ length: MAX_CHART_BARS - 10 }, (_, i) => candle(i + 100)),
    );
    const store = createStore();
    const apply = createBatchApplier(store);
    apply({ candles: [candlesUpdate(true, packBars(series.bars))] });
    // 50 older bars offered, 10 fit: the worker keeps the newest of the page, then posts the series whole.
    const ch = prependCandles(
      series,
      Array.from({ length: 50 }, (_, i) => candle(i + 50)),
    );
    expect(ch.kind).toBe('past');
    apply({ candles: [candlesUpdate(true, packBars(series.bars))] });
    const v = store.get(candlesAtomFamily('OGDC:1m'));
    expect(v.version).toBe(2);
    expect(v.bars).toHaveLength(MAX_CHART_BARS);
    expect(v.bars[0]!.time).toBe(90 * 60);
    // The next live bar then trims one, as in the worker.
    const live = mergeServerCandles(series, [candle(MAX_CHART_BARS + 100)]);
    apply({ candles: [candlesUpdate(false, packBars(series.bars, live.from))] });
    const w = store.get(candlesAtomFamily('OGDC:1m'));
    expect(w.bars.map((b) => b.time)).toEqual(series.bars.map((c) => c.t / 1000));
    expect(w.bars[0]!.time).toBe(91 * 60);
  });
});
