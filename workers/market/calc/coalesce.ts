// Per-flush coalescing: between two flushes each key (symbol, or symbol+channel) keeps at most one pending
// update, so a burst of 10 ticks on one symbol costs the main thread one row, not ten.
import type { Ticker } from '../../protocol/market.ts';

/** Pending updates of one flush, in first-arrival order (Map keeps insertion order). */
export type Flush<V> = Map<string, V>;

export function createFlush<V>(): Flush<V> {
  return new Map();
}

/** Adds an update; with `merge`, the pending one and the new one combine (default: the new one wins). */
export function coalesce<V>(
  flush: Flush<V>,
  key: string,
  value: V,
  merge?: (pending: V, next: V) => V,
): void {
  const pending = flush.get(key);
  flush.set(key, pending !== undefined && merge ? merge(pending, value) : value);
}

/** Takes everything pending and leaves the flush empty for the next window. */
export function drainFlush<V>(flush: Flush<V>): V[] {
  const out = [...flush.values()];
  flush.clear();
  return out;
}

/**
 * Ticker merge: a Ticker is a full state, so the newer one wins whole — but "newer" is by its time, not
 * by arrival, so a late polling answer cannot roll the row back behind the socket.
 */
export function mergeTicker(pending: Ticker, next: Ticker): Ticker {
  return next.t >= pending.t ? next : pending;
}

/** Field-wise patch merge for partial updates (fields absent in `next` keep the pending value). */
export function mergePatch<V extends object>(pending: V, next: Partial<V>): V {
  const out = { ...pending };
  for (const k of Object.keys(next) as (keyof V)[]) {
    const v = next[k];
    if (v !== undefined) out[k] = v as V[keyof V];
  }
  return out;
}

/** Coalesces a burst of ticker messages (any markets mixed) into one flush keyed by symbol. */
export function coalesceTickers(flush: Flush<Ticker>, tickers: readonly Ticker[]): void {
  for (const t of tickers) coalesce(flush, t.s, t, mergeTicker);
}
