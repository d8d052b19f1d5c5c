// NAV arithmetic of the AI funds, exact in bigint: money in paisa, units with 4 decimals (UNIT_SCALE = 1 unit).
// Rounding (README "Units and NAV"): the NAV per unit rounds half up to the paisa; units a subscription buys
// round DOWN (the investor never gets a fraction of a unit the money did not pay for), and the cash a
// redemption pays rounds DOWN to the paisa. What rounding leaves stays in the pool, for every holder.

export const UNIT_DECIMALS = 4;
export const UNIT_SCALE = 10_000n;

export interface Holding {
  /** shares (sellable + T+1 + reserved by a sell order) */
  qty: bigint;
  /** paisa per share */
  price: bigint;
}

/** cash (available + reserved for orders) + Σ shares × price, paisa. */
export function poolAssets(cash: bigint, holdings: readonly Holding[]): bigint {
  return holdings.reduce((sum, h) => sum + h.qty * h.price, cash);
}

/** Paisa per unit: assets ÷ units, half up to the paisa; `launch` while no units exist. */
export function navPerUnit(assets: bigint, units: bigint, launch: bigint): bigint {
  if (units <= 0n) return launch;
  if (assets <= 0n) return 0n;
  return (assets * UNIT_SCALE * 2n + units) / (2n * units);
}

/** Units `net` paisa buy at `nav`, rounded down to 0.0001 unit. */
export function unitsFor(net: bigint, nav: bigint): bigint {
  if (net <= 0n || nav <= 0n) return 0n;
  return (net * UNIT_SCALE) / nav;
}

/** Paisa `units` are worth at `nav`, rounded down to the paisa. */
export function cashFor(units: bigint, nav: bigint): bigint {
  if (units <= 0n || nav <= 0n) return 0n;
  return (units * nav) / UNIT_SCALE;
}

/** amount × bps ÷ 10 000, rounded up to the paisa (as the robots' and PSX fees are). */
export function feeOf(amount: bigint, feeBps: number): bigint {
  if (amount <= 0n || feeBps <= 0) return 0n;
  return (amount * BigInt(feeBps) + 9_999n) / 10_000n;
}

const YEAR_MS = 365n * 86_400_000n;

/**
 * The management fee for `elapsedMs` at `bps` a year of `assets`, rounded DOWN to the paisa (the holders are
 * never charged a fraction the rate did not earn; a 365-day year).
 */
export function managementFee(assets: bigint, bps: number, elapsedMs: number): bigint {
  if (assets <= 0n || bps <= 0 || !(elapsedMs > 0)) return 0n;
  return (assets * BigInt(bps) * BigInt(Math.floor(elapsedMs))) / (10_000n * YEAR_MS);
}

/** Change of NAV between two closes in basis points of the first, truncated toward zero ('' without a start). */
export function changeBps(from: bigint, to: bigint): bigint | null {
  if (from <= 0n) return null;
  return ((to - from) * 10_000n) / from;
}
