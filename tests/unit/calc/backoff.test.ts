// Retry delays: exponential from the base, capped, jittered within [ceiling / 2, ceiling].
import { describe, expect, it } from 'vitest';
import { backoffCeiling, backoffDelay } from '../../../workers/market/calc/backoff.ts';

const policy = { baseMs: 1000, capMs: 30_000 };

describe('backoff', () => {
  it('doubles from the base per failure and stops at the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffCeiling(n, policy))).toEqual([
      0, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(backoffCeiling(3, { ...policy, factor: 3 })).toBe(9000);
  });

  it('jitters between half the ceiling and the ceiling', () => {
    expect(backoffDelay(3, policy, () => 0)).toBe(2000);
    expect(backoffDelay(3, policy, () => 0.5)).toBe(3000);
    expect(backoffDelay(3, policy, () => 0.999_999)).toBe(4000);
    expect(backoffDelay(10, policy, () => 0.999_999)).toBe(30_000);
    expect(backoffDelay(0, policy, () => 0.7)).toBe(0);
  });
});
