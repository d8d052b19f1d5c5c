// Fills the persisted bar history up to `now`: on first start, a year and more of daily bars plus minute bars
// for the last few days; after a restart, only the gap since the last stored bar. Day by day across the
// universe, so index bars can be computed from the constituent bars of the same day. Deterministic: each
// (seed, symbol, day, start) has its own PRNG stream.

import { DAY_MS, isPsxTradingDay, pktDayStart, psxPriceLimits, psxTradingMinutes } from './calendar.ts';
import { aggregate, mergeBar, type Bar } from './candles.ts';
import { genDaily, genMinutes, indexBars, type IndexDef } from './history.ts';
import { createRng } from './prng.ts';
import type { MarketStore } from './store.ts';
import type { SimInstrument } from './universe.ts';

const MIN = 60_000;

export interface FillOptions {
  seed: string;
  now: number;
  /** calendar days of daily history on first start */
  historyDays: number;
  /** calendar days (including today) that keep 1-minute bars */
  minuteDays: number;
  alwaysOpen: boolean;
}

interface Cursor {
  sim: SimInstrument;
  /** first minute (ms) not yet generated */
  from: number;
  prev: number;
  /** close of the last full day before the day being generated (the band reference) */
  refClose: number;
}

function tradesOn(sim: SimInstrument, day: number, alwaysOpen: boolean): boolean {
  return sim.ins.market === 'crypto' || alwaysOpen || isPsxTradingDay(day);
}

function minutesOf(sim: SimInstrument, day: number, alwaysOpen: boolean): number[] {
  if (sim.ins.market !== 'crypto' && !alwaysOpen) return psxTradingMinutes(day);
  return Array.from({ length: 1440 }, (_, i) => day + i * MIN);
}

function cursorFor(store: MarketStore, sim: SimInstrument, o: FillOptions): Cursor {
  const sym = sim.ins.symbol;
  const lastMin = store.last('1m', sym);
  const lastDay = store.last('1d', sym);
  let from: number;
  if (lastMin) from = lastMin.t + MIN;
  else if (lastDay) from = lastDay.t + DAY_MS;
  else from = pktDayStart(o.now - o.historyDays * DAY_MS);
  const prev = lastMin?.c ?? lastDay?.c ?? sim.anchor;
  const ref = store.last('1d', sym, pktDayStart(from) - 1)?.c ?? prev;
  return { sim, from, prev, refClose: ref };
}

/** Generates and stores every missing bar up to the last complete minute before `now`. */
export function fillHistory(store: MarketStore, universe: readonly SimInstrument[], o: FillOptions): void {
  const nowMin = Math.floor(o.now / MIN) * MIN;
  const today = pktDayStart(o.now);
  const minuteStart = pktDayStart(o.now - (o.minuteDays - 1) * DAY_MS);
  const traded = universe.filter((s) => s.ins.market !== 'index');
  const indices = universe.filter((s) => s.ins.market === 'index');
  const cursors = traded.map((s) => cursorFor(store, s, o));
  const idxCursors = indices.map((s) => cursorFor(store, s, o));
  const shares = new Map(traded.map((s) => [s.ins.symbol, s.shares]));
  const closes = new Map(cursors.map((c) => [c.sim.ins.symbol, c.prev]));
  const first = Math.min(
    ...cursors.map((c) => pktDayStart(c.from)),
    ...idxCursors.map((c) => pktDayStart(c.from)),
  );

  // One transaction for the whole fill: a commit per day would cost a disk sync per day on first start.
  store.transaction(() => {
    for (let day = first; day <= today; day += DAY_MS) {
      const detailed = day >= minuteStart;
      const minuteMaps = new Map<string, Map<number, Bar>>();
      const dailyMaps = new Map<string, Map<number, Bar>>();
      {
        for (const c of cursors) {
          const sym = c.sim.ins.symbol;
          if (pktDayStart(c.from) > day || !tradesOn(c.sim, day, o.alwaysOpen)) continue;
          const band = c.sim.ins.market === 'psx' ? psxPriceLimits(c.refClose, 2) : undefined;
          const input = {
            rng: createRng(o.seed, sym, day, c.from),
            prevClose: c.prev,
            anchor: c.sim.anchor,
            volDay: c.sim.volDay,
            dayQty: c.sim.dayQty,
            band,
          };
          let daily: Bar | undefined;
          if (!detailed) {
            daily = genDaily(input, day);
          } else {
            const all = minutesOf(c.sim, day, o.alwaysOpen);
            const mins = all.filter((t) => t >= c.from && t < nowMin);
            const bars = genMinutes(input, mins, mins.length / all.length);
            if (bars.length === 0) continue;
            store.put('1m', sym, bars);
            minuteMaps.set(sym, new Map(bars.map((b) => [b.t, b])));
            const agg = aggregate(bars, '1d')[0];
            const existing = store.last('1d', sym, day);
            daily = agg && existing?.t === day ? mergeBar(existing, agg) : agg;
          }
          if (!daily) continue;
          store.put('1d', sym, [daily]);
          dailyMaps.set(sym, new Map([[day, daily]]));
          c.prev = daily.c;
          c.from = day === today ? nowMin : day + DAY_MS;
          if (day < today) c.refClose = daily.c;
        }
        for (const c of idxCursors)
          fillIndexDay(store, c, day, detailed, nowMin, shares, closes, minuteMaps, dailyMaps, o);
        // Constituent closes move on with the day, so a constituent without a bar later carries its last close.
        for (const [s, m] of dailyMaps) {
          const b = m.get(day);
          if (b) closes.set(s, b.c);
        }
      }
    }
    store.prune1m(minuteStart);
  });
}

function fillIndexDay(
  store: MarketStore,
  c: Cursor,
  day: number,
  detailed: boolean,
  nowMin: number,
  shares: ReadonlyMap<string, number>,
  closes: ReadonlyMap<string, number>,
  minuteMaps: ReadonlyMap<string, ReadonlyMap<number, Bar>>,
  dailyMaps: ReadonlyMap<string, ReadonlyMap<number, Bar>>,
  o: FillOptions,
): void {
  const sim = c.sim;
  if (pktDayStart(c.from) > day || !tradesOn(sim, day, o.alwaysOpen) || !sim.constituents || !sim.capAtBase)
    return;
  const def: IndexDef = {
    constituents: sim.constituents,
    shares,
    capAtBase: sim.capAtBase,
    base: sim.base ?? 1,
  };
  const sym = sim.ins.symbol;
  let daily: Bar | undefined;
  if (!detailed) {
    daily = indexBars(def, [day], (s) => dailyMaps.get(s), new Map(closes))[0];
  } else {
    const mins = minutesOf(sim, day, o.alwaysOpen).filter((t) => t >= c.from && t < nowMin);
    const bars = indexBars(def, mins, (s) => minuteMaps.get(s), new Map(closes));
    if (bars.length === 0) return;
    store.put('1m', sym, bars);
    const agg = aggregate(bars, '1d')[0];
    const existing = store.last('1d', sym, day);
    daily = agg && existing?.t === day ? mergeBar(existing, agg) : agg;
  }
  if (!daily) return;
  store.put('1d', sym, [daily]);
  c.prev = daily.c;
  c.from = day === pktDayStart(o.now) ? nowMin : day + DAY_MS;
}
