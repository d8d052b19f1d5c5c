// A whole live market without a database (fresh states at the anchors, seeded books) and a stepper that
// generates and applies steps the way the simulator does, for the pure tests of step records and snapshots.
import { INTERVALS, type Market, type SessionState } from '../../../workers/protocol/market.ts';
import { generateBook } from '../../../server/domain/market/book.ts';
import { DAY_MS, pktDayStart } from '../../../server/domain/market/calendar.ts';
import { newState, type LiveState } from '../../../server/domain/market/instrument-state.ts';
import { emptyByMarket, liveMarketOf, type LiveMarket } from '../../../server/domain/market/live-market.ts';
import type { MarketTick } from '../../../server/domain/market/market-source.ts';
import { createRng, type Rng } from '../../../server/domain/market/prng.ts';
import { bookParamsOf } from '../../../server/domain/market/restore.ts';
import { applyStep } from '../../../server/domain/market/step-apply.ts';
import { tickOf } from '../../../server/domain/market/step-emit.ts';
import { generateStep } from '../../../server/domain/market/step-generate.ts';
import type { StepRecord } from '../../../server/domain/market/step-record.ts';
import { buildUniverse } from '../../../server/domain/market/universe.ts';

/** Every instrument at its anchor, yesterday's session (so the first open step rolls the day). */
export function freshMarket(now: number, run = 'run-1'): LiveMarket {
  const states = new Map<string, LiveState>();
  const byMarket = emptyByMarket();
  const rng = createRng('fixture', 'books');
  for (const sim of buildUniverse()) {
    const s = newState(sim, sim.anchor, sim.anchor, pktDayStart(now) - DAY_MS, now);
    if (sim.ins.market !== 'index') s.book = generateBook(rng, bookParamsOf(s));
    states.set(sim.ins.symbol, s);
    byMarket[sim.ins.market].push(s);
  }
  return liveMarketOf(run, states, byMarket);
}

/** A tick with its lazy payloads materialised, comparable with toEqual. */
export function plainTick(tick: MarketTick) {
  return {
    ts: tick.ts,
    marketSeq: tick.marketSeq,
    updates: tick.updates.map((u) => ({
      symbol: u.symbol,
      market: u.market,
      seq: u.seq,
      ticker: u.ticker,
      trades: u.trades,
      book: u.bookDelta(),
      candles: Object.fromEntries(INTERVALS.map((iv) => [iv, u.candles(iv)])),
    })),
  };
}

export interface Stepper {
  live: LiveMarket;
  /** generates, applies and emits one step `ms` after the previous one */
  step(ms: number, psx?: SessionState): { record: StepRecord; tick: ReturnType<typeof plainTick> };
  now(): number;
}

export function stepper(start: number, seed = 'unit'): Stepper {
  const live = freshMarket(start);
  const rng: Rng = createRng(seed, 'live', start);
  let now = start;
  return {
    live,
    now: () => now,
    step(ms, psx = 'open') {
      now += ms;
      const record = generateStep(live, rng, { ts: now, psx, sessionEnd: Infinity, ticksPerSecond: 4 });
      const tick = plainTick(tickOf(live, applyStep(live, record)));
      return { record, tick };
    },
  };
}

/** A wire round trip: what a replica on another node gets. */
export const overWire = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

export const sumSeq = (live: LiveMarket, m: Market) => live.byMarket[m].reduce((acc, s) => acc + s.seq, 0);
