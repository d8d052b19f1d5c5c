// Read side of the simulator: formats live state and stored bars into the wire shapes (books, candle pages,
// stock info, a step's book delta). Candle pages read the database (async); the rest reads memory only.

import {
  INTERVAL_MS,
  MAX_BOOK_DEPTH,
  MAX_CANDLES,
  type Book,
  type BookDelta,
  type Candle,
  type Interval,
  type StockInfo,
  type Ticker,
} from '../../../workers/protocol/market.ts';
import type { UnitBook, UnitLevel } from './book.ts';
import { aggregate, barStart, sourceInterval, toCandle, type Bar } from './candles.ts';
import type { LiveState } from './instrument-state.ts';
import { psxNextChangeAt, type HaltState } from './market-halt.ts';
import type { CandleRange } from './market-source.ts';
import type { MarketStore } from './store.ts';
import { formatMinor } from '../../../contract/money.ts';

/** Rows of 1m bars read for one candle query (the store keeps only a few days of them anyway). */
const MAX_SOURCE_ROWS = 20_000;

function levels(side: readonly UnitLevel[], s: LiveState): [string, string][] {
  return side.map(([p, q]) => [formatMinor(p, s.ins.priceDecimals), formatMinor(q, s.ins.qtyDecimals)]);
}

export function formatBook(s: LiveState, depth: number, ts: number): Book {
  const d = Math.min(Math.max(depth, 1), MAX_BOOK_DEPTH);
  return {
    s: s.ins.symbol,
    b: levels(s.book.bids.slice(0, d), s),
    a: levels(s.book.asks.slice(0, d), s),
    t: ts,
  };
}

export function formatBookDelta(s: LiveState, delta: UnitBook, ts: number): BookDelta {
  return { b: levels(delta.bids, s), a: levels(delta.asks, s), t: ts };
}

/** Candles of `iv` for the range, oldest → newest, stored bars merged with the live ones. */
export async function queryCandles(
  store: MarketStore,
  s: LiveState,
  iv: Interval,
  r: CandleRange,
  now: number,
): Promise<Candle[]> {
  const src = sourceInterval(iv);
  const to = r.to ?? now;
  const limit = Math.min(r.limit ?? MAX_CANDLES, MAX_CANDLES);
  const from = r.from === undefined ? 0 : barStart(r.from, iv);
  const perBar = Math.max(1, Math.round(INTERVAL_MS[iv] / INTERVAL_MS[src]));
  const rows = await store.range(
    src,
    s.ins.symbol,
    from,
    to,
    Math.min(limit * perBar + perBar, MAX_SOURCE_ROWS),
  );
  // The live bar as it is now, after the read: the page is then as of this moment.
  const live = s.bars.get(src);
  if (live && live.t >= from && live.t <= to) {
    const lastRow = rows[rows.length - 1];
    if (lastRow && lastRow.t === live.t) rows[rows.length - 1] = live;
    else if (!lastRow || lastRow.t < live.t) rows.push(live);
  }
  const bars: Bar[] = iv === src ? rows : aggregate(rows, iv);
  const page = bars.filter((b) => b.t >= from && b.t <= to).slice(-limit);
  return page.map((b) => toCandle(b, s.ins.priceDecimals, s.ins.qtyDecimals));
}

export interface InfoExtras {
  ticker: Ticker;
  alwaysOpen: boolean;
  now: number;
  /** the market-wide halt state (a halt in progress decides the next change) */
  halt: HaltState;
}

/** `year`: the stored daily bars of the last 365 days (YearBars), for the 52-week range. */
export function stockInfo(year: readonly Bar[], s: LiveState, x: InfoExtras): StockInfo {
  const pd = s.ins.priceDecimals;
  const day = s.bars.get('1d');
  let hi = s.last;
  let lo = s.last;
  for (const b of day ? [...year, day] : year) {
    hi = Math.max(hi, b.h);
    lo = Math.min(lo, b.l);
  }
  const info: StockInfo = {
    ...s.ins,
    ticker: x.ticker,
    limitUp: s.band ? formatMinor(s.band.up, pd) : '0',
    limitDown: s.band ? formatMinor(s.band.down, pd) : '0',
    high52w: formatMinor(hi, pd),
    low52w: formatMinor(lo, pd),
    shares: String(s.sim.shares),
    marketCap: formatMinor(BigInt(s.sim.shares) * BigInt(s.last), pd),
    nextChange: s.ins.market === 'crypto' ? null : psxNextChangeAt(x.halt, x.now, x.alwaysOpen),
  };
  if (s.sim.constituents) info.constituents = [...s.sim.constituents];
  return info;
}
