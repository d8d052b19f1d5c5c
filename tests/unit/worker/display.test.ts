// Worker display strings against the app's shared formatter (same rules: truncate, K…E, no minus on zero).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  abbreviateDecimal,
  groupDecimal,
  signedDecimal,
  signedPercent,
  truncateDecimal,
} from '../../../workers/market/display.ts';
import { abbreviate, truncate, withThousands } from '../../../src/shared/format/numbers.ts';

const decimal = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 22n }), fc.integer({ min: 0, max: 8 }))
  .map(([neg, n, scale]) => {
    const digits = n.toString().padStart(scale + 1, '0');
    const int = digits.slice(0, digits.length - scale);
    const frac = digits.slice(digits.length - scale);
    return `${neg ? '-' : ''}${int}${scale ? `.${frac}` : ''}`;
  });

describe('worker display strings', () => {
  it('abbreviate and truncate agree with src/shared/format on any plain decimal', () => {
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 4 }), (s, d) => {
        expect(abbreviateDecimal(s, d)).toBe(abbreviate(s, d));
        expect(truncateDecimal(s, d)).toBe(truncate(s, d));
        expect(groupDecimal(s)).toBe(withThousands(s.replace(/^-(?=0*\.?0*$)/, '')));
      }),
    );
  });

  it('formats hand-picked cases', () => {
    expect(abbreviateDecimal('1234567')).toBe('1.23M');
    expect(abbreviateDecimal('999999')).toBe('999.99K');
    expect(abbreviateDecimal('999.999')).toBe('999.99');
    expect(abbreviateDecimal('1000000000000000000000')).toBe('1000.00E');
    expect(groupDecimal('1234567.50')).toBe('1,234,567.50');
    expect(signedDecimal('12.50')).toBe('+12.50');
    expect(signedDecimal('-1234.5')).toBe('-1,234.5');
    expect(signedDecimal('-0.00')).toBe('0.00');
    expect(signedPercent('-1.25')).toBe('-1.25%');
    expect(signedPercent('0.00')).toBe('0.00%');
  });
});
