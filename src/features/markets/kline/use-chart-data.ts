// Chart data for one symbol and interval: the bridge's bars and the chosen main and sub indicator lines,
// which the market worker computes over the same series (the main thread only hands them to the chart).
import { useMemo } from 'react';
import type { Interval } from '../../../../workers/protocol/market.ts';
import { useIndicator, type ChartBar, type IndicatorView } from '../../../market/hooks.ts';
import { useCandles } from '../live.ts';
import type { MainIndicator, SubIndicator } from './chart-prefs.ts';

export interface ChartData {
  /** Oldest first; bar times in seconds (UTC). */
  bars: readonly ChartBar[];
  /** Bumps on every full (re)load; between bumps only live bars change. */
  version: number;
}

export interface ChartDataResult {
  data: ChartData | undefined;
  main: IndicatorView;
  sub: IndicatorView;
  status: 'pending' | 'success' | 'error';
  loadOlder: (bars?: number) => Promise<number>;
}

export function useChartData(
  symbol: string,
  interval: Interval,
  main: MainIndicator,
  sub: SubIndicator,
): ChartDataResult {
  const { bars, version, status, loadOlder } = useCandles(symbol, interval);
  const mainView = useIndicator(symbol, interval, main);
  const subView = useIndicator(symbol, interval, sub);
  const data = useMemo(() => (bars.length ? { bars, version } : undefined), [bars, version]);
  return { data, main: mainView, sub: subView, status, loadOlder };
}
