// The candlestick chart (lightweight-charts v5), loaded lazily: candles + main indicator lines in the top
// pane, the sub indicator (volume bars, MACD, RSI, KDJ) in a second pane. The indicator lines come computed
// from the market worker; this component only hands them over. Live ticks update only the last bar; a full
// setData happens on load, on interval/indicator change, when older history is paged in (scrolling near
// the left edge asks the bridge for the previous page) and when a new bar pushes the oldest out of the
// MAX_CHART_BARS window (the view is shifted so the bars on screen stay put).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  createChart,
  type IChartApi,
  type ISeriesApi,
  type LogicalRange,
  type MouseEventParams,
} from 'lightweight-charts';
import type { Interval } from '../../../../workers/protocol/market.ts';
import type { ChartBar } from '../../../market/hooks.ts';
import { useChartData } from './use-chart-data.ts';
import {
  candleAt,
  candles,
  countBefore,
  prependedCount,
  rangeAfterTrim,
  themeColors,
  type BarRange,
} from './chart-series.ts';
import type { MainIndicator, SubIndicator } from './chart-prefs.ts';
import { ChartLegend } from './chart-legend.tsx';
import { EMPTY_PANE, syncPane, type PaneState } from './indicator-pane.ts';
import { priceAxisFormat } from './chart-format.ts';
import s from './kline-chart.module.css';

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
/** What the candle series shows: which channel, which post of it, and the bars (kept by reference). */
interface Shown {
  id: string;
  version: number;
  bars: readonly ChartBar[];
}
const EMPTY_SHOWN: Shown = { id: '', version: -1, bars: [] };

export default function KlineChart({ symbol, interval, main, sub, precision = 2 }: Props) {
  const { t } = useTranslation();
  const { data, main: mainView, sub: subView, status, loadOlder } = useChartData(symbol, interval, main, sub);
  const loadOlderRef = useRef(loadOlder);
  useEffect(() => {
    loadOlderRef.current = loadOlder;
  }, [loadOlder]);
  const box = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const candleRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const panesRef = useRef<{ main: PaneState; sub: PaneState }>({ main: EMPTY_PANE, sub: EMPTY_PANE });
  const shownRef = useRef<Shown>(EMPTY_SHOWN);
  /** The visible range to restore once every series of this render holds its new bars. */
  const rangeRef = useRef<BarRange | null>(null);
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
      panesRef.current = { main: EMPTY_PANE, sub: EMPTY_PANE };
      shownRef.current = EMPTY_SHOWN;
      rangeRef.current = null;
    };
  }, [colors]);

  useEffect(() => {
    candleRef.current?.applyOptions({ priceFormat: priceAxisFormat(precision) });
  }, [precision]);

  useEffect(() => {
    const chart = chartRef.current;
    const cs = candleRef.current;
    if (!chart || !cs) return;
    rangeRef.current = null;
    if (!data) {
      // Another interval or symbol is loading: never leave the previous series on screen under its name.
      if (shownRef.current.bars.length > 0) {
        cs.setData([]);
        shownRef.current = EMPTY_SHOWN;
      }
      return;
    }
    const id = `${symbol}:${interval}`;
    const { bars } = data;
    const n = bars.length;
    const shown = shownRef.current;
    const len = shown.bars.length;
    const same = shown.id === id && shown.version === data.version;
    // A live bar pushed the oldest ones out of the window (the bridge keeps MAX_CHART_BARS, as the worker).
    const trimmed = same && n > 0 ? countBefore(shown.bars, (b) => b.time, bars[0]!.time) : 0;
    // Between two versions only live bars change (the last one, or one appended): update() from the
    // last bar shown; anything else (new series, older page, resync, a trimmed front) is a full setData.
    const tail = same && trimmed === 0 && n >= len && n <= len + 2;
    if (tail) {
      for (let i = Math.max(0, len - 1); i < n; i++) cs.update(candleAt(bars[i]!));
    } else {
      const scale = chart.timeScale();
      const keep = shown.id === id ? scale.getVisibleLogicalRange() : null;
      cs.setData(candles(bars));
      if (shown.id !== id) {
        scale.setVisibleLogicalRange({ from: Math.max(0, n - INITIAL_BARS), to: n + 2 });
      } else if (keep && trimmed > 0) {
        // Logical indexes moved left by the trimmed bars: move the view as far so it does not jump.
        rangeRef.current = rangeAfterTrim(keep, len, n, trimmed);
      } else if (keep) {
        // An older page was prepended: keep the same bars on screen instead of jumping.
        const added = prependedCount(bars, shown.bars[0]?.time ?? 0);
        if (added > 0) rangeRef.current = { from: keep.from + added, to: keep.to + added };
      }
    }
    shownRef.current = { id, version: data.version, bars };
  }, [data, symbol, interval]);

  // The indicator panes follow their own posts from the worker (a new choice arrives a flush after the click).
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const r = syncPane(chart, 0, main, mainView, panesRef.current.main, colors);
    panesRef.current.main = r.state;
    if (r.rebuilt) stretchPanes(chart);
  }, [main, mainView, colors]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const r = syncPane(chart, 1, sub, subView, panesRef.current.sub, colors);
    panesRef.current.sub = r.state;
    if (r.rebuilt) stretchPanes(chart);
  }, [sub, subView, colors]);

  // After the candles and both panes took this render's bars (the worker posts them in one batch): only now
  // does the time scale hold exactly the candle bars, so the logical indexes are the ones rangeRef counts.
  useEffect(() => {
    const r = rangeRef.current;
    const chart = chartRef.current;
    rangeRef.current = null;
    if (r && chart) chart.timeScale().setVisibleLogicalRange(r);
  }, [data, mainView, subView]);

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
      className={s.chart}
      ref={box}
      role="img"
      aria-label={t('markets:kline.chart', { symbol })}
      data-testid="kline-chart"
    >
      {data && (
        <ChartLegend
          bars={data.bars}
          main={mainView}
          sub={subView}
          index={hover}
          colors={colors.lines}
          precision={precision}
        />
      )}
      {!data && (
        <div className={s.loading}>
          {status === 'error' ? t('markets:state.error') : t('markets:kline.chartLoading')}
        </div>
      )}
    </div>
  );
}

/** Candles and main lines get three quarters of the height, the sub indicator the rest. */
function stretchPanes(chart: IChartApi): void {
  const panes = chart.panes();
  panes[0]?.setStretchFactor(3);
  panes[1]?.setStretchFactor(1);
}
