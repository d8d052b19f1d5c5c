// The state half of a feed step: applies a StepRecord to a LiveMarket with the instrument-state functions
// (stale bars close, days roll, prints fold into the bars and the tape, books are patched, indices move), then
// advances the update counters of every symbol and market that changed. No PRNG and no I/O: the leader and
// every replica run this same code on the same records, so they hold the same market and count the same seqs.

import type { SessionState, Trade } from '../../../workers/protocol/market.ts';
import { applyBookDelta } from './book.ts';
import { closeStaleBars, foldPrint, recordTrade, rollDay, type LiveState } from './instrument-state.ts';
import { addListed, isListingDef } from './listed-instruments.ts';
import type { LiveMarket } from './live-market.ts';
import { parseHaltState } from './market-halt.ts';
import { fromBookPatch, type StepRecord } from './step-record.ts';

/** What an applied step changed, in the order the updates are emitted (psx, crypto, then indices). */
export interface AppliedStep {
  ts: number;
  /** PSX session state of the step */
  st: SessionState;
  changed: LiveState[];
  /** the prints recorded per traded state, oldest first */
  trades: Map<LiveState, Trade[]>;
}

const halted = (st: SessionState) => st === 'closed' || st === 'break';

/** A record's entry for a symbol (own keys only: the record came off the wire). */
function entry<T>(map: Record<string, T> | undefined, sym: string): T | undefined {
  return map && Object.hasOwn(map, sym) ? map[sym] : undefined;
}

export function applyStep(live: LiveMarket, rec: StepRecord): AppliedStep {
  const { ts } = rec;
  const rolls = new Set(rec.roll);
  const changed: LiveState[] = [];
  const trades = new Map<LiveState, Trade[]>();
  // New listings first: their tickers go out with this step's update (the tickers channel makes them known).
  for (const d of rec.add ?? []) {
    const s = isListingDef(d) ? addListed(live, d, ts) : undefined;
    if (s) changed.push(s);
  }
  // PSX's session changed (opened, closed, halted, …): every PSX stock and index goes out with the step, so
  // clients see the new state at once rather than with each symbol's next print (none come while it is shut).
  const turned = live.st !== undefined && live.st !== rec.st;
  for (const s of [...live.byMarket.psx, ...live.byMarket.crypto]) {
    closeStaleBars(s, ts);
    const psxTurned = turned && s.ins.market === 'psx';
    if (halted(s.ins.market === 'crypto' ? 'open' : rec.st)) {
      if (psxTurned) changed.push(s);
      continue;
    }
    const sym = s.ins.symbol;
    const rolled = rolls.has(sym);
    if (rolled) rollDay(s, ts);
    s.lastStep = ts;
    const step = entry(rec.s, sym);
    if (!step) {
      if (rolled || psxTurned) changed.push(s);
      continue;
    }
    const out: Trade[] = [];
    for (const [price, qty, side] of step.p) {
      foldPrint(s, ts, price, qty);
      out.push(recordTrade(s, ts, price, qty, side));
    }
    s.logP = step.w;
    s.bookDelta = fromBookPatch(step.b);
    s.book = applyBookDelta(s.book, s.bookDelta);
    trades.set(s, out);
    changed.push(s);
  }
  for (const idx of live.byMarket.index) {
    closeStaleBars(idx, ts);
    if (halted(rec.st)) {
      if (turned) changed.push(idx);
      continue;
    }
    const sym = idx.ins.symbol;
    const rolled = rolls.has(sym);
    if (rolled) rollDay(idx, ts);
    const move = entry(rec.x, sym);
    if (move) foldPrint(idx, ts, move[0], move[1], BigInt(move[2]));
    if (rolled || move !== undefined || turned) changed.push(idx);
  }
  for (const s of changed) s.seq += 1;
  const markets = new Set(changed.map((s) => s.ins.market));
  for (const m of markets) live.seq[m] += 1;
  // Off the wire: a malformed state counts as none rather than stopping the replica.
  if (rec.h !== undefined) live.halt = parseHaltState(rec.h);
  live.st = rec.st;
  live.step = rec.n;
  live.ts = ts;
  return { ts, st: rec.st, changed, trades };
}
