// Indicator lines from the worker into their atoms: replace on a reset, merge a live tail by time, and keep
// the same bar window as the candles (MAX_CHART_BARS). The values are the worker's; this file only keeps the
// arrays the chart reads.
import {
  IP_LINES,
  IP_TIME,
  IP_UP,
  MAX_CHART_BARS,
  type IndicatorUpdate,
} from '../../workers/protocol/market-api.ts';
import type { appStore } from '../shared/state/jotai.ts';
import { indicatorAtomFamily, type IndicatorView } from './atoms.ts';

/**
 * The next view of one indicator: a reset replaces it, a live tail replaces points by time or appends them
 * (copy-on-write; a few thousand floats per line), then the oldest points past `maxBars` go from every line,
 * as they go from the candles. Bookkeeping only: the values are the worker's.
 */
export function nextIndicator(
  prev: IndicatorView,
  u: IndicatorUpdate,
  maxBars: number = MAX_CHART_BARS,
): IndicatorView {
  const width = u.lines.length;
  const stride = IP_LINES + width;
  const n = Math.floor(u.points.length / stride);
  const whole = u.reset || prev.status === 'pending' || prev.lines.join() !== u.lines.join();
  const time = whole ? [] : prev.time.slice();
  const up = whole ? [] : prev.up.slice();
  const values = whole ? u.lines.map(() => [] as number[]) : prev.values.map((v) => v.slice());
  let changedFrom = time.length;
  for (let k = 0; k < n; k++) {
    const o = k * stride;
    const t = u.points[o + IP_TIME]!;
    let i = time.length;
    while (i > 0 && time[i - 1]! > t) i--;
    const same = i > 0 && time[i - 1] === t;
    const at = same ? i - 1 : i;
    const put = <T>(a: T[], v: T) => (same ? (a[at] = v) : a.splice(at, 0, v));
    put(time, t);
    put(up, u.points[o + IP_UP]!);
    for (let j = 0; j < width; j++) put(values[j]!, u.points[o + IP_LINES + j]!);
    if (at < changedFrom) changedFrom = at;
  }
  const drop = time.length - maxBars;
  if (drop > 0) {
    time.splice(0, drop);
    up.splice(0, drop);
    for (const v of values) v.splice(0, drop);
    changedFrom = Math.max(0, changedFrom - drop);
  }
  return {
    status: 'success',
    lines: whole ? u.lines : prev.lines,
    time,
    up,
    values,
    version: whole ? prev.version + 1 : prev.version,
    changedFrom: whole ? time.length : changedFrom,
  };
}

export function applyIndicators(store: typeof appStore, updates: readonly IndicatorUpdate[]): void {
  for (const u of updates) {
    const a = indicatorAtomFamily(`${u.symbol}:${u.interval}:${u.name}`);
    store.set(a, nextIndicator(store.get(a), u));
  }
}
