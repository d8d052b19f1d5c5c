// Seeded PRNG and integer-unit formatting of the market simulator.
import { describe, expect, it } from 'vitest';
import { createRng, hashSeed, mulberry32 } from '../../../server/domain/market/prng.ts';
import { formatMinor, parseSignedMinor, percentChange } from '../../../contract/money.ts';

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

describe('units (the simulator on contract/money.ts)', () => {
  it('converts decimal strings to integer units and back exactly, number or bigint', () => {
    expect(parseSignedMinor('270.50', 2)).toBe(27050n);
    expect(parseSignedMinor('0.00001205', 8)).toBe(1205n);
    expect(parseSignedMinor('95250', 2)).toBe(9525000n);
    expect(formatMinor(27050, 2)).toBe('270.50');
    expect(formatMinor(5, 2)).toBe('0.05');
    expect(formatMinor(-5, 2)).toBe('-0.05');
    expect(formatMinor(1205, 8)).toBe('0.00001205');
    expect(formatMinor(123n * 10n ** 18n, 0)).toBe('123000000000000000000');
    expect(parseSignedMinor('1.234', 2)).toBeNull();
  });

  it('computes the ticker change % in integers, rounded half away from zero', () => {
    const cp = (p: number, ref: number) =>
      formatMinor(percentChange(BigInt(p), BigInt(ref), 2, 'half-up') ?? 0n, 2);
    expect(cp(10100, 10000)).toBe('1.00');
    expect(cp(9900, 10000)).toBe('-1.00');
    expect(cp(10000, 30000)).toBe('-66.67');
    expect(cp(20000, 30000)).toBe('-33.33');
    expect(cp(1, 0)).toBe('0.00');
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
