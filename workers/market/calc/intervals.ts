// Bar open times per interval, following the wire contract in protocol/market.ts (INTERVAL_MS): intraday
// bars open at UTC multiples of their length; '1d' at 00:00 Asia/Karachi and '1w' on Monday 00:00 Karachi.
import type { Interval } from '../../protocol/market.ts';
import { INTERVAL_MS } from '../../protocol/market.ts';

/** Asia/Karachi is UTC+5 all year (no daylight saving since 2009), so a fixed offset is exact. */
export const KARACHI_OFFSET_MS = 5 * 3_600_000;
const DAY_MS = 86_400_000;

/** Open time (ms) of the bar of `interval` that contains `ts`. */
export function barOpenTime(interval: Interval, ts: number): number {
  if (interval === '1d' || interval === '1w') {
    const localDay = Math.floor((ts + KARACHI_OFFSET_MS) / DAY_MS);
    // Day 0 (1970-01-01) was a Thursday: (day + 3) mod 7 counts days since the last Monday.
    const day = interval === '1d' ? localDay : localDay - ((((localDay + 3) % 7) + 7) % 7);
    return day * DAY_MS - KARACHI_OFFSET_MS;
  }
  const len = INTERVAL_MS[interval];
  return Math.floor(ts / len) * len;
}

/** Open time of the bar after the one opening at `openTime` (every interval has a fixed length here). */
export function nextBarOpenTime(interval: Interval, openTime: number): number {
  return openTime + INTERVAL_MS[interval];
}
