// One feed step as plain data: everything the PRNG decided (the prints of each symbol, its new book, each
// index's level with the volume and turnover behind it, which session days roll), so another node can apply
// the same step to its own copy of the market without the PRNG. JSON-safe (bigints as decimal strings) and
// compact: short keys, prices and quantities in integer units, books as the levels that changed with each
// price written as the step from the previous level (books are nine tenths of a record).

import type { SessionState } from '../../../workers/protocol/market.ts';
import type { UnitBook, UnitLevel } from './book.ts';
import type { HaltState } from './market-halt.ts';
import type { ListingDef } from './universe.ts';

/** One print: price and quantity in integer units, and the aggressor's side. */
export type PrintRec = [price: number, qty: number, side: 'b' | 's'];

/**
 * Book levels that changed (qty 0 removes a level), bids then asks, in diffBook's order. Each side is flat:
 * [Δprice, qty, Δprice, qty, …] where Δprice is the level's price minus the previous level's (the first
 * level's is its price), so a grid of levels costs a few digits per level instead of a whole price.
 */
export type BookPatch = [bids: number[], asks: number[]];

/** What one traded symbol did in the step. */
export interface SymbolStep {
  /** prints, oldest first */
  p: PrintRec[];
  /** the book's change */
  b: BookPatch;
  /** the walk's log-price after the prints (the simulator's float state, so a promoted replica walks on) */
  w: number;
}

/** An index move: its new level, and the volume and turnover (Σ price·qty, decimal string) behind it. */
export type IndexMove = [level: number, v: number, q: string];

export interface StepRecord {
  /** the step stream this belongs to (see LiveMarket.run) */
  run: string;
  /** step number: one more than the previous record of the same run */
  n: number;
  /** the step's time (ms) */
  ts: number;
  /** PSX session state at ts (crypto is always open) */
  st: SessionState;
  /** symbols whose session day rolls over in this step */
  roll?: string[];
  /** traded symbols */
  s?: Record<string, SymbolStep>;
  /** indices that moved; null = touched without a level (an index without constituents) */
  x?: Record<string, IndexMove | null>;
  /**
   * Set on the first record of a run that continues another (a replica promoted to leader): the run and step
   * it continues from. A replica standing exactly there follows the new run without a snapshot.
   */
  fork?: [run: string, n: number];
  /**
   * Stocks that join the market in this step (an IPO's listing: listed-instruments.ts), added before anything
   * else of the step is applied; they trade from the next step on.
   */
  add?: ListingDef[];
  /** The market-wide halt state after this step, when the step changed it (market-halt.ts). */
  h?: HaltState;
}

function packSide(levels: readonly UnitLevel[]): number[] {
  const out: number[] = [];
  let prev = 0;
  for (const [price, qty] of levels) {
    out.push(price - prev, qty);
    prev = price;
  }
  return out;
}

function unpackSide(flat: readonly number[]): UnitLevel[] {
  const out: UnitLevel[] = [];
  let price = 0;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    price += flat[i]!;
    out.push([price, flat[i + 1]!]);
  }
  return out;
}

export function toBookPatch(delta: UnitBook): BookPatch {
  return [packSide(delta.bids), packSide(delta.asks)];
}

export function fromBookPatch(p: BookPatch): UnitBook {
  return { bids: unpackSide(p[0]), asks: unpackSide(p[1]) };
}
