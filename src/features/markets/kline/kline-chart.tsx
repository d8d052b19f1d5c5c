// The candlestick chart (lightweight-charts v5), loaded lazily: candles + main indicator lines in the top
// pane, the sub indicator (volume bars, MACD, RSI, KDJ) in a second pane. Live ticks update only the last
// bar; a full setData happens on load, on interval/indicator change and when older history is paged in
// (scrolling near the left edge asks the bridge for the previous page).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
} from 'lightweight-charts';
import type { Interval } from '../../../../workers/protocol/market.ts';
import { useChartData, type ChartData } from '../live.ts';
import {
  candleAt,
  candles,
  histAt,
  histSeries,
  isHistogramLine,
  lineAt,
  lineSeries,
  themeColors,
} from './chart-series.ts';
import type { MainIndicator, SubIndicator } from './chart-prefs.ts';

type LineApi = ISeriesApi<'Line'> | ISeriesApi<'Histogram'>;

interface Props {
  symbol: string;
  interval: Interval;
  main: MainIndicator;
  sub: SubIndicator;
  precision?: number;
}

/** Bars shown when a series first loads (a phone screen's worth, readable candles). */
const INITIAL_BARS = 70;
/** Ask for older history when the left edge is this many bars from the first loaded bar. */
const PAGE_EDGE = 15;

export default function KlineChart({ symbol, interval, main, sub, precision = 2 }: Props) {
  const { t } = useTranslation();
  const { data, loadOlder } = useChartData(symbol, interval, main, sub);
  const box = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const candleRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const linesRef = useRef<{ main: LineApi[]; sub: LineApi[]; key: string }>({ main: [], sub: [], key: '' });
  const shownRef = useRef<{ id: string; len: number; first: number }>({ id: '', len: 0, first: 0 });
  const colors = useRef(themeColors());

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = colors.current;
    const chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: c.bg },
        textColor: c.text,
        fontSize: 11,
        attributionLogo: false,
        panes: { separatorColor: 'rgba(255,255,255,0.08)', enableResize: false },
      },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
      rightPriceScale: { borderColor: 'rgba(255,255,255,0.08)' },
      timeScale: {
        borderColor: 'rgba(255,255,255,0.08)',
        timeVisible: true,
        secondsVisible: false,
        rightOffset: 3,
      },
      crosshair: { mode: CrosshairMode.Normal },
      localization: { locale: 'en-US' },
    });
    candleRef.current = chart.addSeries(CandlestickSeries, {
      upColor: c.up,
      downColor: c.down,
      wickUpColor: c.up,
      wickDownColor: c.down,
      borderVisible: false,
    });
    chartRef.current = chart;
    return () => {
      chart.remove();
      chartRef.current = null;
      candleRef.current = null;
      linesRef.current = { main: [], sub: [], key: '' };
      shownRef.current = { id: '', len: 0, first: 0 };
    };
  }, []);

  useEffect(() => {
    candleRef.current?.applyOptions({ priceFormat: { type: 'price', precision, minMove: 10 ** -precision } });
  }, [precision]);

  useEffect(() => {
    const chart = chartRef.current;
    const cs = candleRef.current;
    if (!chart || !cs || !data) return;
    const c = colors.current;
    const key = `${data.main.map((l) => l.name).join()}|${data.sub.map((l) => l.name).join()}`;
    const lines = linesRef.current;
    const rebuilt = lines.key !== key;
    if (rebuilt) {
      for (const s of [...lines.main, ...lines.sub]) chart.removeSeries(s);
      const opts = (i: number) => ({
        color: c.lines[i % c.lines.length]!,
        lineWidth: 1 as const,
        priceLineVisible: false,
        lastValueVisible: false,
        crosshairMarkerVisible: false,
      });
      lines.main = data.main.map((_, i) => chart.addSeries(LineSeries, opts(i), 0));
      lines.sub = data.sub.map((l, i) =>
        isHistogramLine(l.name)
          ? chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false }, 1)
          : chart.addSeries(LineSeries, opts(i), 1),
      );
      lines.key = key;
      const panes = chart.panes();
      panes[0]?.setStretchFactor(3);
      panes[1]?.setStretchFactor(1);
    }
    const id = `${symbol}:${interval}`;
    const n = data.time.length;
    const shown = shownRef.current;
    const sameFirst = n > 0 && data.time[0] === shown.first;
    const tail =
      !rebuilt && data.tailOnly && shown.id === id && sameFirst && (n === shown.len || n === shown.len + 1);
    if (tail && n > 0) {
      const i = n - 1;
      cs.update(candleAt(data, i));
      data.main.forEach((l, k) => lines.main[k]?.update(lineAt(data, l, i)));
      data.sub.forEach((l, k) =>
        updateSub(
          lines.sub[k],
          data,
          i,
          isHistogramLine(l.name) ? histAt(data, l, i, c) : lineAt(data, l, i),
        ),
      );
    } else {
      cs.setData(candles(data));
      data.main.forEach((l, k) => lines.main[k]?.setData(lineSeries(data, l)));
      data.sub.forEach((l, k) =>
        lines.sub[k]?.setData(isHistogramLine(l.name) ? histSeries(data, l, c) : lineSeries(data, l)),
      );
      if (shown.id !== id && n > 0) {
        chart.timeScale().setVisibleLogicalRange({ from: Math.max(0, n - INITIAL_BARS), to: n + 2 });
      }
    }
    shownRef.current = { id, len: n, first: n > 0 ? data.time[0]! : 0 };
  }, [data, symbol, interval]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    let busy = false;
    const onRange = (r: LogicalRange | null) => {
      if (!r || busy || r.from > PAGE_EDGE) return;
      busy = true;
      void loadOlder().finally(() => {
        busy = false;
      });
    };
    const scale = chart.timeScale();
    scale.subscribeVisibleLogicalRangeChange(onRange);
    return () => scale.unsubscribeVisibleLogicalRangeChange(onRange);
  }, [loadOlder]);

  return (
    <div
      className="kl-chart"
      ref={box}
      role="img"
      aria-label={t('markets:kline.chart', { symbol })}
      data-testid="kline-chart"
    >
      {!data && <div className="kl-chart--loading">{t('markets:kline.chartLoading')}</div>}
    </div>
  );
}

function updateSub(
  s: LineApi | undefined,
  _data: ChartData,
  _i: number,
  point: Parameters<ISeriesApi<'Line'>['update']>[0] | Parameters<ISeriesApi<'Histogram'>['update']>[0],
): void {
  // Both series kinds accept their own point shape; the caller built the matching one.
  (s as ISeriesApi<'Histogram'> | undefined)?.update(
    point as Parameters<ISeriesApi<'Histogram'>['update']>[0],
  );
}
