// A whole live market as plain JSON-safe data: what the leader publishes so a replica can start (or catch up
// after a gap) and then follow the step records, and what a promoted replica hands the simulator to continue
// from. Holds every state field that a read, a later step or a counter depends on; the instrument definitions
// themselves are not in it (every node builds the same universe from code), except those of stocks listed at
// run time (`listed`, listed-instruments.ts), which a node cannot know from code.

import { SESSION_STATES } from '../../../contract/market-limits.ts';
import {
  type Interval,
  type Market,
  type SessionState,
  type Trade,
} from '../../../workers/protocol/market.ts';
import type { UnitLevel } from './book.ts';
import type { Bar } from './candles.ts';
import type { LiveState } from './instrument-state.ts';
import { emptyByMarket, type LiveMarket } from './live-market.ts';
import { isListingDef, listedInstrument, listingsOf } from './listed-instruments.ts';
import { NO_HALT, parseHaltState, type HaltState } from './market-halt.ts';
import type { ListingDef, SimInstrument } from './universe.ts';

export const SNAPSHOT_VERSION = 1;

/** A bar: t, o, h, l, c, v in integer units, q (Σ price·qty) as a decimal string. */
export type BarRec = [t: number, o: number, h: number, l: number, c: number, v: number, q: string];
/** A print as the wire has it (Trade): id, price, quantity, side, time. */
export type TradeRec = [i: number, p: string, q: string, d: 'b' | 's', t: number];

export interface SymbolSnapshot {
  s: string;
  last: number;
  logP: number;
  prevClose: number;
  dayStart: number;
  /** [up, down] in price units; null outside PSX */
  band: [up: number, down: number] | null;
  /** live bar per interval */
  bars: Partial<Record<Interval, BarRec>>;
  book: [bids: UnitLevel[], asks: UnitLevel[]];
  /** the recent prints, oldest first */
  trades: TradeRec[];
  lastTradeId: number;
  lastStep: number;
  checkedMinute: number;
  /** the symbol's update counter */
  seq: number;
  /** closed bars not known to be stored yet (1m, 1d): a promoted replica stores them again */
  unsaved?: { m: BarRec[]; d: BarRec[] };
}

export interface MarketSnapshot {
  v: typeof SNAPSHOT_VERSION;
  run: string;
  /** number of the last step applied: the next record to follow is n + 1 */
  n: number;
  /** time of that step (0 before the first) */
  ts: number;
  /** whether the leader keeps PSX open around the clock (sessions and tickers depend on it) */
  alwaysOpen: boolean;
  /** per-market update counters */
  seq: Record<Market, number>;
  /** in universe order */
  symbols: SymbolSnapshot[];
  /** the definitions of stocks listed at run time (their states are in `symbols`) */
  listed?: ListingDef[];
  /** the market-wide halt state (market-halt.ts); absent = none */
  halt?: HaltState;
  /** PSX session state of the last step (absent before the first) */
  st?: SessionState;
}

const barRec = (b: Bar): BarRec => [b.t, b.o, b.h, b.l, b.c, b.v, b.q.toString()];
const fromBarRec = ([t, o, h, l, c, v, q]: BarRec): Bar => ({ t, o, h, l, c, v, q: BigInt(q) });
const levelsCopy = (side: readonly UnitLevel[]): UnitLevel[] => side.map(([p, q]) => [p, q]);

function symbolSnapshot(s: LiveState): SymbolSnapshot {
  const bars: Partial<Record<Interval, BarRec>> = {};
  for (const [iv, b] of s.bars) bars[iv] = barRec(b);
  const out: SymbolSnapshot = {
    s: s.ins.symbol,
    last: s.last,
    logP: s.logP,
    prevClose: s.prevClose,
    dayStart: s.dayStart,
    band: s.band ? [s.band.up, s.band.down] : null,
    bars,
    book: [levelsCopy(s.book.bids), levelsCopy(s.book.asks)],
    trades: s.trades.map((t) => [t.i, t.p, t.q, t.d, t.t]),
    lastTradeId: s.lastTradeId,
    lastStep: s.lastStep,
    checkedMinute: s.checkedMinute,
    seq: s.seq,
  };
  if (s.pending1m.length > 0 || s.pendingDays.length > 0) {
    out.unsaved = { m: s.pending1m.map(barRec), d: s.pendingDays.map(barRec) };
  }
  return out;
}

/** A deep, JSON-safe copy of the market between steps. */
export function takeSnapshot(live: LiveMarket, alwaysOpen: boolean): MarketSnapshot {
  return {
    v: SNAPSHOT_VERSION,
    run: live.run,
    n: live.step,
    ts: live.ts,
    alwaysOpen,
    seq: { ...live.seq },
    symbols: [...live.states.values()].map(symbolSnapshot),
    ...listedPart(live),
    ...(live.halt !== NO_HALT ? { halt: live.halt } : {}),
    ...(live.st ? { st: live.st } : {}),
  };
}

function listedPart(live: LiveMarket): { listed?: ListingDef[] } {
  const listed = listingsOf(live);
  return listed.length > 0 ? { listed: listed.map((d) => ({ ...d })) } : {};
}

function stateOf(sim: SimInstrument, x: SymbolSnapshot): LiveState {
  const bars = new Map<Interval, Bar>();
  for (const [iv, b] of Object.entries(x.bars) as [Interval, BarRec][]) bars.set(iv, fromBarRec(b));
  return {
    sim,
    ins: sim.ins,
    last: x.last,
    logP: x.logP,
    prevClose: x.prevClose,
    dayStart: x.dayStart,
    band: x.band ? { up: x.band[0], down: x.band[1] } : undefined,
    bars,
    closed: new Map(),
    pending1m: (x.unsaved?.m ?? []).map(fromBarRec),
    pendingDays: (x.unsaved?.d ?? []).map(fromBarRec),
    book: { bids: levelsCopy(x.book[0]), asks: levelsCopy(x.book[1]) },
    bookDelta: null,
    trades: x.trades.map(([i, p, q, d, t]): Trade => ({ i, p, q, d, t })),
    lastTradeId: x.lastTradeId,
    lastStep: x.lastStep,
    checkedMinute: x.checkedMinute,
    seq: x.seq,
  };
}

/**
 * A LiveMarket rebuilt from a snapshot, each state bound to this node's definition of its instrument (or, for
 * a stock listed at run time, the snapshot's). Symbols neither knows are left out.
 */
export function restoreSnapshot(snap: MarketSnapshot, sims: ReadonlyMap<string, SimInstrument>): LiveMarket {
  if (snap.v !== SNAPSHOT_VERSION)
    throw new Error(`market snapshot version ${String(snap.v)} is not supported`);
  const states = new Map<string, LiveState>();
  const byMarket = emptyByMarket();
  const listed = new Map<string, SimInstrument>();
  for (const d of snap.listed ?? []) if (isListingDef(d)) listed.set(d.symbol, listedInstrument(d));
  for (const x of snap.symbols) {
    const sim = sims.get(x.s) ?? listed.get(x.s);
    if (!sim) continue;
    const s = stateOf(sim, x);
    states.set(x.s, s);
    byMarket[sim.ins.market].push(s);
  }
  const halt = parseHaltState(snap.halt);
  const st = snap.st && (SESSION_STATES as readonly string[]).includes(snap.st) ? snap.st : undefined;
  return { run: snap.run, step: snap.n, ts: snap.ts, states, byMarket, seq: { ...snap.seq }, halt, st };
}
