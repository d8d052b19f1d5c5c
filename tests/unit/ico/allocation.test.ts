// The ICO allocation rule (server/domain/ico/allocation.ts) on worked examples, and its promises over random
// sales: never more than offered, nobody more than they paid for, every committed micro-USDT spent or refunded.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, type Commitment } from '../../../server/domain/ico/allocation.ts';

const U = 1_000_000n; // micro-USDT per USDT

describe('ICO allocation (pro rata, largest remainder)', () => {
  it('undersubscribed: everyone gets what their USDT buys, the rest is refunded', () => {
    // 0.25 USDT per token, 2 decimals; 10,000.00 tokens offered
    const r = allocate({ price: 250_000n, scale: 100n, offered: 1_000_000n }, [
      { id: 1, amount: 100n * U },
      { id: 2, amount: 10n * U + 1n },
    ]);
    expect(r.oversubscribed).toBe(false);
    expect(r.allocations).toEqual([
      { id: 1, want: 40_000n, tokens: 40_000n, cost: 100n * U, refund: 0n },
      { id: 2, want: 4_000n, tokens: 4_000n, cost: 10n * U, refund: 1n },
    ]);
    expect(r.sold).toBe(44_000n);
  });

  it('oversubscribed: shares of what is offered, remainders to the largest fractions, earliest on a tie', () => {
    // price 1 USDT, 0 decimals, 10 tokens offered; three commit 10 USDT each → 30 wanted
    const r = allocate({ price: U, scale: 1n, offered: 10n }, [
      { id: 7, amount: 10n * U },
      { id: 3, amount: 10n * U },
      { id: 5, amount: 10n * U },
    ]);
    expect(r.oversubscribed).toBe(true);
    // 10×10/30 = 3 rem 10 each: one unit left, to the earliest (id 3)
    expect(r.allocations.map((a) => [a.id, a.tokens])).toEqual([
      [7, 3n],
      [3, 4n],
      [5, 3n],
    ]);
    expect(r.sold).toBe(10n);
    expect(r.allocations.find((a) => a.id === 3)).toMatchObject({ cost: 4n * U, refund: 6n * U });
  });

  it('a commitment below one smallest unit gets nothing and all back', () => {
    const r = allocate({ price: 3n * U, scale: 1n, offered: 5n }, [{ id: 1, amount: 2n * U }]);
    expect(r.allocations[0]).toEqual({ id: 1, want: 0n, tokens: 0n, cost: 0n, refund: 2n * U });
  });

  it('cost rounds toward the user (down to the micro-USDT)', () => {
    // 1/3 USDT = 333333 micro per token; 3 tokens cost 999999
    const r = allocate({ price: 333_333n, scale: 10n, offered: 1000n }, [{ id: 1, amount: U }]);
    expect(r.allocations[0]).toEqual({ id: 1, want: 30n, tokens: 30n, cost: 999_999n, refund: 1n });
  });

  it('never more than offered, nobody more than they want, every micro-USDT spent or refunded once', () => {
    const commitment = fc.record({ amount: fc.bigInt({ min: 1n, max: 10n ** 12n }) });
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.integer({ min: 0, max: 8 }),
        fc.bigInt({ min: 1n, max: 10n ** 14n }),
        fc.array(commitment, { maxLength: 40 }),
        (price, decimals, offered, raw) => {
          const scale = 10n ** BigInt(decimals);
          const cs: Commitment[] = raw.map((c, i) => ({ id: i + 1, amount: c.amount }));
          const r = allocate({ price, scale, offered }, cs);
          expect(r.sold <= offered).toBe(true);
          if (r.oversubscribed) expect(r.sold).toBe(offered);
          else expect(r.sold).toBe(r.wanted);
          for (const [i, a] of r.allocations.entries()) {
            expect(a.tokens >= 0n && a.tokens <= a.want).toBe(true);
            expect(a.cost + a.refund).toBe(cs[i]!.amount);
            expect(a.cost >= 0n && a.refund >= 0n).toBe(true);
            expect(a.cost * scale <= a.tokens * price).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is independent of the order the commitments are given in', () => {
    const cs = [
      { id: 4, amount: 7n * U },
      { id: 1, amount: 5n * U },
      { id: 9, amount: 3n * U },
    ];
    const terms = { price: U, scale: 1n, offered: 6n };
    const a = allocate(terms, cs).allocations.sort((x, y) => x.id - y.id);
    const b = allocate(terms, [...cs].reverse()).allocations.sort((x, y) => x.id - y.id);
    expect(a).toEqual(b);
    expect(a.map((x) => x.tokens)).toEqual([2n, 3n, 1n]); // 6×5/15=2, 6×7/15=2.8→3, 6×3/15=1.2→1
  });
});
