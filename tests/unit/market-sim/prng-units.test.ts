// Seeded PRNG and integer-unit formatting of the market simulator.
import { describe, expect, it } from 'vitest';
import { createRng, hashSeed, mulberry32 } from '../../../server/domain/market/prng.ts';
import { fmtUnits, pctString, toUnits } from '../../../server/domain/market/units.ts';

describe('prng', () => {
  it('replays the same sequence for the same seed and differs for another', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const sa = Array.from({ length: 100 }, a);
    expect(Array.from({ length: 100 }, b)).toEqual(sa);
    expect(Array.from({ length: 100 }, c)).not.toEqual(sa);
    expect(sa.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('keys streams by their parts, not by the concatenation', () => {
    expect(hashSeed('ab', 'c')).not.toBe(hashSeed('a', 'bc'));
    expect(hashSeed('s', 'OGDC', 1)).toBe(hashSeed('s', 'OGDC', 1));
  });

  it('draws normals with mean ≈ 0 and sd ≈ 1, and ints inside the bounds', () => {
    const r = createRng('seed', 'normal');
    const xs = Array.from({ length: 20_000 }, () => r.normal());
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(sd - 1)).toBeLessThan(0.03);
    const ints = Array.from({ length: 1000 }, () => r.int(2, 4));
    expect(new Set(ints)).toEqual(new Set([2, 3, 4]));
  });
});

describe('units', () => {
  it('converts decimal strings to integer units and back exactly', () => {
    expect(toUnits('270.50', 2)).toBe(27050);
    expect(toUnits('0.00001205', 8)).toBe(1205);
    expect(toUnits('95250', 2)).toBe(9525000);
    expect(fmtUnits(27050, 2)).toBe('270.50');
    expect(fmtUnits(5, 2)).toBe('0.05');
    expect(fmtUnits(-5, 2)).toBe('-0.05');
    expect(fmtUnits(1205, 8)).toBe('0.00001205');
    expect(fmtUnits(123n * 10n ** 18n, 0)).toBe('123000000000000000000');
    expect(() => toUnits('1.234', 2)).toThrow();
  });

  it('computes percent change in integers, rounded half away from zero', () => {
    expect(pctString(10100, 10000)).toBe('1.00');
    expect(pctString(9900, 10000)).toBe('-1.00');
    expect(pctString(10000, 30000)).toBe('-66.67');
    expect(pctString(20000, 30000)).toBe('-33.33');
    expect(pctString(1, 0)).toBe('0.00');
  });
});

describe('count fields', () => {
  it('match exactly 1…max', async () => {
    const { upToPattern } = await import('../../../contract/form-fields.ts');
    for (const max of [1, 9, 10, 50, 200, 1000, 10_000, 4321]) {
      const re = new RegExp(upToPattern(max));
      for (let n = 0; n <= max + 20; n++)
        expect(re.test(String(n)), `${n} vs ${max}`).toBe(n >= 1 && n <= max);
      expect(re.test('01')).toBe(false);
      expect(re.test('-1')).toBe(false);
    }
  });
});
