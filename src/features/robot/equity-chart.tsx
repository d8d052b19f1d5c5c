// The equity curve of one robot allocation beside the buy-and-hold of its market over the same period
// (lightweight-charts v5, as the k-line uses it), loaded lazily: both lines start at the allocated amount, so
// the gap between them is what the strategy did better or worse than simply holding. Plotting is the only
// place these figures become floating-point numbers; every figure in text stays a decimal string.
import { useEffect, useRef } from 'react';
import { ColorType, LineSeries, createChart, type UTCTimestamp } from 'lightweight-charts';
import s from './robot.module.css';

export interface CurvePoint {
  /** epoch ms */
  time: number;
  equity: string;
  benchmark: string;
}

interface Props {
  points: readonly CurvePoint[];
  equityLabel: string;
  benchmarkLabel: string;
}

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** One point per second at most (the chart refuses equal times); the last value of a second wins. */
function series(points: readonly CurvePoint[], pick: (p: CurvePoint) => string) {
  const bySecond = new Map<number, number>();
  for (const p of points) bySecond.set(Math.floor(p.time / 1000), Number(pick(p)));
  return [...bySecond.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([time, value]) => ({ time: time as UTCTimestamp, value }));
}

export default function EquityChart({ points, equityLabel, benchmarkLabel }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: cssVar('--bg', '#070d1f') },
        textColor: cssVar('--text-2', '#a7b2cc'),
        fontSize: 11,
        attributionLogo: false,
      },
      grid: {
        vertLines: { color: 'rgba(255,255,255,0.05)' },
        horzLines: { color: 'rgba(255,255,255,0.05)' },
      },
      rightPriceScale: { borderColor: 'rgba(255,255,255,0.08)' },
      timeScale: { borderColor: 'rgba(255,255,255,0.08)', timeVisible: true, secondsVisible: false },
      localization: { locale: 'en-US' },
      handleScroll: false,
      handleScale: false,
    });
    const equity = chart.addSeries(LineSeries, {
      color: cssVar('--primary', '#2f7bff'),
      lineWidth: 2,
      title: equityLabel,
    });
    const bench = chart.addSeries(LineSeries, {
      color: cssVar('--text-2', '#a7b2cc'),
      lineWidth: 1,
      lineStyle: 2,
      title: benchmarkLabel,
    });
    equity.setData(series(points, (p) => p.equity));
    bench.setData(series(points, (p) => p.benchmark));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [points, equityLabel, benchmarkLabel]);
  return <div ref={box} className={s.chart} data-testid="robot-equity-chart" dir="ltr" />;
}
