// A stand-in for lightweight-charts in component tests (it needs a real canvas): every series records what it
// was given (setData and how often, update points); the chart records series made and removed and the visible
// logical range. The test owns the log (vi.hoisted, so the hoisted mock can see it):
//   const chartLog = vi.hoisted((): ChartLog => ({ series: [], removed: 0, created: 0, range: null }));
//   vi.mock('lightweight-charts', async () => (await import('./chart-mock.ts')).fakeCharts(chartLog));

export interface FakeSeries {
  kind: string;
  pane: number;
  data: unknown[];
  /** setData calls */
  sets: number;
  updates: unknown[];
  setData(d: unknown[]): void;
  update(p: unknown): void;
  applyOptions(): void;
  priceScale(): { applyOptions(): void };
}

export interface ChartLog {
  series: FakeSeries[];
  removed: number;
  created: number;
  range: { from: number; to: number } | null;
}

function fakeSeries(kind: string, pane: number): FakeSeries {
  return {
    kind,
    pane,
    data: [],
    sets: 0,
    updates: [],
    setData(d) {
      this.data = d;
      this.sets++;
    },
    update(p) {
      this.updates.push(p);
    },
    applyOptions() {},
    priceScale: () => ({ applyOptions() {} }),
  };
}

/** The lightweight-charts module, writing into `log`. */
export function fakeCharts(log: ChartLog) {
  return {
    CandlestickSeries: 'Candlestick',
    LineSeries: 'Line',
    HistogramSeries: 'Histogram',
    ColorType: { Solid: 'solid' },
    CrosshairMode: { Normal: 0 },
    createChart: () => {
      log.created++;
      return {
        addSeries(def: string, _o: unknown, pane = 0) {
          const s = fakeSeries(def, pane);
          log.series.push(s);
          return s;
        },
        removeSeries(s: FakeSeries) {
          log.removed++;
          log.series = log.series.filter((x) => x !== s);
        },
        panes: () => [{ setStretchFactor() {} }, { setStretchFactor() {} }],
        subscribeCrosshairMove() {},
        unsubscribeCrosshairMove() {},
        timeScale: () => ({
          getVisibleLogicalRange: () => log.range,
          setVisibleLogicalRange(r: { from: number; to: number }) {
            log.range = r;
          },
          subscribeVisibleLogicalRangeChange() {},
          unsubscribeVisibleLogicalRangeChange() {},
        }),
        remove() {},
      };
    },
  };
}
