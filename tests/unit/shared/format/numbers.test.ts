// Number display rules of spec §5: truncation, thousands, abbreviations, PKR and percentages.
import { describe, expect, it } from 'vitest';
import {
  abbreviate,
  abbreviateWords,
  CURRENCY_CODE,
  formatMoney,
  formatPct,
  formatPKR,
  formatPKRAmount,
  truncate,
  truncate2,
  truncate3,
  withThousands,
} from '../../../../src/shared/format/numbers.ts';

describe('truncate', () => {
  it.each([
    [1.999, 2, '1.99'],
    ['1.999', 2, '1.99'],
    [-1.999, 2, '-1.99'],
    [1.005, 2, '1.00'],
    [0.1 + 0.2, 2, '0.30'],
    [5, 2, '5.00'],
    [5, 0, '5'],
    [5.9, 0, '5'],
    [-5.9, 0, '-5'],
    ['0.000000001', 2, '0.00'],
    ['0.000000001', 9, '0.000000001'],
    ['0.000000001', 10, '0.0000000010'],
    [-0.001, 2, '0.00'],
    ['-0', 2, '0.00'],
    [0, 3, '0.000'],
    [1e20, 2, '100000000000000000000.00'],
    ['123456789012345678901234567890.987654', 3, '123456789012345678901234567890.987'],
    [' 12.345 ', 2, '12.34'],
    ['1,234.567', 2, '1234.56'],
  ] as const)('truncate(%s, %s) = %s', (value, decimals, expected) => {
    expect(truncate(value, decimals)).toBe(expected);
  });

  it('treats empty and unparsable input as zero', () => {
    expect(truncate(null, 2)).toBe('0.00');
    expect(truncate(undefined, 2)).toBe('0.00');
    expect(truncate('', 2)).toBe('0.00');
    expect(truncate('abc', 2)).toBe('0.00');
  });

  it('passes Infinity and NaN through', () => {
    expect(truncate('Infinity', 2)).toBe('Infinity');
    expect(truncate('-Infinity', 2)).toBe('-Infinity');
    expect(truncate('NaN', 2)).toBe('NaN');
  });

  it('treats negative or fractional decimals sanely', () => {
    expect(truncate(12.34, -1)).toBe('12');
    expect(truncate(12.345, 2.9)).toBe('12.34');
  });

  it('has 2 and 3 decimal shorthands', () => {
    expect(truncate2('9.999')).toBe('9.99');
    expect(truncate3('9.9999')).toBe('9.999');
    expect(truncate3(-0.0009)).toBe('0.000');
  });
});

describe('withThousands', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['1234567.891', '1,234,567.891'],
    ['-1234567.891', '-1,234,567.891'],
    ['+1234', '+1,234'],
    ['1234.50', '1,234.50'],
    ['100000000000000000000', '100,000,000,000,000,000,000'],
    ['0.123456', '0.123456'],
    ['-999.5', '-999.5'],
  ])('withThousands(%s) = %s', (value, expected) => {
    expect(withThousands(value)).toBe(expected);
  });

  it('writes numbers in plain notation first', () => {
    expect(withThousands(1234567.25)).toBe('1,234,567.25');
    expect(withThousands(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(withThousands(-98765.4321)).toBe('-98,765.4321');
    expect(withThousands(null)).toBe('0');
    expect(withThousands('')).toBe('0');
  });

  it('leaves non-numeric strings alone', () => {
    expect(withThousands('Infinity')).toBe('Infinity');
    expect(withThousands('-')).toBe('-');
  });
});

describe('money', () => {
  it('formats PKR with exactly two truncated decimals and the code', () => {
    expect(CURRENCY_CODE).toBe('PKR');
    expect(formatPKR(1234.5)).toBe('PKR 1,234.50');
    expect(formatPKR('1234.567')).toBe('PKR 1,234.56');
    expect(formatPKR(0)).toBe('PKR 0.00');
    expect(formatPKR(null)).toBe('PKR 0.00');
    expect(formatPKR(-12)).toBe('PKR -12.00');
    expect(formatPKR('1e20')).toBe('PKR 100,000,000,000,000,000,000.00');
  });

  it('has a variant without the code', () => {
    expect(formatPKRAmount('1234567.899')).toBe('1,234,567.89');
  });

  it('formatMoney truncates to the given decimals and groups', () => {
    expect(formatMoney('1234.5678')).toBe('1,234.56');
    expect(formatMoney('1234.5678', 3)).toBe('1,234.567');
    expect(formatMoney('1234.5678', 0)).toBe('1,234');
    expect(formatMoney('-0.009', 2)).toBe('0.00');
    expect(formatMoney('Infinity')).toBe('Infinity');
  });
});

describe('formatPct', () => {
  it.each([
    [1.234, undefined, '+1.23%'],
    ['-1.239', undefined, '-1.23%'],
    [0, undefined, '0.00%'],
    ['0.001', undefined, '0.00%'],
    ['-0.001', undefined, '0.00%'],
    [12.3456, 3, '+12.345%'],
    [100, 0, '+100%'],
    [null, undefined, '0.00%'],
    ['NaN', undefined, 'NaN%'],
  ] as const)('formatPct(%s, %s) = %s', (value, decimals, expected) => {
    expect(formatPct(value, decimals)).toBe(expected);
  });
});

describe('abbreviate', () => {
  it.each([
    [0, '0.00'],
    [999, '999.00'],
    [999.999, '999.99'],
    [-999.999, '-999.99'],
    [1000, '1.00K'],
    [-1000, '-1.00K'],
    [1234, '1.23K'],
    [999999, '999.99K'],
    ['999999.999', '999.99K'],
    [1e6, '1.00M'],
    [1234567, '1.23M'],
    ['999999999', '999.99M'],
    [1e9, '1.00G'],
    [1e12, '1.00T'],
    ['999999999999999', '999.99T'],
    [1e15, '1.00P'],
    ['999999999999999999', '999.99P'],
    ['1000000000000000000', '1.00E'],
    [1e18, '1.00E'],
    [-1e18, '-1.00E'],
    [1e20, '100.00E'],
    ['1e24', '1000000.00E'],
    ['0.000000001', '0.00'],
    [null, '0.00'],
  ] as const)('abbreviate(%s) = %s', (value, expected) => {
    expect(abbreviate(value)).toBe(expected);
  });

  it('respects decimals', () => {
    expect(abbreviate(1234567, 0)).toBe('1M');
    expect(abbreviate(1234567, 4)).toBe('1.2345M');
    expect(abbreviate(12.3456, 3)).toBe('12.345');
  });

  it('passes ÷0 results through', () => {
    expect(abbreviate('Infinity')).toBe('Infinity');
    expect(abbreviate('-Infinity')).toBe('-Infinity');
  });
});

describe('abbreviateWords', () => {
  it('uses Million from 1e6 and Billion from 1e9 in English', () => {
    expect(abbreviateWords(999999.999, 'en-US')).toBe('999,999.99');
    expect(abbreviateWords(1e6, 'en-US')).toBe('1.00 Million');
    expect(abbreviateWords(12345678, 'en-US')).toBe('12.34 Million');
    expect(abbreviateWords('999999999', 'en-US')).toBe('999.99 Million');
    expect(abbreviateWords(1e9, 'en-US')).toBe('1.00 Billion');
    expect(abbreviateWords(-2.5e9, 'en-US')).toBe('-2.50 Billion');
    expect(abbreviateWords(1e15, 'en-US')).toBe('1,000,000.00 Billion');
    expect(abbreviateWords(1234.5, 'en-US')).toBe('1,234.50');
  });

  it('uses the Urdu words in ur-PK', () => {
    expect(abbreviateWords(1.5e6, 'ur-PK')).toBe('1.50 ملین');
    expect(abbreviateWords(3e9, 'ur-PK')).toBe('3.00 بلین');
  });

  it('respects decimals and passes ÷0 through', () => {
    expect(abbreviateWords(1234567, 'en-US', 0)).toBe('1 Million');
    expect(abbreviateWords('Infinity', 'en-US')).toBe('Infinity');
  });
});
