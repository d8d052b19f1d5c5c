// The money module's wire decimal ops and the P&L kernel's scaled integers: exact, checked against decimal.js.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import DecimalJs from 'decimal.js';
import { refMoney } from '../pnl/decimal-reference.ts';
import { formatMinor, placesOf, plainOrZero, scaledBigInt, scaledDigits } from '../../../contract/money.ts';
import { moneyText, pctText, signedMoneyText } from '../../../contract/money-text.ts';
import { addDecimal, addProduct, isZeroString, pctChange, subDecimal } from '../../../contract/money-wire.ts';

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

  it('reads exponent forms exactly and refuses junk', () => {
    expect(() => addDecimal('abc', '1')).toThrow(RangeError);
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
      { numRuns: 1000 },
    );
  });
});

describe('scaled integers (the P&L representation)', () => {
  it('scales wire decimals to integer digits and refuses to lose a place', () => {
    expect(scaledDigits('12.5', 2)).toBe('1250');
    expect(scaledDigits('-0.05', 4)).toBe('-00500');
    expect(scaledDigits('7', 0)).toBe('7');
    expect(scaledDigits('1.234', 2)).toBeNull();
    expect(scaledBigInt('98.50', 2)).toBe(9850n);
    expect(placesOf('12.500')).toBe(3);
    expect(plainOrZero('1e5')).toBe('0');
    expect(plainOrZero('-3.25')).toBe('-3.25');
  });

  it('formats truncated, grouped and signed money, and percents with the infinity rule', () => {
    expect(moneyText(123456789n, 3)).toBe('123,456.78');
    expect(moneyText(-5, 3)).toBe('0.00');
    expect(signedMoneyText(-5, 3)).toBe('0.00');
    expect(signedMoneyText(150, 2)).toBe('+1.50');
    expect(signedMoneyText(-1_000_000_05n, 2)).toBe('-1,000,000.05');
    expect(formatMinor(-12345, 4)).toBe('-1.2345');
    expect(formatMinor(0, 2)).toBe('0.00');
    expect(pctText(1, 3).text).toBe('+33.33%');
    expect(pctText(-2, 3).text).toBe('-66.66%');
    expect(pctText(5, 0).text).toBe('+∞%');
    expect(pctText(0, 0).text).toBe('0.00%');
  });

  it('agrees with decimal.js to the paisa: parse → scaled integer → display, as number and as BigInt', () => {
    fc.assert(
      fc.property(dec, fc.integer({ min: 0, max: 4 }), (x, extra) => {
        const scale = placesOf(x) + extra;
        const n = scaledBigInt(x, scale)!;
        const exact = new Decimal(x);
        expect(new Decimal(formatMinor(n, scale)).eq(exact)).toBe(true);
        expect(moneyText(n, scale)).toBe(refMoney(exact, false));
        expect(signedMoneyText(n, scale)).toBe(refMoney(exact, true));
        if (Number.isSafeInteger(Number(n)))
          expect(signedMoneyText(Number(n), scale)).toBe(refMoney(exact, true));
      }),
      { numRuns: 1000 },
    );
  });

  it('computes P&L percent like decimal.js (truncated toward zero)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        (p, c) => {
          const ref = new Decimal(p.toString()).times(100).div(c.toString());
          expect(pctText(p, c).text).toBe(`${refMoney(ref, true)}%`);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
