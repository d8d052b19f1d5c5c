// The worker's numbers module: exact scaled-BigInt arithmetic, checked against decimal.js.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import DecimalJs from 'decimal.js';
import {
  addDecimal,
  addProduct,
  isZeroString,
  pctChange,
  subDecimal,
} from '../../../workers/market/calc/numbers.ts';

// The reference needs more than decimal.js's default 20 digits for products of 15-digit inputs.
const Decimal = DecimalJs.clone({ precision: 100 });

const dec = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 14n }), fc.integer({ min: 0, max: 8 }))
  .map(([neg, n, s]) =>
    new Decimal(n.toString())
      .div(10 ** s)
      .times(neg ? -1 : 1)
      .toFixed(s),
  );

describe('numbers', () => {
  it('keeps the larger input scale and never signs zero', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(addDecimal('1.50', '-1.5')).toBe('0.00');
    expect(subDecimal('98.50', '100')).toBe('-1.50');
    expect(subDecimal('.5', '1')).toBe('-0.5');
    expect(addProduct('100000', '111.1', '0.3')).toBe('100033.33');
    expect(pctChange('99.999', '100')).toBe('0.00');
    expect(pctChange('98.7449', '100')).toBe('-1.25');
    expect(pctChange('1', '3', 4)).toBe('-66.6666');
    expect(pctChange('5', '0')).toBe('0.00');
  });

  it('falls back to decimal.js for exponent forms', () => {
    expect(addDecimal('1e2', '1')).toBe('101');
    expect(pctChange('2e0', '1')).toBe('100.00');
  });

  it('recognises zero quantities', () => {
    for (const z of ['0', '0.00', '-0', '.0', '0.', '']) expect(isZeroString(z)).toBe(true);
    for (const nz of ['1', '0.001', '10']) expect(isZeroString(nz)).toBe(false);
  });

  it('agrees with decimal.js on random decimals', () => {
    fc.assert(
      fc.property(dec, dec, (a, b) => {
        expect(new Decimal(addDecimal(a, b)).eq(new Decimal(a).plus(b))).toBe(true);
        expect(new Decimal(subDecimal(a, b)).eq(new Decimal(a).minus(b))).toBe(true);
        expect(new Decimal(addProduct(a, a, b)).eq(new Decimal(a).times(b).plus(a))).toBe(true);
        const ref = new Decimal(b);
        const want = ref.isZero()
          ? '0.00'
          : new Decimal(a).minus(ref).times(100).div(ref).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
        expect(pctChange(a, b)).toBe(want === '-0.00' ? '0.00' : want);
      }),
      { numRuns: 500 },
    );
  });
});
