// Tiered maintenance margin per symbol (derivatives.md §1, "Initial and maintenance margin"): each bracket of
// position notional has a maintenance-margin rate, a maintenance amount (cum) and a maximum leverage.
// cum_n = floor_n·(MMR_n − MMR_(n−1)) + cum_(n−1), so MM = notional·MMR − cum is continuous across brackets.
// The two tables are Binance-style figures (BTCUSDT's first three brackets are the reference's historical ones);
// plausible for a simulation, not reference data.

import { RATE_ONE, divCeil } from './fixed.ts';

export interface Tier {
  /** Upper bound of the bracket's notional, micro-USDT, inclusive. */
  readonly maxNotional: bigint;
  /** Maintenance-margin rate at RATE_ONE. */
  readonly mmr: bigint;
  /** Maintenance amount, micro-USDT. */
  readonly cum: bigint;
  readonly maxLeverage: number;
}

type Row = readonly [maxNotionalUsdt: number, mmrBasisPoints: number, maxLeverage: number];

// [notional up to (USDT), MMR in basis points (0.01 %), max leverage]
const MAJOR: readonly Row[] = [
  [50_000, 40, 125],
  [250_000, 50, 100],
  [1_000_000, 100, 50],
  [5_000_000, 250, 20],
  [20_000_000, 500, 10],
  [50_000_000, 1000, 5],
  [100_000_000, 1250, 4],
  [200_000_000, 1500, 3],
  [300_000_000, 2500, 2],
  [500_000_000, 5000, 1],
];

const ALT: readonly Row[] = [
  [5_000, 150, 50],
  [10_000, 250, 20],
  [50_000, 500, 10],
  [250_000, 1000, 5],
  [1_000_000, 1250, 4],
  [3_000_000, 2500, 2],
  [12_500_000, 5000, 1],
];

const BP = RATE_ONE / 10_000n;

function build(rows: readonly Row[]): readonly Tier[] {
  const out: Tier[] = [];
  let prevMax = 0n;
  let prevMmr = 0n;
  let prevCum = 0n;
  for (const [max, bp, lev] of rows) {
    const mmr = BigInt(bp) * BP;
    // floor_n·ΔMMR is whole micro-USDT for whole-USDT floors and basis-point rates; ceil keeps it safe anyway.
    const cum = divCeil(prevMax * (mmr - prevMmr), RATE_ONE) + prevCum;
    const maxNotional = BigInt(max) * 1_000_000n;
    out.push({ maxNotional, mmr, cum, maxLeverage: lev });
    prevMax = maxNotional;
    prevMmr = mmr;
    prevCum = cum;
  }
  return out;
}

const MAJOR_TIERS = build(MAJOR);
const ALT_TIERS = build(ALT);

/** The bracket table of a symbol ('BTC', 'ETH' take the major table; every other pair the alt one). */
export function tiersOf(base: string): readonly Tier[] {
  return base === 'BTC' || base === 'ETH' ? MAJOR_TIERS : ALT_TIERS;
}

/** The bracket for a notional (micro-USDT), or null above the last bracket (too large to hold). */
export function tierFor(tiers: readonly Tier[], notional: bigint): Tier | null {
  for (const t of tiers) if (notional <= t.maxNotional) return t;
  return null;
}

/** Maintenance margin at a notional: notional·MMR − cum, rounded up (micro-USDT). Null above the table. */
export function maintenanceMargin(tiers: readonly Tier[], notional: bigint): bigint | null {
  const t = tierFor(tiers, notional);
  return t ? divCeil(notional * t.mmr, RATE_ONE) - t.cum : null;
}

/** Highest leverage allowed at a notional (0 above the table). */
export function maxLeverageAt(tiers: readonly Tier[], notional: bigint): number {
  return tierFor(tiers, notional)?.maxLeverage ?? 0;
}
