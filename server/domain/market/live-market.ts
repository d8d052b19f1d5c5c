// The live side of a whole market as one value: every instrument's live state, in universe order and by
// market, the per-market update counters, and where in the step stream it stands. The simulator (leader) and
// a replica hold one each; steps are applied to it (step-apply.ts) and snapshots taken from it
// (market-snapshot.ts), so two nodes that hold the same LiveMarket and apply the same steps stay equal.

import { MARKETS, type Market, type SessionState } from '../../../workers/protocol/market.ts';
import type { LiveState } from './instrument-state.ts';
import { NO_HALT, type HaltState } from './market-halt.ts';

export interface LiveMarket {
  /** Identity of the step stream (a leader's run); step numbers count within it. */
  run: string;
  /** Number of the last step applied (0 before the first). */
  step: number;
  /** Time of the last step applied (0 before the first). */
  ts: number;
  /** symbol → state, in universe order */
  readonly states: Map<string, LiveState>;
  /** the same states per market, in universe order */
  readonly byMarket: Record<Market, LiveState[]>;
  /** Ticks that carried updates of each market so far: the seq of its `tickers:<market>` channel. */
  readonly seq: Record<Market, number>;
  /** The market-wide halt of the day and the KSE-30 breach being timed (market-halt.ts). */
  halt: HaltState;
  /** PSX session state of the last step applied (undefined before the first) */
  st?: SessionState | undefined;
}

export function emptyByMarket(): Record<Market, LiveState[]> {
  return { psx: [], index: [], crypto: [] };
}

export function zeroSeq(): Record<Market, number> {
  return { psx: 0, index: 0, crypto: 0 };
}

/** A LiveMarket over existing containers (the simulator's own map and lists), so both views stay one. */
export function liveMarketOf(
  run: string,
  states: Map<string, LiveState>,
  byMarket: Record<Market, LiveState[]>,
): LiveMarket {
  return { run, step: 0, ts: 0, states, byMarket, seq: zeroSeq(), halt: NO_HALT };
}

/** Replaces everything `target` holds by `source`'s content, keeping target's containers (others hold them). */
export function replaceLiveMarket(target: LiveMarket, source: LiveMarket): void {
  target.run = source.run;
  target.step = source.step;
  target.ts = source.ts;
  target.halt = source.halt;
  target.st = source.st;
  target.states.clear();
  for (const [sym, s] of source.states) target.states.set(sym, s);
  for (const m of MARKETS) {
    target.byMarket[m].length = 0;
    target.byMarket[m].push(...source.byMarket[m]);
    target.seq[m] = source.seq[m];
  }
}
