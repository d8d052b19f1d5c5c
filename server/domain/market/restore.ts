// Rebuilds an instrument's live state from the persisted bars at start-up: last price, reference close, the
// live bars of the current periods, an initial book and a few recent prints. Reading (async) is apart from
// building (synchronous, in universe order, drawing on the live PRNG), two queries per symbol in the usual case.

import { INTERVAL_MS, MAX_BOOK_DEPTH, type Interval } from '../../../workers/protocol/market.ts';
import type { Db } from '../../db/database.ts';
import { barsIn, lastBar } from './bar-repo.ts';
import { generateBook, type BookParams } from './book.ts';
import { DAY_MS, pktDayStart } from './calendar.ts';
import { aggregate, barStart, type Bar } from './candles.ts';
import { newState, recordTrade, type LiveState } from './instrument-state.ts';
import type { Rng } from './prng.ts';
import type { SimInstrument } from './universe.ts';

// '1m' too: stop() persists the unfinished minute, which a restart within that minute continues.
const FROM_MINUTES: readonly Interval[] = ['1m', '5m', '15m', '30m', '1h', '4h'];
const RECENT_PRINTS = 30;
/** The daily bars the 52-week range looks at (stockInfo). */
export const YEAR_MS = 365 * DAY_MS;

export function bookParamsOf(s: LiveState): BookParams {
  const levelQty = Math.max(1, Math.round(s.sim.dayQty / 2000));
  const p = { last: s.last, step: s.sim.step, depth: MAX_BOOK_DEPTH, levelQty };
  return s.band ? { ...p, up: s.band.up, down: s.band.down } : p;
}

/** What a restart reads of one symbol. */
export interface StoredBars {
  sim: SimInstrument;
  /** the newest daily bar at or before now */
  lastDay: Bar | undefined;
  /** the close of the daily bar before lastDay's day */
  prevClose: number | undefined;
  /** daily bars of the last year (t ≥ now − YEAR_MS), oldest → newest */
  year: Bar[];
  /** minute bars of the current 4-hour period: every shorter period of the FROM_MINUTES lies inside it */
  minutes: Bar[];
  /** the newest RECENT_PRINTS minute bars */
  recent: Bar[];
}

/** The newest bar with t ≤ to, if `bars` (oldest → newest) cover everything after `from` ≤ to. */
const newestUpTo = (bars: readonly Bar[], to: number) => bars.findLast((b) => b.t <= to);

export async function loadStored(db: Db, sim: SimInstrument, now: number): Promise<StoredBars> {
  const sym = sim.ins.symbol;
  // The year is read anyway (for the 52-week range); the older bars are read only when it holds none.
  const year = await barsIn(db, '1d', sym, now - YEAR_MS, now, 400);
  const lastDay = year.at(-1) ?? (await lastBar(db, '1d', sym, now));
  const dayStart = lastDay?.t ?? pktDayStart(now);
  const prev = newestUpTo(year, dayStart - 1) ?? (await lastBar(db, '1d', sym, dayStart - 1));
  const minutes = await barsIn(db, '1m', sym, barStart(now, '4h'), now, INTERVAL_MS['4h'] / 60_000);
  let recent: Bar[] = [];
  if (sim.ins.market !== 'index') {
    recent =
      minutes.length >= RECENT_PRINTS
        ? minutes.slice(-RECENT_PRINTS)
        : await barsIn(db, '1m', sym, 0, now, RECENT_PRINTS);
  }
  return { sim, lastDay, prevClose: prev?.c, year, minutes, recent };
}

export function restoreState(stored: StoredBars, now: number, rng: Rng): LiveState {
  const { sim, lastDay } = stored;
  const last = lastDay?.c ?? sim.anchor;
  const dayStart = lastDay?.t ?? pktDayStart(now);
  const s = newState(sim, last, stored.prevClose ?? last, dayStart, now);

  for (const iv of FROM_MINUTES) {
    const start = barStart(now, iv);
    const bar = aggregate(
      stored.minutes.filter((b) => b.t >= start),
      iv,
    )[0];
    if (bar && bar.t === start) s.bars.set(iv, bar);
  }
  if (lastDay && lastDay.t === pktDayStart(now)) s.bars.set('1d', lastDay);
  const weekStart = barStart(now, '1w');
  const week = aggregate(
    stored.year.filter((b) => b.t >= weekStart),
    '1w',
  )[0];
  if (week && week.t === weekStart) s.bars.set('1w', week);

  if (sim.ins.market !== 'index') {
    s.book = generateBook(rng, bookParamsOf(s));
    // A few prints at the recent minute closes, so the tape is not empty after a restart in closed hours.
    for (const b of stored.recent) {
      recordTrade(s, b.t + 59_000, b.c, Math.max(1, Math.round(b.v / 10)), b.c >= b.o ? 'b' : 's');
    }
  }
  return s;
}
