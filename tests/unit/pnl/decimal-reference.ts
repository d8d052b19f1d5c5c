// The spec's money display computed independently with decimal.js, for tests that check the worker's exact
// scaled-integer figures: truncate toward zero to 2 places, group thousands, sign non-zero changes.
import DecimalJs from 'decimal.js';
import fc from 'fast-check';

export const Decimal = DecimalJs.clone({ precision: 200, rounding: DecimalJs.ROUND_DOWN });
export type D = InstanceType<typeof Decimal>;

/** Display text of a money amount; `signed` puts '+' on positive changes. */
export function refMoney(d: D, signed = false): string {
  const t = d.toDecimalPlaces(2, Decimal.ROUND_DOWN);
  const body = t
    .abs()
    .toFixed(2)
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  if (t.isZero()) return body;
  return t.isNeg() ? `-${body}` : signed ? `+${body}` : body;
}

/** P&L over its base as a signed, truncated percentage; a zero base gives ±∞ (0.00 % when nothing moved). */
export function refPct(pnl: D, base: D): string {
  if (base.isZero()) return pnl.isZero() ? '0.00%' : pnl.isPos() ? '+∞%' : '-∞%';
  return `${refMoney(pnl.times(100).div(base), true)}%`;
}

/** Non-negative decimal strings up to `maxInt` units at up to `maxScale` places ('12.50', '0', '3.1'). */
export const decimalString = (maxInt: bigint, maxScale: number) =>
  fc
    .tuple(fc.bigInt({ min: 0n, max: maxInt }), fc.integer({ min: 0, max: maxScale }))
    .map(([n, s]) => new Decimal(n.toString()).div(10 ** s).toFixed(s));
