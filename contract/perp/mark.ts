// Mark price = index + a smoothed premium (derivatives.md §1 "Mark vs last price": index + moving average of
// (mid − index), Binance's second term). The average is an exponential one over market steps with
// α = 2/(N+1), kept at 10^-8 of a price unit so repeated smoothing does not drift; the state is a pure function
// of the steps in order, so every node replaying the same steps has the same mark.

import { divFloor } from './fixed.ts';

/** Steps in the EMA window (with one step a second, about Binance's 2.5-minute average). */
export const MARK_EMA_STEPS = 150n;
const FINE = 100_000_000n;

export interface MarkState {
  /** EMA of (mid − index), price units × 10^8 (signed). */
  readonly premiumFine: bigint;
  /** Whether any step has been seen (the first sets the EMA to its own premium). */
  readonly primed: boolean;
}

export const MARK_START: MarkState = { premiumFine: 0n, primed: false };

/** The state after one step: index (last price) and the book's mid, both in price units. */
export function stepMark(s: MarkState, index: bigint, mid: bigint, n = MARK_EMA_STEPS): MarkState {
  const sample = (mid - index) * FINE;
  if (!s.primed) return { premiumFine: sample, primed: true };
  // ema += α·(sample − ema), α = 2/(n+1); rounded toward −∞ the same way on every node.
  return { premiumFine: s.premiumFine + divFloor(2n * (sample - s.premiumFine), n + 1n), primed: true };
}

/** Mark price in price units: index + EMA premium, rounded to the tick (half away from zero avoided: floor). */
export function markOf(s: MarkState, index: bigint): bigint {
  const m = index + divFloor(s.premiumFine, FINE);
  return m > 0n ? m : 1n;
}
