// Fixed-point units shared by the perpetual-contract math: USDT amounts are micro-USDT bigints (6 places, as the
// ledger holds them), rates (MMR, fees, funding) are bigints at RATE_SCALE (1e-8, funding's usual precision),
// prices and quantities are bigints at their pair's price and quantity decimals. Pure ES2023, no imports of Node.

/** USDT in the ledger: 6 decimal places. */
export const USDT_PLACES = 6;
export const USDT_UNIT = 1_000_000n;

/** Rates are parts of 10^8: 0.05% = 50_000n, 0.4% = 400_000n, 100% = RATE_ONE. */
export const RATE_ONE = 100_000_000n;

/** A symbol's grid: a price is `units × 10^-priceDecimals`, a quantity `units × 10^-qtyDecimals`. */
export interface PerpGrid {
  readonly priceDecimals: number;
  readonly qtyDecimals: number;
}

/** Long +1, short −1 (the reference's s). */
export type Side = 1 | -1;

// Every USDT figure scales by a power of ten (valueToUsdt): kept, not multiplied out on each call (the worker
// values thousands of positions a tick).
const POW10: bigint[] = [1n];
for (let i = 1; i <= 64; i++) POW10.push(POW10[i - 1]! * 10n);

export function pow10(k: number): bigint {
  const t = POW10[k];
  if (t !== undefined) return t;
  let r = 1n;
  for (let i = 0; i < k; i++) r *= 10n;
  return r;
}

/** a / b rounded toward −∞ (b > 0 or < 0). */
export function divFloor(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** a / b rounded toward +∞. */
export function divCeil(a: bigint, b: bigint): bigint {
  return -divFloor(-a, b);
}

/** Scale of price × quantity (value units): priceDecimals + qtyDecimals. */
export function valueScale(g: PerpGrid): number {
  return g.priceDecimals + g.qtyDecimals;
}

/** price × quantity in value units (exact). */
export function valueOf(qty: bigint, price: bigint): bigint {
  return qty * price;
}

/**
 * Value units (price × qty) as micro-USDT: `num / den` value units, with the chosen rounding. Every USDT
 * figure goes through here so the direction of each cut is written where it is used.
 */
export function valueToUsdt(g: PerpGrid, value: bigint, round: 'floor' | 'ceil', den = 1n): bigint {
  const vs = valueScale(g);
  const num = vs >= USDT_PLACES ? value : value * pow10(USDT_PLACES - vs);
  const d = vs >= USDT_PLACES ? den * pow10(vs - USDT_PLACES) : den;
  return round === 'floor' ? divFloor(num, d) : divCeil(num, d);
}

/** micro-USDT as value units × 10^-extra... (a USDT amount expressed in value units, exact when possible). */
export function usdtToValueExact(g: PerpGrid, usdt: bigint): { num: bigint; den: bigint } {
  const vs = valueScale(g);
  return vs >= USDT_PLACES
    ? { num: usdt * pow10(vs - USDT_PLACES), den: 1n }
    : { num: usdt, den: pow10(USDT_PLACES - vs) };
}

/** rate × amount rounded as asked (rates at RATE_ONE). */
export function applyRate(amount: bigint, rate: bigint, round: 'floor' | 'ceil'): bigint {
  return round === 'floor' ? divFloor(amount * rate, RATE_ONE) : divCeil(amount * rate, RATE_ONE);
}
