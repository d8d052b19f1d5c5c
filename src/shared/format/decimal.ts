// The one door to decimal arithmetic for display code: parsing loose inputs and exact add/sub/mul/div
// (spec §5). Money never goes through JavaScript floats; results are plain decimal strings.
import Decimal from 'decimal.js';

/** What every formatter accepts. A JS number is read through its shortest string form (0.1 stays 0.1). */
export type NumInput = string | number | Decimal | null | undefined;

/**
 * A private Decimal constructor so that global Decimal settings changed elsewhere cannot alter display.
 * 60 significant digits keep results of `div` exact far beyond any displayed precision; ROUND_DOWN so
 * that the last digit of a non-terminating quotient is truncated, like everything else shown.
 * The huge exponent limits make `toString()` never switch to exponential notation.
 */
export const Dec = Decimal.clone({
  precision: 60,
  rounding: Decimal.ROUND_DOWN,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});
export type Dec = InstanceType<typeof Dec>;

/**
 * Parses a loose input into a Decimal, or null when it is empty or not a number.
 * Strings may carry surrounding spaces and thousands separators ('1,234.5'), as servers sometimes send.
 * 'Infinity', '-Infinity' and 'NaN' are accepted as such (they are what `div` returns for ÷0).
 */
export function toDecimal(value: NumInput): Dec | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return new Dec(value);
  if (typeof value === 'string') {
    const s = value.trim().replace(/,/g, '');
    if (s === '') return null;
    try {
      return new Dec(s);
    } catch {
      return null;
    }
  }
  return new Dec(value);
}

/** True when the input parses as a finite number (callers use it to show a dash instead of a zero). */
export function isNumeric(value: NumInput): boolean {
  const d = toDecimal(value);
  return d !== null && d.isFinite();
}

/** Empty or unparsable inputs count as 0 in arithmetic and display: a missing amount shows as 0.00. */
export function decimalOrZero(value: NumInput): Dec {
  return toDecimal(value) ?? new Dec(0);
}

/** Plain notation without exponent and without a negative zero. */
export function decimalToString(d: Dec): string {
  if (d.isZero()) return '0';
  return d.toFixed();
}

/** Exact a + b as a decimal string. */
export function add(a: NumInput, b: NumInput): string {
  return decimalToString(decimalOrZero(a).plus(decimalOrZero(b)));
}

/** Exact a − b as a decimal string. */
export function sub(a: NumInput, b: NumInput): string {
  return decimalToString(decimalOrZero(a).minus(decimalOrZero(b)));
}

/** Exact a × b as a decimal string. */
export function mul(a: NumInput, b: NumInput): string {
  return decimalToString(decimalOrZero(a).times(decimalOrZero(b)));
}

/**
 * a ÷ b as a decimal string, truncated after 60 significant digits when the quotient does not terminate.
 * Division by zero follows IEEE like the spec asks ("gives infinity"): x/0 → 'Infinity', −x/0 → '-Infinity',
 * 0/0 → 'NaN'. Every formatter passes these three strings through unchanged.
 */
export function div(a: NumInput, b: NumInput): string {
  return decimalToString(decimalOrZero(a).dividedBy(decimalOrZero(b)));
}
