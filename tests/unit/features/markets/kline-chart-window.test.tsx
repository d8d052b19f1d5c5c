// @vitest-environment jsdom
// The k-line chart at the bar window (MAX_CHART_BARS) with lightweight-charts stubbed (it needs a canvas):
// a live bar that pushes the oldest out sets the candles and every indicator line whole at the window's
// length, and the visible logical range moves by the trimmed bars so the view does not jump (or keeps
// following the live bar when it showed it).
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_CHART_BARS } from '../../../../workers/protocol/market-api.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import type { ChartBar, IndicatorView } from '../../../../src/market/hooks.ts';
import {
  countBefore,
  rangeAfterTrim,
  themeColors,
} from '../../../../src/features/markets/kline/chart-series.ts';
import type { ChartLog, FakeSeries } from './chart-mock.ts';
import { live, liveModule } from './live-mock.ts';

const chartLog = vi.hoisted((): ChartLog => ({ series: [], removed: 0, created: 0, range: null }));

vi.mock('lightweight-charts', async () => (await import('./chart-mock.ts')).fakeCharts(chartLog));
vi.mock('../../../../src/features/markets/live.ts', () => liveModule);

const ind = await vi.hoisted(async () => (await import('./indicator-mock.ts')).indicatorFeed());
vi.mock('../../../../src/market/hooks.ts', async (original) =>
  (await import('./indicator-mock.ts')).indicatorHooks(await original<object>(), ind),
);

const { default: KlineChart } = await import('../../../../src/features/markets/kline/kline-chart.tsx');
const { EMPTY_PANE, syncPane } = await import('../../../../src/features/markets/kline/indicator-pane.ts');

const T0 = 1_700_000_000;
const bar = (i: number): ChartBar => ({
  time: T0 + i * 60,
  open: 100,
  high: 102,
  low: 99,
  close: 101 + (i % 3),
  volume: i,
});
/** Bars i in [from, to). */
const bars = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => bar(from + k));
/** An indicator view over these bars (line values = bar index, so what went is visible). */
function view(bs: readonly ChartBar[], lines: string[], version = 1): IndicatorView {
  const idx = bs.map((b) => (b.time - T0) / 60);
  return {
    status: 'success',
    lines,
    time: bs.map((b) => b.time),
    up: bs.map(() => 1),
    values: lines.map(() => idx),
    version,
    changedFrom: bs.length - 1,
  };
}
const views = (bs: readonly ChartBar[]) => ({
  SMA: view(bs, ['ma5', 'ma10', 'ma20']),
  VOL: view(bs, ['vol', 'ma5']),
});
const byKind = (k: string) => chartLog.series.filter((s) => s.kind === k);
const timeOf = (p: unknown) => (p as { time: number }).time;

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  live.reset();
  ind.views = {};
  chartLog.series = [];
  chartLog.range = null;
});

afterEach(() => cleanup());

describe('trim helpers', () => {
  it('counts the bars a new front left behind', () => {
    const ts = [10, 20, 30, 40];
    expect(countBefore(ts, (t) => t, 30)).toBe(2);
    expect(countBefore(ts, (t) => t, 10)).toBe(0);
    expect(countBefore(ts, (t) => t, 99)).toBe(4);
  });

  it('moves a scrolled-back view by the trimmed bars and a live view by none at the window', () => {
    // 3000 bars before and after: one went off the front, one came at the end.
    expect(rangeAfterTrim({ from: 100, to: 170 }, 3000, 3000, 1)).toEqual({ from: 99, to: 169 });
    expect(rangeAfterTrim({ from: 100, to: 170 }, 3000, 3000, 3)).toEqual({ from: 97, to: 167 });
    expect(rangeAfterTrim({ from: 2930, to: 3002 }, 3000, 3000, 1)).toEqual({ from: 2930, to: 3002 });
  });
});

describe('indicator pane at the window', () => {
  it('sets every line whole when its oldest point went, then updates the live tail again', () => {
    const added: FakeSeries[] = [];
    const chart = {
      addSeries(kind: string, _o: unknown, pane: number) {
        const s = { kind, pane, data: [] as unknown[], sets: 0, updates: [] as unknown[] };
        const api = {
          ...s,
          setData(d: unknown[]) {
            api.data = d;
            api.sets++;
          },
          update(p: unknown) {
            api.updates.push(p);
          },
        };
        added.push(api as unknown as FakeSeries);
        return api;
      },
      removeSeries() {},
    } as never;
    const c = themeColors(null);
    const a = syncPane(chart, 1, 'VOL', view(bars(0, 5), ['vol', 'ma5']), EMPTY_PANE, c);
    // The window is full at 5 here: bar 5 came, bar 0 went (the tail reaches back to bar 4's final update).
    const trimmed = { ...view(bars(1, 6), ['vol', 'ma5']), changedFrom: 3 };
    const b = syncPane(chart, 1, 'VOL', trimmed, a.state, c);
    for (const s of added) {
      expect(s.sets).toBe(2);
      expect(s.data).toHaveLength(5);
      expect(timeOf(s.data[0])).toBe(a.state.time[1]! + 5 * 3600);
      expect(s.updates).toEqual([]);
    }
    // The live bar moves without a trim: update() only.
    const moved = { ...trimmed, changedFrom: 4 };
    syncPane(chart, 1, 'VOL', moved, b.state, c);
    for (const s of added) {
      expect(s.sets).toBe(2);
      expect(s.updates).toHaveLength(1);
    }
  });
});

describe('k-line chart at the window', () => {
  function mount(all: readonly ChartBar[]) {
    live.set({ bars: all, version: 1 });
    ind.set(views(all));
    render(<KlineChart symbol="OGDC" interval="1m" main="SMA" sub="VOL" />);
  }
  /** One worker batch: the candles and both indicators, as the bridge applies them in one go. */
  function post(next: readonly ChartBar[]) {
    act(() => {
      live.set({ bars: next });
      ind.set(views(next));
    });
  }

  it('keeps the bars on screen when a live bar pushes the oldest out of a scrolled-back view', () => {
    const full = bars(0, MAX_CHART_BARS);
    mount(full);
    const cs = byKind('Candlestick')[0]!;
    expect(cs.data).toHaveLength(MAX_CHART_BARS);
    expect(chartLog.range).toEqual({ from: MAX_CHART_BARS - 70, to: MAX_CHART_BARS + 2 });
    chartLog.range = { from: 1000, to: 1060 }; // the user scrolled back
    const next = bars(1, MAX_CHART_BARS + 1);
    post(next);
    expect(cs.sets).toBe(2);
    expect(cs.data).toHaveLength(MAX_CHART_BARS);
    expect(timeOf(cs.data[0])).toBe(timeOf(candleData(next[0]!)));
    expect(cs.updates).toEqual([]);
    // Logical indexes moved left by one: so did the view, showing the same bars as before.
    expect(chartLog.range).toEqual({ from: 999, to: 1059 });
    for (const s of [...byKind('Line'), ...byKind('Histogram')]) {
      expect(s.data).toHaveLength(MAX_CHART_BARS);
      expect(timeOf(s.data[0])).toBe(timeOf(cs.data[0]));
    }
    // Two more bars in one batch: two more went, and the view moved by two.
    post(bars(3, MAX_CHART_BARS + 3));
    expect(cs.data).toHaveLength(MAX_CHART_BARS);
    expect(chartLog.range).toEqual({ from: 997, to: 1057 });
  });

  it('keeps following the live bar when the view showed it, and updates the live bar without setData', () => {
    mount(bars(0, MAX_CHART_BARS));
    const cs = byKind('Candlestick')[0]!;
    const atLive = chartLog.range;
    post(bars(1, MAX_CHART_BARS + 1));
    expect(chartLog.range).toEqual(atLive);
    expect(cs.sets).toBe(2);
    // A tick in the live bar: same bars, the last one changed.
    const ticked = bars(1, MAX_CHART_BARS + 1);
    ticked[ticked.length - 1] = { ...ticked.at(-1)!, close: 120 };
    post(ticked);
    expect(cs.sets).toBe(2);
    expect(cs.updates).toHaveLength(1);
    expect(cs.data).toHaveLength(MAX_CHART_BARS);
  });

  it('grows without trimming below the window (update() for an appended bar)', () => {
    mount(bars(0, 100));
    const cs = byKind('Candlestick')[0]!;
    chartLog.range = { from: 10, to: 70 };
    post(bars(0, 101));
    expect(cs.sets).toBe(1);
    expect(cs.updates.map(timeOf)).toEqual([timeOf(candleData(bar(99))), timeOf(candleData(bar(100)))]);
    expect(chartLog.range).toEqual({ from: 10, to: 70 });
  });
});

function candleData(b: ChartBar): { time: number } {
  return { time: b.time + 5 * 3600 };
}
