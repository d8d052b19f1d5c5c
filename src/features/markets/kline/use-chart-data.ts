// Chart data for one symbol and interval: the bridge's bars as float columns plus the chosen indicator
// lines, and whether the latest change touched only the tail (live bar) or needs a full setData.
import { useMemo } from 'react';
import type { Interval } from '../../../../workers/protocol/market.ts';
import { useCandles, type ChartLine } from '../live.ts';
import type { MainIndicator, SubIndicator } from './chart-prefs.ts';
import { mainLines, subLines, type Columns } from './indicators.ts';

export interface ChartData extends Columns {
  /** Bar open times in seconds (UTC), oldest first. */
  time: readonly number[];
  main: readonly ChartLine[];
  sub: readonly ChartLine[];
  /** Bumps on every full (re)load; between bumps only live bars change. */
  version: number;
}

export interface ChartDataResult {
  data: ChartData | undefined;
  status: 'pending' | 'success' | 'error';
  loadOlder: (bars?: number) => Promise<number>;
}

export function useChartData(
  symbol: string,
  interval: Interval,
  main: MainIndicator,
  sub: SubIndicator,
): ChartDataResult {
  const view = useCandles(symbol, interval);
  const { bars, version, status, loadOlder } = view;
  const cols = useMemo(() => {
    const n = bars.length;
    const c = {
      time: new Array<number>(n),
      open: new Array<number>(n),
      high: new Array<number>(n),
      low: new Array<number>(n),
      close: new Array<number>(n),
      volume: new Array<number>(n),
    };
    for (let i = 0; i < n; i++) {
      const b = bars[i]!;
      c.time[i] = b.time;
      c.open[i] = b.open;
      c.high[i] = b.high;
      c.low[i] = b.low;
      c.close[i] = b.close;
      c.volume[i] = b.volume;
    }
    return c;
  }, [bars]);
  const data = useMemo<ChartData | undefined>(
    () =>
      bars.length === 0
        ? undefined
        : { ...cols, main: mainLines(main, cols), sub: subLines(sub, cols), version },
    [bars.length, cols, main, sub, version],
  );
  return { data, status, loadOlder };
}
