// Trades tape buffer: fixed capacity, ordered by trade id, deduplicated by id, so the socket, a polling
// fallback and a resync snapshot can all feed it without duplicate or out-of-order prints.
// Owned, mutable worker state (a ring is mutation by nature).
import type { Trade } from '../../protocol/market.ts';

export interface TradeRing {
  readonly capacity: number;
  /** Physical slots; logical k (0 = oldest) lives at (start + k) % capacity. */
  readonly slots: (Trade | undefined)[];
  start: number;
  size: number;
  /** Ids currently held: the dedupe set never grows past `capacity`. */
  readonly ids: Set<number>;
}

export function createTradeRing(capacity: number): TradeRing {
  if (!(capacity >= 1)) throw new RangeError('trade ring capacity must be >= 1');
  return { capacity, slots: new Array<Trade | undefined>(capacity), start: 0, size: 0, ids: new Set() };
}

function at(ring: TradeRing, k: number): Trade {
  return ring.slots[(ring.start + k) % ring.capacity]!;
}

function dropOldest(ring: TradeRing): void {
  ring.ids.delete(at(ring, 0).i);
  ring.slots[ring.start] = undefined;
  ring.start = (ring.start + 1) % ring.capacity;
  ring.size--;
}

/**
 * Adds one print; false when it is a duplicate or older than everything a full ring holds. Prints normally
 * arrive in id order (O(1)); a late one (e.g. from a polling page) is slotted into place by shifting.
 */
export function pushTrade(ring: TradeRing, trade: Trade): boolean {
  if (ring.ids.has(trade.i)) return false;
  const { capacity } = ring;
  const newest = ring.size ? at(ring, ring.size - 1) : undefined;
  if (!newest || trade.i > newest.i) {
    if (ring.size === capacity) dropOldest(ring);
    ring.slots[(ring.start + ring.size) % capacity] = trade;
    ring.size++;
    ring.ids.add(trade.i);
    return true;
  }
  // Late print: find its logical place (first k with id > trade.i).
  let lo = 0;
  let hi = ring.size;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at(ring, mid).i < trade.i) lo = mid + 1;
    else hi = mid;
  }
  let k = lo;
  if (ring.size === capacity) {
    if (k === 0) return false; // older than the whole tape
    dropOldest(ring);
    k--;
  }
  for (let j = ring.size; j > k; j--) {
    ring.slots[(ring.start + j) % capacity] = at(ring, j - 1);
  }
  ring.slots[(ring.start + k) % capacity] = trade;
  ring.size++;
  ring.ids.add(trade.i);
  return true;
}

/** Adds a batch (delta, snapshot or polling page, any order); returns how many were new. */
export function pushTrades(ring: TradeRing, trades: readonly Trade[]): number {
  let added = 0;
  for (const t of trades) if (pushTrade(ring, t)) added++;
  return added;
}

/** Newest first, without copying the buffer. */
export function* iterateNewestFirst(ring: TradeRing): Generator<Trade, void, undefined> {
  for (let k = ring.size - 1; k >= 0; k--) yield at(ring, k);
}

/** Up to `limit` prints, newest first, as a fresh array (what the tape posts to the main thread). */
export function tradesNewestFirst(ring: TradeRing, limit: number = ring.size): Trade[] {
  const n = Math.min(limit, ring.size);
  const out = new Array<Trade>(n);
  for (let k = 0; k < n; k++) out[k] = at(ring, ring.size - 1 - k);
  return out;
}

/** Id of the newest print held, or -1 (a polling source asks only for prints after it). */
export function newestTradeId(ring: TradeRing): number {
  return ring.size ? at(ring, ring.size - 1).i : -1;
}
