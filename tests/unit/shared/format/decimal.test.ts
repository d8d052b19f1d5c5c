// Exact decimal arithmetic (spec §5): no float error, division by zero gives infinity.
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { add, div, isNumeric, mul, sub, toDecimal } from '../../../../src/shared/format/decimal.ts';

describe('exact arithmetic', () => {
  it('adds without float error', () => {
    expect(add(0.1, 0.2)).toBe('0.3');
    expect(add('0.000000001', '0.000000002')).toBe('0.000000003');
    expect(add('1e20', 1)).toBe('100000000000000000001');
    expect(add(-5, 5)).toBe('0');
    expect(add(null, '2.5')).toBe('2.5');
  });

  it('subtracts', () => {
    expect(sub(0.3, 0.1)).toBe('0.2');
    expect(sub('1', '1.000000000000000001')).toBe('-0.000000000000000001');
    expect(sub(new Decimal('10'), '0.01')).toBe('9.99');
  });

  it('multiplies', () => {
    expect(mul(1.1, 1.1)).toBe('1.21');
    expect(mul('123456789.123', '1000')).toBe('123456789123');
    expect(mul(-0.5, 0)).toBe('0');
    expect(mul('1e20', '1e20')).toBe('1' + '0'.repeat(40));
  });

  it('divides, truncating non-terminating quotients', () => {
    expect(div(1, 4)).toBe('0.25');
    expect(div(0.3, 0.1)).toBe('3');
    expect(div(2, 3)).toBe('0.' + '6'.repeat(60));
    expect(div(-1, 3)).toBe('-0.' + '3'.repeat(60));
  });

  it('gives Infinity for division by zero', () => {
    expect(div(1, 0)).toBe('Infinity');
    expect(div('5', '0.00')).toBe('Infinity');
    expect(div(-1, 0)).toBe('-Infinity');
    expect(div(0, 0)).toBe('NaN');
    expect(div(1, null)).toBe('Infinity');
  });
});

describe('parsing', () => {
  it('returns null for empty or invalid input', () => {
    expect(toDecimal(null)).toBeNull();
    expect(toDecimal(undefined)).toBeNull();
    expect(toDecimal('  ')).toBeNull();
    expect(toDecimal('12abc')).toBeNull();
    expect(toDecimal('1,234.5')?.toString()).toBe('1234.5');
  });

  it('tells finite numbers apart', () => {
    expect(isNumeric('0')).toBe(true);
    expect(isNumeric('-1.5')).toBe(true);
    expect(isNumeric('')).toBe(false);
    expect(isNumeric('Infinity')).toBe(false);
    expect(isNumeric(Number.NaN)).toBe(false);
  });
});
