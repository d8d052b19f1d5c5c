// Rebuilds an instrument's live state from the persisted bars at start-up: last price, reference close, the
// live bars of the current periods, an initial book and a few recent prints.

import { INTERVAL_MS, MAX_BOOK_DEPTH, type Interval } from '../../../workers/protocol/market.ts';
import { generateBook, type BookParams } from './book.ts';
import { pktDayStart } from './calendar.ts';
import { aggregate, barStart } from './candles.ts';
import { newState, recordTrade, type LiveState } from './instrument-state.ts';
import type { Rng } from './prng.ts';
import type { MarketStore } from './store.ts';
import type { SimInstrument } from './universe.ts';

// '1m' too: stop() persists the unfinished minute, which a restart within that minute continues.
const FROM_MINUTES: readonly Interval[] = ['1m', '5m', '15m', '30m', '1h', '4h'];
const RECENT_PRINTS = 30;

export function bookParamsOf(s: LiveState): BookParams {
  const levelQty = Math.max(1, Math.round(s.sim.dayQty / 2000));
  const p = { last: s.last, step: s.sim.step, depth: MAX_BOOK_DEPTH, levelQty };
  return s.band ? { ...p, up: s.band.up, down: s.band.down } : p;
}

export function restoreState(store: MarketStore, sim: SimInstrument, now: number, rng: Rng): LiveState {
  const sym = sim.ins.symbol;
  const lastDay = store.last('1d', sym, now);
  const last = lastDay?.c ?? sim.anchor;
  const dayStart = lastDay?.t ?? pktDayStart(now);
  const prevClose = store.last('1d', sym, dayStart - 1)?.c ?? last;
  const s = newState(sim, last, prevClose, dayStart, now);

  for (const iv of FROM_MINUTES) {
    const start = barStart(now, iv);
    const bar = aggregate(store.range('1m', sym, start, now, INTERVAL_MS[iv] / 60_000), iv)[0];
    if (bar && bar.t === start) s.bars.set(iv, bar);
  }
  if (lastDay && lastDay.t === pktDayStart(now)) s.bars.set('1d', lastDay);
  const week = aggregate(store.range('1d', sym, barStart(now, '1w'), now, 7), '1w')[0];
  if (week && week.t === barStart(now, '1w')) s.bars.set('1w', week);

  if (sim.ins.market !== 'index') {
    s.book = generateBook(rng, bookParamsOf(s));
    // A few prints at the recent minute closes, so the tape is not empty after a restart in closed hours.
    for (const b of store.range('1m', sym, 0, now, RECENT_PRINTS)) {
      recordTrade(s, b.t + 59_000, b.c, Math.max(1, Math.round(b.v / 10)), b.c >= b.o ? 'b' : 's');
    }
  }
  return s;
}
