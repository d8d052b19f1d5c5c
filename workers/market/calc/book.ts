// Order book merge for the market worker: snapshot + sequenced deltas → sorted, depth-bounded book state.
// Copy-on-write per side (a 50-level side copies in well under a microsecond), so a changed book is a new
// object and an unchanged one keeps its identity: the flush can tell "changed" by reference.
import type { Book, BookDelta, BookLevel } from '../../protocol/market.ts';
import { MAX_BOOK_DEPTH } from '../../protocol/market.ts';
import { isZeroString, orderKey } from '../../../contract/money-wire.ts';

/** One price level. `px` is the ordering key only; `price` and `qty` are the exact wire strings. */
export interface BookLevelState {
  readonly px: number;
  readonly price: string;
  readonly qty: string;
}

export interface BookState {
  readonly symbol: string;
  /** Best (highest) first. */
  readonly bids: readonly BookLevelState[];
  /** Best (lowest) first. */
  readonly asks: readonly BookLevelState[];
  /** Channel seq of the last snapshot or delta applied; -1 = never synced (every delta is a gap). */
  readonly seq: number;
  readonly ts: number;
  readonly depth: number;
}

export interface BookDeltaResult {
  state: BookState;
  /** seq skipped ahead (or no snapshot yet): the state is untouched and the caller must resubscribe. */
  gap: boolean;
}

// Side direction: +1 asks (ascending), -1 bids (descending). Comparing dir*px lets one search serve both.
type Dir = 1 | -1;

export function emptyBook(symbol: string, depth: number = MAX_BOOK_DEPTH): BookState {
  return { symbol, bids: [], asks: [], seq: -1, ts: 0, depth };
}

/** First index whose level is not better than `px` (the level itself when present, else the insert point). */
function search(levels: readonly BookLevelState[], px: number, dir: Dir): number {
  let lo = 0;
  let hi = levels.length;
  const k = dir * px;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dir * levels[mid]!.px < k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function toSide(wire: readonly BookLevel[], dir: Dir, depth: number): BookLevelState[] {
  const byPx = new Map<number, BookLevelState>();
  for (const [price, qty] of wire) {
    const px = orderKey(price);
    if (!Number.isFinite(px) || isZeroString(qty)) continue;
    byPx.set(px, { px, price, qty });
  }
  const side = [...byPx.values()].sort((x, y) => dir * (x.px - y.px));
  if (side.length > depth) side.length = depth;
  return side;
}

/**
 * A fresh book from a snapshot with the channel's seq. The wire promises sorted, uncrossed levels; we sort
 * and uncross anyway (bids win a crossed snapshot) because a resync is the one moment to get back to sane.
 */
export function applyBookSnapshot(snap: Book, seq: number, depth: number = MAX_BOOK_DEPTH): BookState {
  const bids = toSide(snap.b, -1, depth);
  const asks = toSide(snap.a, 1, depth);
  const best = bids[0];
  if (best) {
    let drop = 0;
    while (drop < asks.length && asks[drop]!.px <= best.px) drop++;
    if (drop) asks.splice(0, drop);
  }
  return { symbol: snap.s, bids, asks, seq, ts: snap.t, depth };
}

/** Removes opposite-side levels crossed by a new best price; returns how many were removed. */
function uncross(opposite: BookLevelState[], px: number, dir: Dir): number {
  // `dir` is the side of the NEW level: a bid (-1) crosses asks at px' <= px; an ask (+1) bids at px' >= px.
  let n = 0;
  while (n < opposite.length && dir * opposite[n]!.px >= dir * px) n++;
  if (n) opposite.splice(0, n);
  return n;
}

/**
 * Applies one delta. seq === last + 1 applies it; seq <= last is a duplicate from before a resync and is
 * ignored; anything else is a gap. A new best level that crosses the other side removes the crossed levels
 * (the newer quote wins; within one delta asks apply after bids).
 */
export function applyBookDelta(state: BookState, delta: BookDelta, seq: number): BookDeltaResult {
  if (state.seq < 0) return { state, gap: true };
  if (seq <= state.seq) return { state, gap: false };
  if (seq !== state.seq + 1) return { state, gap: true };

  let bids: BookLevelState[] | null = null;
  let asks: BookLevelState[] | null = null;
  const depth = state.depth;

  for (let sideIdx = 0; sideIdx < 2; sideIdx++) {
    const dir: Dir = sideIdx === 0 ? -1 : 1;
    const updates = dir === -1 ? delta.b : delta.a;
    for (const [price, qty] of updates) {
      const px = orderKey(price);
      if (!Number.isFinite(px)) continue;
      let side: BookLevelState[] | null = dir === -1 ? bids : asks;
      const cur: readonly BookLevelState[] = side ?? (dir === -1 ? state.bids : state.asks);
      const i = search(cur, px, dir);
      const hit = i < cur.length && cur[i]!.px === px;
      const remove = isZeroString(qty);
      if (remove ? !hit : !hit && i >= depth) continue; // nothing to remove / beyond kept depth
      if (!side) {
        side = cur.slice();
        if (dir === -1) bids = side;
        else asks = side;
      }
      if (remove) side.splice(i, 1);
      else if (hit) side[i] = { px, price, qty };
      else {
        side.splice(i, 0, { px, price, qty });
        if (side.length > depth) side.length = depth;
      }
      if (!remove && i === 0) {
        const oppCur: readonly BookLevelState[] = dir === -1 ? (asks ?? state.asks) : (bids ?? state.bids);
        if (oppCur.length && dir * oppCur[0]!.px >= dir * px) {
          const opp: BookLevelState[] = oppCur.slice();
          uncross(opp, px, dir);
          if (dir === -1) asks = opp;
          else bids = opp;
        }
      }
    }
  }

  return {
    state: { ...state, bids: bids ?? state.bids, asks: asks ?? state.asks, seq, ts: delta.t },
    gap: false,
  };
}

/** The best `n` levels per side in wire shape, ready to post to the main thread. */
export function bookTop(state: BookState, n: number): { b: BookLevel[]; a: BookLevel[] } {
  const pick = (side: readonly BookLevelState[]): BookLevel[] =>
    side.slice(0, n).map((l) => [l.price, l.qty] as BookLevel);
  return { b: pick(state.bids), a: pick(state.asks) };
}

/**
 * Cumulative quantity per level as floats, for depth-bar widths only (a ratio on screen, never a number
 * shown): index k = sum of qty of levels 0..k.
 */
export function depthTotals(side: readonly BookLevelState[], n: number = side.length): Float64Array {
  const m = Math.min(n, side.length);
  const out = new Float64Array(m);
  let acc = 0;
  for (let k = 0; k < m; k++) {
    acc += orderKey(side[k]!.qty);
    out[k] = acc;
  }
  return out;
}
