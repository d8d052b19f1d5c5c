// Fills the persisted bar history up to `now`: on first start, a year and more of daily bars plus minute bars
// for the last few days; after a restart, only the gap since the last stored bar. Day by day across the
// universe, so index bars can be computed from the constituent bars of the same day. Deterministic: each
// (seed, symbol, day, start) has its own PRNG stream. The bars are written as they are generated, many rows
// per statement, all in one transaction (which may be run again on PostgreSQL, so it keeps its state local).

import { DAY_MS, isPsxTradingDay, pktDayStart, psxPriceLimits, psxTradingMinutes } from './calendar.ts';
import { aggregate, mergeBar, type Bar } from './candles.ts';
import { genDaily, genMinutes, indexBars, type IndexDef } from './history.ts';
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { barsIn, lastBar, pruneMinuteBars, putBars, type SymbolBar } from './bar-repo.ts';
import { createRng } from './prng.ts';
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
  /** daily bars stored before this fill from the day of `from` on (a restart merges into today's) */
  stored: Map<number, Bar>;
}

/** Rows buffered before they are written: bounded memory on first start, few statements. */
const WRITE_EVERY = 5000;

/** Generated bars on their way to the database. */
class BarSink {
  private m1: SymbolBar[] = [];
  private d1: SymbolBar[] = [];

  constructor(private readonly tx: Db) {}

  async put(table: '1m' | '1d', symbol: string, bars: readonly Bar[]): Promise<void> {
    const into = table === '1m' ? this.m1 : this.d1;
    for (const bar of bars) into.push({ symbol, bar });
    if (this.m1.length + this.d1.length >= WRITE_EVERY) await this.flush();
  }

  async flush(): Promise<void> {
    await putBars(this.tx, '1m', this.m1);
    await putBars(this.tx, '1d', this.d1);
    this.m1 = [];
    this.d1 = [];
  }
}

function tradesOn(sim: SimInstrument, day: number, alwaysOpen: boolean): boolean {
  return sim.ins.market === 'crypto' || alwaysOpen || isPsxTradingDay(day);
}

function minutesOf(sim: SimInstrument, day: number, alwaysOpen: boolean): number[] {
  if (sim.ins.market !== 'crypto' && !alwaysOpen) return psxTradingMinutes(day);
  return Array.from({ length: 1440 }, (_, i) => day + i * MIN);
}

async function cursorFor(db: Db, sim: SimInstrument, o: FillOptions): Promise<Cursor> {
  const sym = sim.ins.symbol;
  const lastMin = await lastBar(db, '1m', sym);
  const lastDay = await lastBar(db, '1d', sym);
  let from: number;
  if (lastMin) from = lastMin.t + MIN;
  else if (lastDay) from = lastDay.t + DAY_MS;
  else from = pktDayStart(o.now - o.historyDays * DAY_MS);
  // A stock listed at run time has no history before its listing (its first print is after it).
  if (sim.listing && from < sim.listing.listedAt) from = Math.ceil(sim.listing.listedAt / MIN) * MIN;
  const prev = lastMin?.c ?? lastDay?.c ?? sim.anchor;
  const ref = (await lastBar(db, '1d', sym, pktDayStart(from) - 1))?.c ?? prev;
  const later = lastDay && lastDay.t >= pktDayStart(from);
  const stored = later ? await barsIn(db, '1d', sym, pktDayStart(from), lastDay.t, 10_000) : [];
  return { sim, from, prev, refClose: ref, stored: new Map(stored.map((b) => [b.t, b])) };
}

/** Generates and stores every missing bar up to the last complete minute before `now`. */
export async function fillHistory(db: Db, universe: readonly SimInstrument[], o: FillOptions): Promise<void> {
  // One transaction for the whole fill: a commit per day would cost a disk sync per day on first start.
  await inTx(db, (tx) => fill(tx, universe, o));
}

async function fill(tx: Db, universe: readonly SimInstrument[], o: FillOptions): Promise<void> {
  const sink = new BarSink(tx);
  const nowMin = Math.floor(o.now / MIN) * MIN;
  const today = pktDayStart(o.now);
  const minuteStart = pktDayStart(o.now - (o.minuteDays - 1) * DAY_MS);
  const traded = universe.filter((s) => s.ins.market !== 'index');
  const indices = universe.filter((s) => s.ins.market === 'index');
  const cursors: Cursor[] = [];
  for (const s of traded) cursors.push(await cursorFor(tx, s, o));
  const idxCursors: Cursor[] = [];
  for (const s of indices) idxCursors.push(await cursorFor(tx, s, o));
  const shares = new Map(traded.map((s) => [s.ins.symbol, s.shares]));
  const closes = new Map(cursors.map((c) => [c.sim.ins.symbol, c.prev]));
  const first = Math.min(
    ...cursors.map((c) => pktDayStart(c.from)),
    ...idxCursors.map((c) => pktDayStart(c.from)),
  );

  for (let day = first; day <= today; day += DAY_MS) {
    const detailed = day >= minuteStart;
    const minuteMaps = new Map<string, Map<number, Bar>>();
    const dailyMaps = new Map<string, Map<number, Bar>>();
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
        await sink.put('1m', sym, bars);
        minuteMaps.set(sym, new Map(bars.map((b) => [b.t, b])));
        daily = withStored(c, day, aggregate(bars, '1d')[0]);
      }
      if (!daily) continue;
      await sink.put('1d', sym, [daily]);
      dailyMaps.set(sym, new Map([[day, daily]]));
      c.prev = daily.c;
      c.from = day === today ? nowMin : day + DAY_MS;
      if (day < today) c.refClose = daily.c;
    }
    for (const c of idxCursors) {
      const bars = indexDay(c, day, detailed, nowMin, shares, closes, minuteMaps, dailyMaps, o);
      if (bars) {
        await sink.put('1m', c.sim.ins.symbol, bars.minutes);
        await sink.put('1d', c.sim.ins.symbol, [bars.daily]);
      }
    }
    // Constituent closes move on with the day, so a constituent without a bar later carries its last close.
    for (const [s, m] of dailyMaps) {
      const b = m.get(day);
      if (b) closes.set(s, b.c);
    }
  }
  await sink.flush();
  await pruneMinuteBars(tx, minuteStart);
}

/** The day's generated bar merged into the one stored for the same day before a restart, if any. */
function withStored(c: Cursor, day: number, agg: Bar | undefined): Bar | undefined {
  const existing = c.stored.get(day);
  return agg && existing ? mergeBar(existing, agg) : agg;
}

/** An index's bars of one day, computed from its constituents' bars of the same day. */
function indexDay(
  c: Cursor,
  day: number,
  detailed: boolean,
  nowMin: number,
  shares: ReadonlyMap<string, number>,
  closes: ReadonlyMap<string, number>,
  minuteMaps: ReadonlyMap<string, ReadonlyMap<number, Bar>>,
  dailyMaps: ReadonlyMap<string, ReadonlyMap<number, Bar>>,
  o: FillOptions,
): { minutes: Bar[]; daily: Bar } | undefined {
  const sim = c.sim;
  if (pktDayStart(c.from) > day || !tradesOn(sim, day, o.alwaysOpen) || !sim.constituents || !sim.capAtBase)
    return undefined;
  const def: IndexDef = {
    constituents: sim.constituents,
    shares,
    capAtBase: sim.capAtBase,
    base: sim.base ?? 1,
  };
  let minutes: Bar[] = [];
  let daily: Bar | undefined;
  if (!detailed) {
    daily = indexBars(def, [day], (s) => dailyMaps.get(s), new Map(closes))[0];
  } else {
    const mins = minutesOf(sim, day, o.alwaysOpen).filter((t) => t >= c.from && t < nowMin);
    minutes = indexBars(def, mins, (s) => minuteMaps.get(s), new Map(closes));
    if (minutes.length === 0) return undefined;
    daily = withStored(c, day, aggregate(minutes, '1d')[0]);
  }
  if (!daily) return undefined;
  c.prev = daily.c;
  c.from = day === pktDayStart(o.now) ? nowMin : day + DAY_MS;
  return { minutes, daily };
}
