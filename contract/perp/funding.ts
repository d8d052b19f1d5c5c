// Funding (derivatives.md §1, "Funding", Binance [B-fund]): F = P̄ + clamp(I − P̄, −0.05 %, +0.05 %), then capped
// per contract; payment = |Q|·M·F per interval, F > 0 means longs pay shorts. Payers' amounts round up and
// receivers' round down, so the payments of an interval never create money: the remainder (≥ 0) goes to the
// insurance fund and the interval, fund included, sums to exactly zero.

import { RATE_ONE, divFloor, valueToUsdt, type PerpGrid, type Side } from './fixed.ts';

/** Interest I per 8 h: 0.01 %. */
export const FUNDING_INTEREST = 10_000n;
/** Band of the clamp on I − P̄: ±0.05 %. */
export const FUNDING_CLAMP = 50_000n;
/** Cap on |F| per 8 h interval: ±0.75 % (a mid-range contract's cap, below every tier's MMR at 1×). */
export const FUNDING_CAP = 750_000n;

const clamp = (x: bigint, lo: bigint, hi: bigint): bigint => (x < lo ? lo : x > hi ? hi : x);

/** Funding rate for an interval from the time-averaged premium index (rates at RATE_ONE). */
export function fundingRate(
  premium: bigint,
  interest = FUNDING_INTEREST,
  band = FUNDING_CLAMP,
  cap = FUNDING_CAP,
): bigint {
  return clamp(premium + clamp(interest - premium, -band, band), -cap, cap);
}

/** Premium of one sample: (mid − index)/index as a rate at RATE_ONE, rounded toward −∞. */
export function premiumSample(mid: bigint, index: bigint): bigint {
  return index > 0n ? divFloor((mid - index) * RATE_ONE, index) : 0n;
}

/** Time-average of premium samples (rounded toward −∞); 0 with no samples. */
export function averagePremium(samples: readonly bigint[]): bigint {
  if (samples.length === 0) return 0n;
  let sum = 0n;
  for (const x of samples) sum += x;
  return divFloor(sum, BigInt(samples.length));
}

export interface FundingHolder {
  readonly side: Side;
  readonly qty: bigint;
}

export interface FundingSettlement {
  /** Per holder, in input order: micro-USDT the holder pays (> 0) or receives (< 0). */
  readonly amounts: readonly bigint[];
  /** What is left over from rounding, credited to the insurance fund (≥ 0). */
  readonly toFund: bigint;
}

/**
 * One interval's payments at mark M and rate F. Payers pay ceil(|Q|·M·|F|), receivers get floor(...). When one
 * side pays more in total than the other side receives (the two sides' sizes differ, as in a simulation where
 * the counterparty is the market), the receivers' total is capped at the payers' total so no money is made:
 * receivers are scaled down pro rata (rounding down) and the leftovers go to the fund. Σ amounts = toFund.
 */
export function settleFunding(
  g: PerpGrid,
  holders: readonly FundingHolder[],
  mark: bigint,
  rate: bigint,
): FundingSettlement {
  if (rate === 0n) return { amounts: holders.map(() => 0n), toFund: 0n };
  const payerSide: Side = rate > 0n ? 1 : -1;
  const abs = rate > 0n ? rate : -rate;
  const gross = holders.map((h) =>
    valueToUsdt(g, h.qty * mark * abs, h.side === payerSide ? 'ceil' : 'floor', RATE_ONE),
  );
  let paid = 0n;
  let owed = 0n;
  holders.forEach((h, i) => {
    if (h.side === payerSide) paid += gross[i]!;
    else owed += gross[i]!;
  });
  const amounts = holders.map((h, i) => {
    if (h.side === payerSide) return gross[i]!;
    const due = owed <= paid ? gross[i]! : divFloor(gross[i]! * paid, owed);
    return -due;
  });
  let sum = 0n;
  for (const a of amounts) sum += a;
  return { amounts, toFund: sum };
}
