// The market worker's one numbers module: every exact decimal operation on wire strings goes through here,
// so the rest of calc/ never does float arithmetic on prices, quantities or money.
import Decimal from 'decimal.js';

/** A private Decimal constructor: 40 significant digits, truncation like the app's display rules. */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_DOWN, toExpNeg: -30, toExpPos: 40 });

const ZERO_RE = /^[+-]?0*(\.0*)?$/;

/** True for '0', '0.00', '-0', '' — a removed book level or an empty quantity. */
export function isZeroString(s: string): boolean {
  return ZERO_RE.test(s);
}

/** Digits after the point of a plain wire decimal ('98.50' → 2). */
function scaleOf(s: string): number {
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

// Results keep the inputs' scale ('98.50' − '100' = '-1.50', not '-1.5'): exact, and the scale a trader
// expects; toFixed(scale) cannot round because the exact result never has more places than that.

/** Exact a + b of two decimal strings, as a plain (non-exponent) decimal string. */
export function addDecimal(a: string, b: string): string {
  return new D(a).plus(b).toFixed(Math.max(scaleOf(a), scaleOf(b)));
}

/** Exact a - b. */
export function subDecimal(a: string, b: string): string {
  return new D(a).minus(b).toFixed(Math.max(scaleOf(a), scaleOf(b)));
}

/** Exact acc + a × b (turnover += price × quantity). */
export function addProduct(acc: string, a: string, b: string): string {
  return new D(a)
    .times(b)
    .plus(acc)
    .toFixed(Math.max(scaleOf(acc), scaleOf(a) + scaleOf(b)));
}

/**
 * Percent change of `last` against `ref`, truncated (not rounded) to `decimals` places, e.g. '-1.25'.
 * A zero reference has no meaningful percentage: the answer is '0' at the requested scale rather than
 * Infinity, because this feeds a list cell, not a calculation.
 */
export function pctChange(last: string, ref: string, decimals = 2): string {
  const r = new D(ref);
  if (r.isZero()) return new D(0).toFixed(decimals);
  const pct = new D(last).minus(r).times(100).div(r).toFixed(decimals, Decimal.ROUND_DOWN);
  // toFixed keeps the sign of a truncated negative zero ('-0.00'); a flat move shows unsigned.
  return pct.startsWith('-') && new D(pct).isZero() ? pct.slice(1) : pct;
}

/**
 * Ordering key of a decimal string. Only for sorting and comparing (book levels, highs and lows, flash
 * direction): a double orders any decimal of up to 15 significant digits exactly, which covers every price
 * on the wire. Never use the result for arithmetic that reaches the screen.
 */
export function orderKey(s: string): number {
  return +s;
}
