// Deterministic history: one day of bars for an instrument, either as minute bars (recent days) or as a single
// daily bar (older days), and index bars derived from constituent bars. Pure; keyed PRNGs make every day
// reproducible from (seed, symbol, day).

import type { Bar } from './candles.ts';
import type { Rng } from './prng.ts';
import { clampUnits, step, type Band } from './walk.ts';

export interface DayInput {
  rng: Rng;
  prevClose: number;
  anchor: number;
  volDay: number;
  dayQty: number;
  band: Band | undefined;
}

function qtyFor(rng: Rng, mean: number): number {
  return Math.max(1, Math.round(mean * (0.3 + 1.4 * rng.next())));
}

function turnover(o: number, c: number, v: number): bigint {
  return BigInt(Math.round((o + c) / 2)) * BigInt(v);
}

/** Minute bars at the given minute starts, walking from prevClose; `dayFrac` = share of the day they cover. */
export function genMinutes(d: DayInput, minutes: readonly number[], dayFrac = 1): Bar[] {
  const out: Bar[] = [];
  if (minutes.length === 0) return out;
  const frac = dayFrac / minutes.length;
  const sigma = d.volDay * Math.sqrt(frac);
  let logP = Math.log(d.prevClose);
  let prev = d.prevClose;
  for (const t of minutes) {
    const s = step(d.rng, logP, d.anchor, d.volDay, frac, d.band);
    logP = s.logP;
    const o = prev;
    const c = s.price;
    const h = clampUnits(Math.max(o, c) * (1 + Math.abs(d.rng.normal()) * sigma * 0.5), d.band);
    const l = clampUnits(Math.min(o, c) * (1 - Math.abs(d.rng.normal()) * sigma * 0.5), d.band);
    const v = qtyFor(d.rng, (d.dayQty * dayFrac) / minutes.length);
    out.push({ t, o, h: Math.max(h, o, c), l: Math.min(l, o, c), c, v, q: turnover(o, c, v) });
    prev = c;
  }
  return out;
}

/** One daily bar without minute detail. */
export function genDaily(d: DayInput, t: number): Bar {
  const { rng } = d;
  const s = step(rng, Math.log(d.prevClose), d.anchor, d.volDay, 1, d.band);
  const c = s.price;
  const o = clampUnits(d.prevClose * Math.exp(d.volDay * 0.2 * rng.normal()), d.band);
  const h = clampUnits(Math.max(o, c) * (1 + Math.abs(rng.normal()) * d.volDay * 0.5), d.band);
  const l = clampUnits(Math.min(o, c) * (1 - Math.abs(rng.normal()) * d.volDay * 0.5), d.band);
  const v = qtyFor(rng, d.dayQty);
  return { t, o, h: Math.max(h, o, c), l: Math.min(l, o, c), c, v, q: turnover(o, c, v) };
}

export interface IndexDef {
  constituents: readonly string[];
  shares: ReadonlyMap<string, number>;
  capAtBase: bigint;
  base: number;
}

/** Index level (price units) for a cap in share·price units. */
export function indexLevel(def: IndexDef, cap: bigint): number {
  return Number((cap * BigInt(def.base)) / def.capAtBase);
}

/**
 * Index bars at times `ts` from constituent bars (keyed by time). A constituent without a bar at t contributes
 * its last close. The exact intrabar high/low of an index is unknowable from constituent bars; the bar's
 * high/low sit a third of the way from its body to the sum of constituent highs/lows.
 */
export function indexBars(
  def: IndexDef,
  ts: readonly number[],
  barsOf: (symbol: string) => ReadonlyMap<number, Bar> | undefined,
  lastClose: Map<string, number>,
): Bar[] {
  const out: Bar[] = [];
  for (const t of ts) {
    let o = 0n,
      h = 0n,
      l = 0n,
      c = 0n,
      v = 0,
      q = 0n;
    for (const sym of def.constituents) {
      const sh = BigInt(def.shares.get(sym) ?? 0);
      const b = barsOf(sym)?.get(t);
      const last = lastClose.get(sym) ?? 0;
      if (b) lastClose.set(sym, b.c);
      o += sh * BigInt(b ? b.o : last);
      h += sh * BigInt(b ? b.h : last);
      l += sh * BigInt(b ? b.l : last);
      c += sh * BigInt(b ? b.c : last);
      v += b ? b.v : 0;
      q += b ? b.q : 0n;
    }
    const lo = indexLevel(def, o);
    const lc = indexLevel(def, c);
    const top = Math.max(lo, lc);
    const bottom = Math.min(lo, lc);
    const hi = top + Math.floor((indexLevel(def, h) - top) / 3);
    const low = bottom - Math.floor((bottom - indexLevel(def, l)) / 3);
    out.push({ t, o: lo, h: Math.max(hi, top), l: Math.min(low, bottom), c: lc, v, q });
  }
  return out;
}
