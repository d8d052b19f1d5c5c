// Draws one indicator (the worker's lines) into one chart pane: builds a series per line when the indicator
// or its lines change, setData on every whole (re)post and when the bar window dropped its oldest points,
// update() for the live tail between posts. Works on the chart's series API only, so it runs against a stub
// in unit tests.
import { HistogramSeries, LineSeries, type IChartApi, type ISeriesApi } from 'lightweight-charts';
import type { IndicatorView } from '../../../market/hooks.ts';
import {
  countBefore,
  histAt,
  histSeries,
  isHistogramLine,
  lineAt,
  lineColor,
  lineSeries,
  type ChartColors,
} from './chart-series.ts';
import { INDICATOR_AXIS_FORMAT, VOLUME_AXIS_FORMAT } from './chart-format.ts';

type LineApi = ISeriesApi<'Line'> | ISeriesApi<'Histogram'>;

/** What a pane shows now: its series, for which indicator/lines, and which post of them. */
export interface PaneState {
  series: LineApi[];
  key: string;
  version: number;
  len: number;
  /** The bar times shown (the view's array: copy-on-write, so it stays as shown). */
  time: readonly number[];
}

export const EMPTY_PANE: PaneState = { series: [], key: '', version: -1, len: 0, time: [] };

function build(chart: IChartApi, pane: number, name: string, view: IndicatorView, c: ChartColors): LineApi[] {
  // Volume reads as 1.20M on its scale, as in the rows; the other indicators as grouped decimals. The main
  // pane's lines share the candles' scale, which formats as prices.
  const fmt = pane === 0 ? {} : { priceFormat: name === 'VOL' ? VOLUME_AXIS_FORMAT : INDICATOR_AXIS_FORMAT };
  return view.lines.map((line, k) =>
    isHistogramLine(line)
      ? chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false, ...fmt }, pane)
      : chart.addSeries(
          LineSeries,
          {
            color: lineColor(view.lines, k, c.lines)!,
            lineWidth: 1 as const,
            priceLineVisible: false,
            lastValueVisible: false,
            crosshairMarkerVisible: false,
            ...fmt,
          },
          pane,
        ),
  );
}

function put(s: LineApi, view: IndicatorView, k: number, c: ChartColors, i: number | null): void {
  const hist = isHistogramLine(view.lines[k]!);
  if (i === null) {
    if (hist) (s as ISeriesApi<'Histogram'>).setData(histSeries(view, k, c));
    else (s as ISeriesApi<'Line'>).setData(lineSeries(view, k));
  } else if (hist) (s as ISeriesApi<'Histogram'>).update(histAt(view, k, i, c));
  else (s as ISeriesApi<'Line'>).update(lineAt(view, k, i));
}

/**
 * Brings a pane up to `view` and returns what it shows now. `rebuilt` tells the caller the pane's series were
 * replaced (pane sizes need setting again).
 */
export function syncPane(
  chart: IChartApi,
  pane: number,
  name: string,
  view: IndicatorView,
  held: PaneState,
  c: ChartColors,
): { state: PaneState; rebuilt: boolean } {
  if (view.status === 'pending' || !view.lines.length) {
    // Keep the series (and so the pane) while the worker computes the new choice; show nothing stale.
    if (held.len > 0) for (const s of held.series) s.setData([]);
    return { state: { ...held, version: -1, len: 0, time: [] }, rebuilt: false };
  }
  const key = `${name}|${view.lines.join()}`;
  let series = held.series;
  const rebuilt = key !== held.key;
  if (rebuilt) {
    for (const s of series) chart.removeSeries(s);
    series = build(chart, pane, name, view, c);
  }
  const n = view.time.length;
  // Points the bar window dropped off the front since the last sync: a series cannot lose its first points
  // by update(), so that is a setData (once per new bar at most, with the candles).
  const trimmed = held.len > 0 && n > 0 ? countBefore(held.time, (t) => t, view.time[0]!) : 0;
  // Between two posts only the live tail changes: update() from the last point shown (a tail that reaches
  // further back, or a new post, is a full setData).
  const tail =
    !rebuilt &&
    held.version === view.version &&
    held.len > 0 &&
    trimmed === 0 &&
    n >= held.len &&
    view.changedFrom >= held.len - 1;
  if (tail) {
    for (let i = held.len - 1; i < n; i++) series.forEach((s, k) => put(s, view, k, c, i));
  } else {
    series.forEach((s, k) => put(s, view, k, c, null));
  }
  return { state: { series, key, version: view.version, len: n, time: view.time }, rebuilt };
}
