// The candlestick chart (lightweight-charts v5), loaded lazily: candles + main indicator lines in the top
// pane, the sub indicator (volume bars, MACD, RSI, KDJ) in a second pane. Live ticks update only the last
// bar; a full setData happens on load, on interval/indicator change and when older history is paged in
// (scrolling near the left edge asks the bridge for the previous page).
import { useEffect, useRef, useState } from 'react';
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
  type MouseEventParams,
} from 'lightweight-charts';
import type { Interval } from '../../../../workers/protocol/market.ts';
import { useChartData } from './use-chart-data.ts';
import {
  candleAt,
  candles,
  histAt,
  histSeries,
  isHistogramLine,
  lineAt,
  lineSeries,
  prependedCount,
  themeColors,
} from './chart-series.ts';
import type { MainIndicator, SubIndicator } from './chart-prefs.ts';
import { ChartLegend } from './chart-legend.tsx';

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
const EMPTY_SHOWN = { id: '', len: 0, version: -1, first: 0 };

export default function KlineChart({ symbol, interval, main, sub, precision = 2 }: Props) {
  const { t } = useTranslation();
  const { data, status, loadOlder } = useChartData(symbol, interval, main, sub);
  const loadOlderRef = useRef(loadOlder);
  useEffect(() => {
    loadOlderRef.current = loadOlder;
  }, [loadOlder]);
  const box = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const candleRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const linesRef = useRef<{ main: LineApi[]; sub: LineApi[]; key: string }>({ main: [], sub: [], key: '' });
  const shownRef = useRef<{ id: string; len: number; version: number; first: number }>(EMPTY_SHOWN);
  const [colors] = useState(themeColors);
  const [hover, setHover] = useState<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = colors;
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
        // No empty space before the first bar: reaching it is what pages older history in.
        fixLeftEdge: true,
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
    // Head-room for the indicator legend above the highest candle.
    candleRef.current.priceScale().applyOptions({ scaleMargins: { top: 0.16, bottom: 0.04 } });
    chartRef.current = chart;
    const onMove = (p: MouseEventParams) => setHover(p.logical ?? null);
    chart.subscribeCrosshairMove(onMove);
    return () => {
      chart.unsubscribeCrosshairMove(onMove);
      chart.remove();
      chartRef.current = null;
      candleRef.current = null;
      linesRef.current = { main: [], sub: [], key: '' };
      shownRef.current = EMPTY_SHOWN;
    };
  }, [colors]);

  useEffect(() => {
    candleRef.current?.applyOptions({ priceFormat: { type: 'price', precision, minMove: 10 ** -precision } });
  }, [precision]);

  useEffect(() => {
    const chart = chartRef.current;
    const cs = candleRef.current;
    if (!chart || !cs) return;
    if (!data) {
      // Another interval or symbol is loading: never leave the previous series on screen under its name.
      if (shownRef.current.len > 0) {
        cs.setData([]);
        for (const l of [...linesRef.current.main, ...linesRef.current.sub]) l.setData([]);
        shownRef.current = EMPTY_SHOWN;
      }
      return;
    }
    const c = colors;
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
      // Volume reads as 1.2M on its scale, not 1200000.00.
      const isVol = data.sub[0]?.name === 'vol';
      const fmt = isVol ? { priceFormat: { type: 'volume' as const } } : {};
      lines.sub = data.sub.map((l, i) =>
        isHistogramLine(l.name)
          ? chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false, ...fmt }, 1)
          : chart.addSeries(LineSeries, { ...opts(i), ...fmt }, 1),
      );
      lines.key = key;
      const panes = chart.panes();
      panes[0]?.setStretchFactor(3);
      panes[1]?.setStretchFactor(1);
    }
    const id = `${symbol}:${interval}`;
    const n = data.time.length;
    const shown = shownRef.current;
    // Between two versions only live bars change (the last one, or one appended): update() from the
    // last bar shown; anything else (new series, older page, resync, new indicator) is a full setData.
    const tail =
      !rebuilt && shown.id === id && shown.version === data.version && n >= shown.len && n <= shown.len + 2;
    if (tail) {
      for (let i = Math.max(0, shown.len - 1); i < n; i++) {
        cs.update(candleAt(data, i));
        data.main.forEach((l, k) => lines.main[k]?.update(lineAt(data, l, i)));
        data.sub.forEach((l, k) => {
          const s = lines.sub[k];
          if (!s) return;
          if (isHistogramLine(l.name)) (s as ISeriesApi<'Histogram'>).update(histAt(data, l, i, c));
          else (s as ISeriesApi<'Line'>).update(lineAt(data, l, i));
        });
      }
    } else {
      const scale = chart.timeScale();
      const keep = shown.id === id ? scale.getVisibleLogicalRange() : null;
      cs.setData(candles(data));
      data.main.forEach((l, k) => lines.main[k]?.setData(lineSeries(data, l)));
      data.sub.forEach((l, k) => {
        const s = lines.sub[k];
        if (!s) return;
        if (isHistogramLine(l.name)) (s as ISeriesApi<'Histogram'>).setData(histSeries(data, l, c));
        else (s as ISeriesApi<'Line'>).setData(lineSeries(data, l));
      });
      if (shown.id !== id) {
        scale.setVisibleLogicalRange({ from: Math.max(0, n - INITIAL_BARS), to: n + 2 });
      } else if (keep) {
        // An older page was prepended: keep the same bars on screen instead of jumping.
        const added = prependedCount(data.time, shown.first);
        if (added > 0) scale.setVisibleLogicalRange({ from: keep.from + added, to: keep.to + added });
      }
    }
    shownRef.current = { id, len: n, version: data.version, first: data.time[0] ?? 0 };
  }, [data, symbol, interval, colors]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    let busy = false;
    let exhausted = false;
    const onRange = (r: LogicalRange | null) => {
      if (!r || busy || exhausted || r.from > PAGE_EDGE) return;
      busy = true;
      void loadOlderRef
        .current()
        .catch(() => 0)
        .then((added) => {
          // Nothing more to page in: stop asking until the series changes.
          if (added === 0) exhausted = true;
        })
        .finally(() => {
          busy = false;
        });
    };
    const scale = chart.timeScale();
    scale.subscribeVisibleLogicalRangeChange(onRange);
    return () => scale.unsubscribeVisibleLogicalRangeChange(onRange);
  }, [symbol, interval]);

  return (
    <div
      className="kl-chart"
      ref={box}
      role="img"
      aria-label={t('markets:kline.chart', { symbol })}
      data-testid="kline-chart"
    >
      {data && <ChartLegend data={data} index={hover} colors={colors.lines} precision={precision} />}
      {!data && (
        <div className="kl-chart--loading">
          {status === 'error' ? t('markets:state.error') : t('markets:kline.chartLoading')}
        </div>
      )}
    </div>
  );
}
