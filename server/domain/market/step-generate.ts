// The PRNG half of a feed step: decides what happens at `ts` (which symbols trade, their prints and new
// books, the index levels, which session days roll) and returns it as a StepRecord, reading the live states
// but changing none of them (step-apply.ts does that). The draws are made in the same order as the simulator
// always made them, so a seed still gives the same market.

import type { Market, SessionState } from '../../../workers/protocol/market.ts';
import { diffBook, generateBook } from './book.ts';
import type { CrashScenarios } from './crash-scenario.ts';
import { pktDayStart } from './calendar.ts';
import { bandFor, type LiveState } from './instrument-state.ts';
import type { LiveMarket } from './live-market.ts';
import { HALT_INDEX, nextHaltState, type HaltRule } from './market-halt.ts';
import type { Rng } from './prng.ts';
import { bookParamsOf } from './restore.ts';
import {
  toBookPatch,
  type IndexMove,
  type PrintRec,
  type StepRecord,
  type SymbolStep,
} from './step-record.ts';
import { step as walkStep, type Band } from './walk.ts';

/** Share of a day's price variance one step covers is elapsed time over this trading-day length. */
const DAY_LEN: Record<Market, number> = { psx: 6 * 3_600_000, index: 6 * 3_600_000, crypto: 86_400_000 };
/** Chance that a symbol trades in a given step. */
const ACTIVITY: Record<Market, number> = { psx: 0.35, index: 1, crypto: 0.6 };

export interface StepInput {
  ts: number;
  /** PSX session state at ts (the calendar's, with a market-wide halt in progress applied) */
  psx: SessionState;
  /** end of the PSX open span in progress (Infinity when the market never closes): the halt rule reads it */
  sessionEnd: number;
  /** the halt rule's timing (market-halt.ts; tests shorten it) */
  haltRule?: HaltRule | undefined;
  /** feed steps per second (sizes the prints so a day's volume is about the symbol's typical volume) */
  ticksPerSecond: number;
  /** a crash scenario in progress (crash-scenario.ts; tests and demos only) */
  crash?: CrashScenarios | undefined;
}

interface Flow {
  v: number;
  q: bigint;
}

const halted = (st: SessionState) => st === 'closed' || st === 'break';

/** The next step (number live.step + 1) of `live` at `g.ts`, drawn from `rng`. */
export function generateStep(live: LiveMarket, rng: Rng, g: StepInput): StepRecord {
  const { ts } = g;
  const day = pktDayStart(ts);
  const roll: string[] = [];
  const traded: Record<string, SymbolStep> = {};
  const finals = new Map<string, number>();
  const flows = new Map<string, Flow>();
  let psxMoved = false;
  for (const s of [...live.byMarket.psx, ...live.byMarket.crypto]) {
    const st = s.ins.market === 'crypto' ? 'open' : g.psx;
    if (halted(st)) continue;
    const rolls = s.dayStart !== day;
    if (rolls) roll.push(s.ins.symbol);
    // A symbol under a crash scenario trades on every step (the draw is still made: the same seed, same market).
    if (st !== 'open' || (rng.next() > ACTIVITY[s.ins.market] && !g.crash?.moving(s.ins.symbol))) continue;
    // A rolling day moves the band before the prints, as rollDay will when the step is applied.
    const band = rolls ? bandFor({ ins: s.ins, prevClose: s.last }) : s.band;
    const flow = { v: 0, q: 0n };
    const step = tradeStep(s, rng, ts, band, g.ticksPerSecond, flow, g.crash?.take(s.ins.symbol) ?? 0);
    traded[s.ins.symbol] = step;
    finals.set(s.ins.symbol, step.p.at(-1)?.[0] ?? s.last);
    flows.set(s.ins.symbol, flow);
    if (s.ins.market === 'psx') psxMoved = true;
  }
  const moves: Record<string, IndexMove | null> = {};
  let moved = false;
  for (const idx of live.byMarket.index) {
    if (halted(g.psx)) continue;
    if (idx.dayStart !== day) roll.push(idx.ins.symbol);
    if (g.psx === 'open' && psxMoved) {
      moves[idx.ins.symbol] = indexMove(idx, live, finals, flows);
      moved = true;
    }
  }
  const rec: StepRecord = { run: live.run, n: live.step + 1, ts, st: g.psx };
  if (roll.length > 0) rec.roll = roll;
  if (flows.size > 0) rec.s = traded;
  if (moved) rec.x = moves;
  const halt = haltAfter(live, g, moves, roll);
  if (halt !== live.halt) rec.h = halt;
  return rec;
}

/**
 * The market-wide halt state after this step: the KSE-30's level after the step's move against its previous
 * close, read only while PSX trades (not while halted, in a pre-open or closed) and not in the step where its
 * day rolls (the previous close changes with it).
 */
function haltAfter(
  live: LiveMarket,
  g: StepInput,
  moves: Readonly<Record<string, IndexMove | null>>,
  roll: readonly string[],
) {
  const idx = live.states.get(HALT_INDEX);
  if (g.psx !== 'open' || !idx || roll.includes(HALT_INDEX)) return live.halt;
  const level = moves[HALT_INDEX]?.[0] ?? idx.last;
  return nextHaltState(
    live.halt,
    { ts: g.ts, level, prevClose: idx.prevClose, sessionEnd: g.sessionEnd },
    g.haltRule,
  );
}

/** 1–3 prints of the walk over the time since the symbol's last step, then the book around the new price. */
function tradeStep(
  s: LiveState,
  rng: Rng,
  ts: number,
  band: Band | undefined,
  ticksPerSecond: number,
  flow: Flow,
  shock = 0,
): SymbolStep {
  const market = s.ins.market;
  const frac = Math.min(ts - s.lastStep, 60_000) / DAY_LEN[market];
  const n = rng.int(1, 3);
  const stepsPerDay = (DAY_LEN[market] / 1000) * ticksPerSecond * ACTIVITY[market] * 2;
  const prints: PrintRec[] = [];
  let logP = s.logP + shock;
  let last = s.last;
  for (let k = 0; k < n; k++) {
    const prev = last;
    const w = walkStep(rng, logP, s.sim.anchor, s.sim.volDay, Math.max(frac / n, 1e-9), band);
    logP = w.logP;
    const qty = Math.max(1, Math.round((s.sim.dayQty / stepsPerDay) * (0.2 + 1.6 * rng.next())));
    const side = w.price > prev ? 'b' : w.price < prev ? 's' : rng.next() < 0.5 ? 'b' : 's';
    last = w.price;
    flow.v += qty;
    flow.q += BigInt(w.price) * BigInt(qty);
    prints.push([w.price, qty, side]);
  }
  const book = generateBook(rng, bookParamsOf({ ...s, last, band }), s.book);
  return { p: prints, b: toBookPatch(diffBook(s.book, book)), w: logP };
}

/** The index level from its constituents' prices after this step's prints, with the flow behind them. */
function indexMove(
  idx: LiveState,
  live: LiveMarket,
  finals: ReadonlyMap<string, number>,
  flows: ReadonlyMap<string, Flow>,
): IndexMove | null {
  const sim = idx.sim;
  if (!sim.constituents || !sim.capAtBase || sim.base === undefined) return null;
  let cap = 0n;
  let v = 0;
  let q = 0n;
  for (const sym of sim.constituents) {
    const c = live.states.get(sym);
    if (!c) continue;
    cap += BigInt(c.sim.shares) * BigInt(finals.get(sym) ?? c.last);
    const f = flows.get(sym);
    if (f) {
      v += f.v;
      q += f.q;
    }
  }
  return [Number((cap * BigInt(sim.base)) / sim.capAtBase), v, q.toString()];
}
