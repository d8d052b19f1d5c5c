// Candle arithmetic on integer units: bar boundaries per interval, folding trades into a bar, and deriving
// higher intervals from lower ones (5m…4h from 1m, 1w from 1d).

import { INTERVAL_MS, type Candle, type Interval } from '../../../workers/protocol/market.ts';
import { DAY_MS, pktDayStart, pktWeekday } from './calendar.ts';
import { formatMinor } from '../../../contract/money.ts';

/** A bar in integer units: prices in price units, v in quantity units, q = Σ price·qty units (can exceed 2^53). */
export interface Bar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  q: bigint;
}

/** Open time of the bar of `iv` containing ts. Days and weeks follow the Asia/Karachi calendar (week from Monday). */
export function barStart(ts: number, iv: Interval): number {
  if (iv === '1d') return pktDayStart(ts);
  if (iv === '1w') return pktDayStart(ts) - ((pktWeekday(ts) + 6) % 7) * DAY_MS;
  const len = INTERVAL_MS[iv];
  return Math.floor(ts / len) * len;
}

/** Folds one trade into the bar open at ts (a new bar when `bar` is absent or belongs to an earlier period). */
export function foldTrade(bar: Bar | undefined, iv: Interval, ts: number, price: number, qty: number): Bar {
  const t = barStart(ts, iv);
  const q = BigInt(price) * BigInt(qty);
  if (!bar || bar.t !== t) return { t, o: price, h: price, l: price, c: price, v: qty, q };
  bar.h = Math.max(bar.h, price);
  bar.l = Math.min(bar.l, price);
  bar.c = price;
  bar.v += qty;
  bar.q += q;
  return bar;
}

/** Merges `b` (later) into `a` (earlier) of the same period. */
export function mergeBar(a: Bar, b: Bar): Bar {
  return { t: a.t, o: a.o, h: Math.max(a.h, b.h), l: Math.min(a.l, b.l), c: b.c, v: a.v + b.v, q: a.q + b.q };
}

/** Groups bars (oldest → newest, of a finer interval) into `iv` bars. */
export function aggregate(bars: readonly Bar[], iv: Interval): Bar[] {
  const out: Bar[] = [];
  let cur: Bar | undefined;
  for (const b of bars) {
    const t = barStart(b.t, iv);
    if (cur && cur.t === t) cur = mergeBar(cur, b);
    else {
      if (cur) out.push(cur);
      cur = { ...b, t };
    }
  }
  if (cur) out.push(cur);
  return out;
}

export function toCandle(b: Bar, priceDecimals: number, qtyDecimals: number): Candle {
  return {
    t: b.t,
    o: formatMinor(b.o, priceDecimals),
    h: formatMinor(b.h, priceDecimals),
    l: formatMinor(b.l, priceDecimals),
    c: formatMinor(b.c, priceDecimals),
    v: formatMinor(b.v, qtyDecimals),
  };
}

/** The source interval a higher one is derived from. */
export function sourceInterval(iv: Interval): '1m' | '1d' {
  return iv === '1d' || iv === '1w' ? '1d' : '1m';
}
