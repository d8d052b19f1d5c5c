// The block price, discount, overflow, lot and lock rules (server/domain/bulk/bulk-math.ts).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  discountBpsOf,
  discountedPrice,
  lockUntil,
  overflowBps,
  overflowOf,
  pctText,
  qtyProblem,
} from '../../../server/domain/bulk/bulk-math.ts';
import { isPsxTradingDay, pktDayStart, DAY_MS } from '../../../server/domain/market/calendar.ts';

describe('block price from a discount', () => {
  it('rounds down to the paisa', () => {
    expect(discountedPrice(10_000n, 1000n)).toBe(9_000n); // 100.00 − 10% = 90.00
    expect(discountedPrice(10_001n, 750n)).toBe(9_250n); // 100.01 × 0.925 = 92.50925 → 92.50
    expect(discountedPrice(12_345n, 0n)).toBe(12_345n);
  });

  it('refuses a discount of 100% or more, or a negative one', () => {
    expect(() => discountedPrice(10_000n, 10_000n)).toThrow(RangeError);
    expect(() => discountedPrice(10_000n, -1n)).toThrow(RangeError);
    expect(() => discountedPrice(0n, 100n)).toThrow(RangeError);
  });

  it('never above the close, and the discount read back is at least the one asked', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 9_999n }),
        (close, bps) => {
          const p = discountedPrice(close, bps);
          expect(p).toBeLessThanOrEqual(close);
          expect(p).toBeGreaterThanOrEqual(0n);
          // rounding down the price can only deepen the discount
          expect(discountBpsOf(close, p)).toBeGreaterThanOrEqual(bps);
        },
      ),
    );
  });
});

describe('discount and overflow against the market', () => {
  it('a fixed price reads as its discount (negative: a premium)', () => {
    expect(pctText(discountBpsOf(10_000n, 9_250n))).toBe('7.50');
    expect(pctText(discountBpsOf(10_000n, 10_125n))).toBe('-1.25');
  });

  it('overflow is last − block price, and its percentage of last; 0 while unpriced', () => {
    expect(overflowOf(10_500n, 9_000n)).toBe(1_500n);
    expect(pctText(overflowBps(10_500n, 9_000n))).toBe('14.28');
    expect(overflowOf(8_000n, 9_000n)).toBe(-1_000n);
    expect(pctText(overflowBps(8_000n, 9_000n))).toBe('-12.50');
    expect(overflowOf(0n, 9_000n)).toBe(0n);
    expect(overflowBps(0n, 9_000n)).toBe(0n);
  });
});

describe('the lot rule', () => {
  it('whole lots, at least one, never more than is left', () => {
    expect(qtyProblem(300, 100, 1000)).toBeNull();
    expect(qtyProblem(1000, 100, 1000)).toBeNull();
    expect(qtyProblem(150, 100, 1000)).toEqual({ key: 'bulk.lot', lot: 100 });
    expect(qtyProblem(0, 100, 1000)).toEqual({ key: 'bulk.lot', lot: 100 });
    expect(qtyProblem(1100, 100, 1000)).toEqual({ key: 'bulk.tooMany', left: 1000 });
    expect(qtyProblem(100, 100, 0)).toEqual({ key: 'bulk.tooMany', left: 0 });
  });

  it('any sequence of accepted buys never sells more than the block', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 100 }),
        fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 40 }),
        (lots, lot, asks) => {
          const shares = lots * lot;
          let sold = 0;
          for (const n of asks) if (qtyProblem(n * lot, lot, shares - sold) === null) sold += n * lot;
          expect(sold).toBeLessThanOrEqual(shares);
        },
      ),
    );
  });
});

describe('when the shares unlock', () => {
  it('at 00:00 Pakistan time of a PSX trading day at least lockDays days after the buy day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) }),
        fc.integer({ min: 1, max: 60 }),
        (now, days) => {
          const u = lockUntil(now, days);
          expect(u).toBe(pktDayStart(u));
          expect(isPsxTradingDay(u)).toBe(true);
          expect(u).toBeGreaterThanOrEqual(pktDayStart(now) + days * DAY_MS);
          expect(u).toBeGreaterThan(now);
        },
      ),
    );
  });

  it('a Friday buy locked 1 day unlocks on Monday', () => {
    const friday = Date.UTC(2026, 10, 20, 6); // Fri 20 Nov 2026, 11:00 PKT
    expect(new Date(lockUntil(friday, 1)).toISOString()).toBe('2026-11-22T19:00:00.000Z'); // Mon 00:00 PKT
  });
});
