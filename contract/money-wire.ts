// Decimal strings in, decimal strings out: the exact arithmetic the market worker does on wire values (a
// ticker's change and change %, a bar's or a day's volume and turnover), on top of contract/money.ts.
// Results keep the inputs' scale ('98.50' − '100' = '-1.50', not '-1.5'): exact, and the scale a trader
// expects (the exact result never has more places than the larger input scale).
//
// Scaled bigints, not decimal.js: ~25× faster here (10k ticker changes: ~4 ms vs ~100 ms), which matters at
// 10k messages/s. Exponent forms ('1e2') are read exactly too. A string that is no decimal at all throws, as
// decimal.js did: the protocol's schemas keep such values off the wire, so meeting one is a bug.
import {
  type Scaled,
  addScaled,
  at,
  formatMinor,
  formatScaled,
  parseDecimal,
  percentChange,
  subScaled,
} from './money.ts';

function read(text: string): Scaled {
  const x = parseDecimal(text);
  if (x === null) throw new RangeError(`not a decimal: ${text}`);
  return x;
}

const ZERO_RE = /^[+-]?0*(\.0*)?$/;

/** True for '0', '0.00', '-0', '' — a removed book level or an empty quantity. */
export function isZeroString(text: string): boolean {
  return ZERO_RE.test(text);
}

/** Exact a + b of two decimal strings, as a plain decimal string at the larger scale. */
export function addDecimal(a: string, b: string): string {
  return formatScaled(addScaled(read(a), read(b)));
}

/** Exact a − b. */
export function subDecimal(a: string, b: string): string {
  return formatScaled(subScaled(read(a), read(b)));
}

/** Exact acc + a × b (turnover += price × quantity). */
export function addProduct(acc: string, a: string, b: string): string {
  const x = read(a);
  const y = read(b);
  return formatScaled(addScaled(read(acc), { units: x.units * y.units, scale: x.scale + y.scale }));
}

/**
 * Percent change of `last` against `ref`, truncated (not rounded) to `decimals` places, e.g. '-1.25'.
 * A zero reference has no meaningful percentage: the answer is '0' at the requested scale rather than
 * infinity, because this feeds a list cell, not a calculation.
 */
export function pctChange(last: string, ref: string, decimals = 2): string {
  const x = read(last);
  const y = read(ref);
  const s = Math.max(x.scale, y.scale);
  return formatMinor(percentChange(at(x, s), at(y, s), decimals, 'trunc') ?? 0n, decimals);
}

/**
 * Ordering key of a decimal string. Only for sorting and comparing (book levels, highs and lows, flash
 * direction): a double orders any decimal of up to 15 significant digits exactly, which covers every price
 * on the wire. Never use the result for arithmetic that reaches the screen.
 */
export function orderKey(text: string): number {
  return +text;
}
