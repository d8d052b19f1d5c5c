// Synthetic order books in integer units: levels on a fixed grid around the last price, quantities that persist
// from one update to the next (so deltas stay small), clipped to the daily price band, and the delta between
// two books. Invariants: bids strictly descending, asks strictly ascending, best bid < best ask.

import type { Rng } from './prng.ts';

export type UnitLevel = [price: number, qty: number];
export interface UnitBook {
  bids: UnitLevel[];
  asks: UnitLevel[];
}

export interface BookParams {
  last: number;
  step: number;
  depth: number;
  /** typical quantity at a level, in quantity units */
  levelQty: number;
  /** daily band (inclusive); omit for none */
  up?: number;
  down?: number;
}

function levelQty(rng: Rng, base: number, i: number): number {
  return Math.max(1, Math.round(base * (0.2 + rng.next() * 1.8) * (1 + i / 10)));
}

/** The book around `last`; quantities of prices present in `prev` are kept with probability 0.85. */
export function generateBook(rng: Rng, p: BookParams, prev?: UnitBook): UnitBook {
  const keep = (side: UnitLevel[] | undefined) => new Map(side ?? []);
  const prevBids = keep(prev?.bids);
  const prevAsks = keep(prev?.asks);
  const bestBid = p.last - p.step * rng.int(0, 1);
  const bestAsk = bestBid + p.step * (1 + rng.int(0, 1));
  const down = Math.max(p.down ?? 1, 1);
  const up = p.up ?? Number.MAX_SAFE_INTEGER;
  const bids: UnitLevel[] = [];
  const asks: UnitLevel[] = [];
  for (let i = 0; i < p.depth; i++) {
    const bp = bestBid - i * p.step;
    if (bp >= down && bp <= up) {
      const old = prevBids.get(bp);
      bids.push([bp, old !== undefined && rng.next() < 0.85 ? old : levelQty(rng, p.levelQty, i)]);
    }
    const ap = bestAsk + i * p.step;
    if (ap <= up && ap >= down) {
      const old = prevAsks.get(ap);
      asks.push([ap, old !== undefined && rng.next() < 0.85 ? old : levelQty(rng, p.levelQty, i)]);
    }
  }
  return { bids, asks };
}

function diffSide(prev: UnitLevel[], next: UnitLevel[]): UnitLevel[] {
  const before = new Map(prev);
  const out: UnitLevel[] = [];
  const seen = new Set<number>();
  for (const [price, qty] of next) {
    seen.add(price);
    if (before.get(price) !== qty) out.push([price, qty]);
  }
  for (const [price] of prev) if (!seen.has(price)) out.push([price, 0]);
  return out;
}

/** Changed levels from `prev` to `next`; qty 0 removes a level. */
export function diffBook(prev: UnitBook, next: UnitBook): UnitBook {
  return { bids: diffSide(prev.bids, next.bids), asks: diffSide(prev.asks, next.asks) };
}

/** Applies a delta (as a client would) — used by tests to check that deltas reproduce the book. */
export function applyBookDelta(book: UnitBook, delta: UnitBook): UnitBook {
  const side = (levels: UnitLevel[], changes: UnitLevel[], desc: boolean) => {
    const m = new Map(levels);
    for (const [p, q] of changes) {
      if (q === 0) m.delete(p);
      else m.set(p, q);
    }
    return [...m.entries()].sort((a, b) => (desc ? b[0] - a[0] : a[0] - b[0]));
  };
  return { bids: side(book.bids, delta.bids, true), asks: side(book.asks, delta.asks, false) };
}
