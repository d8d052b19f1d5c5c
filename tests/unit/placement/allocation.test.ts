// The placement allocation rule (server/domain/placement/allocation.ts): in full when demand ≤ offered,
// otherwise pro rata in whole lots with the leftover lots to the largest remainders; never more than offered,
// never more than asked, and the money split (allocated × price + refund) is exactly what was frozen.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from '../../../server/domain/placement/allocation.ts';

describe('allocate', () => {
  it('allocates everything asked when demand does not exceed the offer', () => {
    const r = allocate(
      5000,
      [
        { id: 1, qty: 1000 },
        { id: 2, qty: 2500 },
      ],
      500,
    );
    expect(r).toMatchObject({ oversubscribed: false, applied: 3500, allocated: 3500 });
    expect(r.allocations.map((a) => a.allocated)).toEqual([1000, 2500]);
  });

  it('shares pro rata in whole lots when oversubscribed: a worked example', () => {
    // 10 lots offered; asks of 6, 6 and 3 lots (15): exact shares 4, 4 and 2 lots.
    const r = allocate(
      5000,
      [
        { id: 1, qty: 3000 },
        { id: 2, qty: 3000 },
        { id: 3, qty: 1500 },
      ],
      500,
    );
    expect(r.allocations.map((a) => a.allocated)).toEqual([2000, 2000, 1000]);
    // 4 lots offered; asks of 1, 1 and 1 lot: 4/3 each → 1 lot each (3), leftover 0: demand 3 ≤ 4 → in full.
    // 2 lots offered; asks of 1 lot × 3: 2/3 each → 0 each, two leftover lots to the earliest on the tie.
    const tie = allocate(
      1000,
      [
        { id: 7, qty: 500 },
        { id: 3, qty: 500 },
        { id: 5, qty: 500 },
      ],
      500,
    );
    expect(tie.allocations).toEqual([
      { id: 7, applied: 500, allocated: 0 },
      { id: 3, applied: 500, allocated: 500 },
      { id: 5, applied: 500, allocated: 500 },
    ]);
  });

  it('never allocates more than offered or asked, and allocates every offered lot when demand covers it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 40 }),
        fc.bigInt({ min: 1n, max: 100_000n }),
        (lot, offeredLots, lots, price) => {
          const asks = lots.map((l, i) => ({ id: i + 1, qty: l * lot }));
          const r = allocate(offeredLots * lot, asks, lot);
          const total = r.allocations.reduce((s, a) => s + a.allocated, 0);
          expect(total).toBe(r.allocated);
          expect(total).toBeLessThanOrEqual(offeredLots * lot);
          const demand = asks.reduce((s, a) => s + a.qty, 0);
          expect(total).toBe(Math.min(demand, offeredLots * lot));
          for (const a of r.allocations) {
            expect(a.allocated % lot).toBe(0);
            expect(a.allocated).toBeGreaterThanOrEqual(0);
            expect(a.allocated).toBeLessThanOrEqual(a.applied);
            const frozen = price * BigInt(a.applied);
            const paid = price * BigInt(a.allocated);
            const refund = frozen - paid;
            expect(refund >= 0n && paid + refund === frozen).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses asks that are not lots and repeated ids', () => {
    expect(() => allocate(1000, [{ id: 1, qty: 700 }], 500)).toThrow(RangeError);
    expect(() =>
      allocate(
        1000,
        [
          { id: 1, qty: 500 },
          { id: 1, qty: 500 },
        ],
        500,
      ),
    ).toThrow(RangeError);
  });
});
