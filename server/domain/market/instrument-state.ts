// Live state of one instrument in the simulator: last price, the live bar of every interval, today's band,
// the book and the recent prints; and how a trade or a day change updates it.

import {
  INTERVALS,
  type Instrument,
  type Interval,
  type SessionState,
  type Ticker,
  type Trade,
} from '../../../workers/protocol/market.ts';
import { pktDayStart, psxPriceLimits } from './calendar.ts';
import { barStart, foldTrade, type Bar } from './candles.ts';
import type { UnitBook } from './book.ts';
import type { SimInstrument } from './universe.ts';
import { formatMinor, percentChange } from '../../../contract/money.ts';
import type { Band } from './walk.ts';

export const TRADES_KEPT = 200;

export interface LiveState {
  sim: SimInstrument;
  ins: Instrument;
  last: number;
  logP: number;
  prevClose: number;
  /** Asia/Karachi day of the current session (its daily bar is bars['1d'] when it has traded) */
  dayStart: number;
  band: Band | undefined;
  /** live (not yet closed) bar per interval */
  bars: Map<Interval, Bar>;
  /** bars closed during the current step, reported once with the next update */
  closed: Map<Interval, Bar>;
  /** closed 1-minute bars waiting to be persisted */
  pending1m: Bar[];
  /** closed daily bars waiting to be persisted */
  pendingDays: Bar[];
  book: UnitBook;
  bookDelta: UnitBook | null;
  trades: Trade[];
  lastTradeId: number;
  lastStep: number;
  /** minute of the last closeStaleBars check: bars only close on minute boundaries */
  checkedMinute: number;
  /**
   * Updates emitted for this symbol so far: the seq of its ticker, trades, book and candle channels. It lives
   * with the state (not in a socket hub), so every node that applies the same steps counts the same.
   */
  seq: number;
}

export function newState(
  sim: SimInstrument,
  last: number,
  prevClose: number,
  dayStart: number,
  now: number,
): LiveState {
  const s: LiveState = {
    sim,
    ins: sim.ins,
    last,
    logP: Math.log(last),
    prevClose,
    dayStart,
    band: undefined,
    bars: new Map(),
    closed: new Map(),
    pending1m: [],
    pendingDays: [],
    book: { bids: [], asks: [] },
    bookDelta: null,
    trades: [],
    lastTradeId: 0,
    lastStep: now,
    checkedMinute: 0,
    seq: 0,
  };
  s.band = bandFor(s);
  return s;
}

/** The daily band of a state's session (PSX only), from its reference close. */
export function bandFor(s: Pick<LiveState, 'ins' | 'prevClose'>): Band | undefined {
  return s.ins.market === 'psx' ? psxPriceLimits(s.prevClose, s.ins.priceDecimals) : undefined;
}

/** Starts a new session day: yesterday's last price becomes the reference close and the band moves. */
export function rollDay(s: LiveState, ts: number): void {
  s.dayStart = pktDayStart(ts);
  s.prevClose = s.last;
  s.band = bandFor(s);
}

/** Closes live bars whose period ended before ts (no trade arrived to close them). */
export function closeStaleBars(s: LiveState, ts: number): void {
  // Every interval's boundaries (days and weeks in Karachi too) fall on whole minutes.
  const minute = Math.floor(ts / 60_000);
  if (minute === s.checkedMinute) return;
  s.checkedMinute = minute;
  for (const iv of INTERVALS) {
    const b = s.bars.get(iv);
    if (!b || b.t === barStart(ts, iv)) continue;
    s.bars.delete(iv);
    if (iv === '1m') s.pending1m.push(b);
    if (iv === '1d') s.pendingDays.push(b);
  }
}

/** Folds a print (or, for an index, a level change with the volume behind it) into every live bar. */
export function foldPrint(s: LiveState, ts: number, price: number, qty: number, turnover?: bigint): void {
  for (const iv of INTERVALS) {
    const prev = s.bars.get(iv);
    const next = foldTrade(prev, iv, ts, price, qty);
    if (turnover !== undefined) next.q += turnover - BigInt(price) * BigInt(qty);
    if (prev && prev !== next) {
      s.closed.set(iv, prev);
      if (iv === '1m') s.pending1m.push(prev);
      if (iv === '1d') s.pendingDays.push(prev);
    }
    s.bars.set(iv, next);
  }
  s.last = price;
}

/** Records a trade print in the ring; ids increase per symbol and never repeat across restarts (time-based). */
export function recordTrade(s: LiveState, ts: number, price: number, qty: number, side: 'b' | 's'): Trade {
  s.lastTradeId = Math.max(s.lastTradeId + 1, ts * 100);
  const t: Trade = {
    i: s.lastTradeId,
    p: formatMinor(price, s.ins.priceDecimals),
    q: formatMinor(qty, s.ins.qtyDecimals),
    d: side,
    t: ts,
  };
  s.trades.push(t);
  if (s.trades.length > TRADES_KEPT) s.trades.splice(0, s.trades.length - TRADES_KEPT);
  return t;
}

/** Today's bar, if the instrument has traded in the current session day. */
export function dayBar(s: LiveState): Bar | undefined {
  const b = s.bars.get('1d');
  return b && b.t === s.dayStart ? b : undefined;
}

export function toTicker(s: LiveState, st: SessionState, ts: number): Ticker {
  const pd = s.ins.priceDecimals;
  const day = dayBar(s);
  const f = (u: number) => formatMinor(u, pd);
  const bestBid = s.book.bids[0]?.[0] ?? 0;
  const bestAsk = s.book.asks[0]?.[0] ?? 0;
  return {
    s: s.ins.symbol,
    p: f(s.last),
    o: f(day?.o ?? s.last),
    h: f(day?.h ?? s.last),
    l: f(day?.l ?? s.last),
    pc: f(s.prevClose),
    c: f(s.last - s.prevClose),
    cp: formatMinor(percentChange(BigInt(s.last), BigInt(s.prevClose), 2, 'half-up') ?? 0n, 2),
    v: formatMinor(day?.v ?? 0, s.ins.qtyDecimals),
    q: formatMinor(day?.q ?? 0n, pd + s.ins.qtyDecimals),
    b: f(bestBid),
    a: f(bestAsk),
    st,
    t: ts,
  };
}
