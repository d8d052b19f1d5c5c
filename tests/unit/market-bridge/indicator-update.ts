// One indicator post as the worker sends it, for the bridge tests: OGDC 1m SMA, `rows` of [time, up, ...lines].
import type { IndicatorUpdate } from '../../../workers/protocol/market-api.ts';

export const indicatorUpdate = (
  reset: boolean,
  rows: number[][],
  lines = ['ma5', 'ma10'],
): IndicatorUpdate => ({
  symbol: 'OGDC',
  interval: '1m',
  name: 'SMA',
  lines,
  reset,
  points: Float64Array.from(rows.flat()),
});
