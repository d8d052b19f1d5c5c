// The withdrawal fee rule, shared by the server (what is frozen) and the app (the fee, "You receive" and Max
// shown before submitting), so both compute the same paisa.
//
// Decision: the fee is ON TOP of the amount. The amount typed is what the bank account or wallet receives;
// the balance must cover amount + fee, and both are frozen until the withdrawal is paid or rejected.
//   fee = max(feeMin, ceil(amount × feeRate))        (minor units; feeRate a decimal fraction, ≤ 6 places)
import { divRound, parseMinor } from './money.ts';

const PPM = 1_000_000n;

/** "0.001" → 1000 parts per million; null when not a fraction 0 … 0.999999 with at most 6 places. */
export function feeRatePpm(rate: string): bigint | null {
  if (!/^0(\.\d{1,6})?$/.test(rate)) return null;
  return parseMinor(rate, 6);
}

/** The fee for `amount` (minor units) at `ratePpm`, at least `feeMin` (same minor units). */
export function withdrawFee(amount: bigint, ratePpm: bigint, feeMin: bigint): bigint {
  const proportional = divRound(amount * ratePpm, PPM, 'ceil');
  return proportional > feeMin ? proportional : feeMin;
}

/** The largest amount whose amount + fee fits in `available` (0 when none does). */
export function maxWithdrawAmount(available: bigint, ratePpm: bigint, feeMin: bigint): bigint {
  // amount + fee(amount) grows strictly with amount, so a binary search finds the exact largest one.
  let lo = 0n;
  let hi = available;
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (mid + withdrawFee(mid, ratePpm, feeMin) <= available) lo = mid;
    else hi = mid - 1n;
  }
  return lo;
}
