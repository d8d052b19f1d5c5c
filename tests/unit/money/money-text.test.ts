// contract/money-text.ts: the spec's display rules (§5) — truncate to 2, 3 or N decimals, thousands separators,
// exact add/subtract/multiply/divide, division by zero gives infinity, K…E abbreviations that never round up.
import DecimalJs from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatScaled, multiplyScaled, parseDecimal, parseMinor } from '../../../contract/money.ts';
import {
  abbreviateText,
  groupThousands,
  moneyText,
  pctText,
  quotientText,
  signedMoneyText,
  truncateText,
} from '../../../contract/money-text.ts';
import { addDecimal, subDecimal } from '../../../contract/money-wire.ts';

const Decimal = DecimalJs.clone({ precision: 200, toExpNeg: -9e15, toExpPos: 9e15 });
const d = (t: string) => parseDecimal(t)!;

describe('spec display cases', () => {
  it('truncates (never rounds) to 2, 3 or N decimals, padding with zeros', () => {
    expect(truncateText(19999n, 4, 2)).toBe('1.99');
    expect(truncateText(19999n, 4, 3)).toBe('1.999');
    expect(truncateText(-19999n, 4, 2)).toBe('-1.99');
    expect(truncateText(5n, 0, 2)).toBe('5.00');
    expect(truncateText(123456789n, 8, 6)).toBe('1.234567');
    expect(truncateText(-1n, 3, 2)).toBe('0.00');
    expect(truncateText(1n, 9, 9)).toBe('0.000000001');
  });

  it('groups thousands, PKR at 2 decimals', () => {
    expect(moneyText(123456789n, 2)).toBe('1,234,567.89');
    expect(moneyText(123456789n, 3)).toBe('123,456.78');
    expect(moneyText(-100000005n, 2)).toBe('-1,000,000.05');
    expect(moneyText(0n, 2)).toBe('0.00');
    expect(signedMoneyText(150n, 2)).toBe('+1.50');
    expect(signedMoneyText(-5n, 3)).toBe('0.00');
    expect(groupThousands('-1234567.891')).toBe('-1,234,567.891');
    expect(groupThousands('1234.50')).toBe('1,234.50');
    expect(groupThousands('Infinity')).toBe('Infinity');
  });

  it('adds, subtracts, multiplies and divides exactly', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(subDecimal('1', '1.000000000000000001')).toBe('-0.000000000000000001');
    expect(formatScaled({ units: multiplyScaled(d('1.1'), d('1.1'), 2, 'trunc'), scale: 2 })).toBe('1.21');
    expect(quotientText(d('1'), d('4'), 2)).toBe('0.25');
    expect(quotientText(d('0.3'), d('0.1'), 0)).toBe('3');
    expect(quotientText(d('2'), d('3'), 10)).toBe('0.6666666666');
    expect(quotientText(d('-1'), d('3'), 4)).toBe('-0.3333');
  });

  it('shows division by zero as infinity', () => {
    expect(quotientText(d('1'), d('0'), 2)).toBe('∞');
    expect(quotientText(d('5'), d('0.00'), 2, { sign: true })).toBe('+∞');
    expect(quotientText(d('-1'), d('0'), 2)).toBe('-∞');
    expect(quotientText(d('0'), d('0'), 2)).toBe('0.00');
    expect(pctText(5n, 0n).text).toBe('+∞%');
    expect(pctText(-5n, 0n).text).toBe('-∞%');
    expect(pctText(0n, 0n).text).toBe('0.00%');
    expect(pctText(1n, 3n).text).toBe('+33.33%');
  });

  it('abbreviates with K, M, G, T, P, E at 1e3 … 1e18, truncated', () => {
    const ab = (t: string, decimals = 2) => {
      const x = d(t);
      return abbreviateText(x.units, x.scale, decimals);
    };
    expect(ab('999.999')).toBe('999.99');
    expect(ab('1000')).toBe('1.00K');
    expect(ab('999999')).toBe('999.99K');
    expect(ab('1234567')).toBe('1.23M');
    expect(ab('-1234567')).toBe('-1.23M');
    expect(ab('1999999999')).toBe('1.99G');
    expect(ab('1' + '0'.repeat(12))).toBe('1.00T');
    expect(ab('1' + '0'.repeat(15))).toBe('1.00P');
    expect(ab('1' + '0'.repeat(18))).toBe('1.00E');
    expect(ab('1' + '0'.repeat(20))).toBe('100.00E');
    expect(ab('1234567', 0)).toBe('1M');
    expect(ab('-0.001')).toBe('0.00');
  });
});

describe('abbreviations against decimal.js', () => {
  const UNITS = [
    [18, 'E'],
    [15, 'P'],
    [12, 'T'],
    [9, 'G'],
    [6, 'M'],
    [3, 'K'],
  ] as const;

  it('truncate toward zero and never round up into the next unit', () => {
    const amount = fc.tuple(
      fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }),
      fc.integer({ min: 0, max: 8 }),
      fc.integer({ min: 0, max: 4 }),
    );
    fc.assert(
      fc.property(amount, ([n, scale, decimals]) => {
        const text = abbreviateText(n, scale, decimals);
        const x = new Decimal(n.toString()).div(new Decimal(10).pow(scale));
        const unit = UNITS.find(([e]) => x.abs().gte(new Decimal(10).pow(e)));
        const shown = unit ? x.div(new Decimal(10).pow(unit[0])) : x;
        let want = shown.toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed(decimals);
        if (/^-[0.]*$/.test(want)) want = want.slice(1);
        expect(text).toBe(want + (unit?.[1] ?? ''));
        // never above the true value in magnitude
        const num = new Decimal(text.replace(/[KMGTPE]$/, '')).abs();
        expect(num.lte(shown.abs())).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('truncateText equals decimal.js ROUND_DOWN at any scale', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        (n, scale, decimals) => {
          const x = new Decimal(n.toString()).div(new Decimal(10).pow(scale));
          let want = x.toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed(decimals);
          if (/^-[0.]*$/.test(want)) want = want.slice(1);
          expect(truncateText(n, scale, decimals)).toBe(want);
          expect(parseMinor(want.replace(/^-/, ''), decimals)).not.toBeNull();
        },
      ),
      { numRuns: 1000 },
    );
  });
});
