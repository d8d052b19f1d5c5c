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
  const prevBids = prev?.bids ?? [];
  const prevAsks = prev?.asks ?? [];
  const bestBid = p.last - p.step * rng.int(0, 1);
  const bestAsk = bestBid + p.step * (1 + rng.int(0, 1));
  const down = Math.max(p.down ?? 1, 1);
  const up = p.up ?? Number.MAX_SAFE_INTEGER;
  const bids: UnitLevel[] = [];
  const asks: UnitLevel[] = [];
  // Both sides are sorted, so the previous quantity at a price is found with one forward pointer per side.
  let jb = 0;
  let ja = 0;
  for (let i = 0; i < p.depth; i++) {
    const bp = bestBid - i * p.step;
    if (bp >= down && bp <= up) {
      while (jb < prevBids.length && (prevBids[jb]?.[0] ?? 0) > bp) jb++;
      const old = prevBids[jb]?.[0] === bp ? prevBids[jb]?.[1] : undefined;
      bids.push([bp, old !== undefined && rng.next() < 0.85 ? old : levelQty(rng, p.levelQty, i)]);
    }
    const ap = bestAsk + i * p.step;
    if (ap <= up && ap >= down) {
      while (ja < prevAsks.length && (prevAsks[ja]?.[0] ?? 0) < ap) ja++;
      const old = prevAsks[ja]?.[0] === ap ? prevAsks[ja]?.[1] : undefined;
      asks.push([ap, old !== undefined && rng.next() < 0.85 ? old : levelQty(rng, p.levelQty, i)]);
    }
  }
  return { bids, asks };
}

/** Merge of two sorted sides: changed or new levels of `next`, and removed levels of `prev` with qty 0. */
function diffSide(prev: UnitLevel[], next: UnitLevel[], desc: boolean): UnitLevel[] {
  const out: UnitLevel[] = [];
  let i = 0;
  let j = 0;
  while (i < prev.length || j < next.length) {
    const a = prev[i];
    const b = next[j];
    if (a && (!b || (desc ? a[0] > b[0] : a[0] < b[0]))) {
      out.push([a[0], 0]);
      i++;
    } else if (b && (!a || (desc ? b[0] > a[0] : b[0] < a[0]))) {
      out.push(b);
      j++;
    } else if (a && b) {
      if (a[1] !== b[1]) out.push(b);
      i++;
      j++;
    }
  }
  return out;
}

/** Changed levels from `prev` to `next`; qty 0 removes a level. */
export function diffBook(prev: UnitBook, next: UnitBook): UnitBook {
  return { bids: diffSide(prev.bids, next.bids, true), asks: diffSide(prev.asks, next.asks, false) };
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
