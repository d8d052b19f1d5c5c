// Spot trading arithmetic (issue 16), shared by the server (which enforces it) and the app (which shows totals
// and fees before an order is sent). Pure and exact: bigint minor units only, never floats.
//
// Units: a price is in minor units of the pair's tick (10^-priceDecimals USDT per coin), a quantity in minor
// units of its lot (10^-qtyDecimals coin, also the ledger's unit of the coin), USDT in the ledger's 6 decimals.
// qty × price is exact at scale priceDecimals + qtyDecimals ("raw"); it becomes USDT only when money moves:
// what a buyer pays is rounded up to the micro-USDT, what a seller receives rounded down, both on the order's
// cumulative raw value, so the fills of an order add up to the rounding of the whole.
//
// Fees are charged in the asset received (a buy pays its fee in the coin, a sell in USDT), per fill, at the
// maker rate for a resting order's fills and the taker rate for anything that fills at once, rounded half-up to
// the received asset's minor unit (a fee of a fraction of a lot may round to 0; it is never more than the
// rate on that fill plus half a unit).
import { divRound, formatMinor, parseMinor, pow10, rescale } from './money.ts';

export const USDT = 'USDT';
export const USDT_DECIMALS = 6;
/** Fee rates are parts per million (0.1 % = 1000). */
export const PPM = 1_000_000n;

export interface PairUnits {
  priceDecimals: number;
  qtyDecimals: number;
}

/** The scale of qty × price. */
export function rawScale(p: PairUnits): number {
  return p.priceDecimals + p.qtyDecimals;
}

/** qty × price (exact, at rawScale). */
export function rawNotional(qty: bigint, price: bigint): bigint {
  return qty * price;
}

/** A raw value as micro-USDT: 'ceil' for what a buyer pays, 'floor' for what a seller receives. */
export function rawToUsdt(raw: bigint, p: PairUnits, rounding: 'ceil' | 'floor'): bigint {
  return rescale(raw, rawScale(p), USDT_DECIMALS, rounding);
}

/** The largest raw value whose rounded-up USDT cost is at most `usdt` (a market buy's budget). */
export function rawBudget(usdt: bigint, p: PairUnits): bigint {
  const s = rawScale(p);
  if (s >= USDT_DECIMALS) return usdt * pow10(s - USDT_DECIMALS);
  return usdt / pow10(USDT_DECIMALS - s);
}

/**
 * What a fill moves in USDT, given the order's cumulative raw value before and after it: the difference of the
 * rounded cumulative values, so every fill's amount adds up to the rounding of the order's whole value.
 */
export function fillUsdt(prevRaw: bigint, nextRaw: bigint, p: PairUnits, side: 'buy' | 'sell'): bigint {
  const r = side === 'buy' ? 'ceil' : 'floor';
  return rawToUsdt(nextRaw, p, r) - rawToUsdt(prevRaw, p, r);
}

/** The fee on `received` (minor units of the received asset) at `ppm`, rounded half-up. */
export function feeOn(received: bigint, ppm: bigint): bigint {
  return divRound(received * ppm, PPM, 'half-up');
}

/** A fee rate setting ('0.001' = 0.1 %) as parts per million; null if malformed. */
export function ratePpm(rate: string): bigint | null {
  return parseMinor(rate, 6);
}

/** The tick (one price unit) and lot (one quantity unit) as decimal strings. */
export function tickOf(p: PairUnits): string {
  return formatMinor(1n, p.priceDecimals);
}
export function lotOf(p: PairUnits): string {
  return formatMinor(1n, p.qtyDecimals);
}

export type SpotRuleError =
  | { key: 'spot.priceRequired' }
  | { key: 'spot.priceTick'; params: { tick: string } }
  | { key: 'spot.qtyRequired' }
  | { key: 'spot.qtyLot'; params: { lot: string } }
  | { key: 'spot.minNotional'; params: { min: string } };

/** A limit price typed by the user: minor units, or why not (empty, zero, or finer than the tick). */
export function parsePrice(text: string | undefined, p: PairUnits): bigint | SpotRuleError {
  if (!text) return { key: 'spot.priceRequired' };
  const v = parseMinor(text, p.priceDecimals);
  if (v === null) {
    // a well-formed number with too many decimals is off the tick; anything else is no price at all
    return parseMinor(text, 18) === null ? { key: 'spot.priceRequired' } : tickError(p);
  }
  if (v === 0n) return { key: 'spot.priceRequired' };
  return v;
}

/** A base quantity typed by the user: minor units, or why not. */
export function parseQty(text: string | undefined, p: PairUnits): bigint | SpotRuleError {
  if (!text) return { key: 'spot.qtyRequired' };
  const v = parseMinor(text, p.qtyDecimals);
  if (v === null) {
    return parseMinor(text, 18) === null
      ? { key: 'spot.qtyRequired' }
      : { key: 'spot.qtyLot', params: { lot: lotOf(p) } };
  }
  if (v === 0n) return { key: 'spot.qtyRequired' };
  return v;
}

function tickError(p: PairUnits): SpotRuleError {
  return { key: 'spot.priceTick', params: { tick: tickOf(p) } };
}

/** Whether a raw value reaches the minimum notional (micro-USDT), compared exactly. */
export function meetsMinNotional(raw: bigint, minUsdt: bigint, p: PairUnits): boolean {
  const s = rawScale(p);
  const scale = s > USDT_DECIMALS ? s : USDT_DECIMALS;
  return rescale(raw, s, scale, 'floor') >= rescale(minUsdt, USDT_DECIMALS, scale, 'floor');
}

export function minNotionalError(minUsdt: bigint): SpotRuleError {
  return { key: 'spot.minNotional', params: { min: formatMinor(minUsdt, USDT_DECIMALS) } };
}

export function isRuleError(v: unknown): v is SpotRuleError {
  return typeof v === 'object' && v !== null && 'key' in v;
}
