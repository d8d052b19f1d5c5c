// The IPO retail allotment rule (server/domain/ipo/allotment.ts) on worked examples, and its promises over random
// books of applications: never more than offered or applied, whole lots, everything allotted when demand covers
// the offer, one lot each before anyone gets a second, and the same seed gives the same result.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allot, ballotOrder, IPO_LOT } from '../../../server/domain/ipo/allotment.ts';

const L = IPO_LOT;
const won = (r: ReturnType<typeof allot>) => Object.fromEntries(r.allotments.map((a) => [a.id, a.allotted]));

describe('IPO allotment', () => {
  it('allots every application in full when the offer covers them', () => {
    const r = allot(
      10 * L,
      [
        { id: 1, qty: 2 * L },
        { id: 2, qty: 8 * L },
      ],
      'seed',
    );
    expect(r.oversubscribed).toBe(false);
    expect(won(r)).toEqual({ 1: 2 * L, 2: 8 * L });
    expect(r.allotted).toBe(10 * L);
  });

  it('gives one lot each first, then shares the rest pro rata', () => {
    // 10 lots for asks of 1, 3 and 12 lots (16 in all): one each (3), then 7 lots pro rata to asks 0, 2, 11.
    // 7·2/13 = 1.08 → 1, 7·11/13 = 5.92 → 5; one lot left, to the larger remainder (the 12-lot applicant).
    const r = allot(
      10 * L,
      [
        { id: 1, qty: 1 * L },
        { id: 2, qty: 3 * L },
        { id: 3, qty: 12 * L },
      ],
      'seed',
    );
    expect(r.oversubscribed).toBe(true);
    expect(won(r)).toEqual({ 1: 1 * L, 2: 2 * L, 3: 7 * L });
    expect(r.allotted).toBe(10 * L);
  });

  it('draws the one-lot winners by ballot when there are more applicants than lots', () => {
    const apps = [1, 2, 3, 4, 5].map((id) => ({ id, qty: 2 * L }));
    const r = allot(3 * L, apps, 'ballot-7');
    const order = ballotOrder('ballot-7', [1, 2, 3, 4, 5]);
    const winners = order.slice(0, 3);
    for (const a of r.allotments) expect(a.allotted).toBe(winners.includes(a.id) ? L : 0);
    // Anyone re-running it with the published seed gets the same draw; another seed draws differently.
    expect(allot(3 * L, apps, 'ballot-7')).toEqual(r);
    const others = ['a', 'b', 'c', 'd', 'e'].map((s) => ballotOrder(s, [1, 2, 3, 4, 5]).slice(0, 3).join());
    expect(new Set(others).size).toBeGreaterThan(1);
  });

  it('refuses quantities that are not whole lots, and duplicate ids', () => {
    expect(() => allot(10 * L, [{ id: 1, qty: 250 }], 's')).toThrow(RangeError);
    expect(() => allot(10 * L, [{ id: 1, qty: 0 }], 's')).toThrow(RangeError);
    expect(() => allot(750, [], 's')).toThrow(RangeError);
    expect(() =>
      allot(
        10 * L,
        [
          { id: 1, qty: L },
          { id: 1, qty: L },
        ],
        's',
      ),
    ).toThrow(RangeError);
  });

  it('keeps its promises over any book of applications', () => {
    const book = fc.uniqueArray(
      fc.record({ id: fc.integer({ min: 1, max: 1_000_000 }), lots: fc.integer({ min: 1, max: 400 }) }),
      { selector: (a) => a.id, minLength: 0, maxLength: 300 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), book, fc.string(), (offeredLots, raw, seed) => {
        const apps = raw.map((a) => ({ id: a.id, qty: a.lots * L }));
        const r = allot(offeredLots * L, apps, seed);
        const demand = raw.reduce((s, a) => s + a.lots, 0);
        expect(r.allotted).toBe(Math.min(demand, offeredLots) * L);
        for (const a of r.allotments) {
          expect(a.allotted % L).toBe(0);
          expect(a.allotted).toBeGreaterThanOrEqual(0);
          expect(a.allotted).toBeLessThanOrEqual(a.applied);
        }
        // One lot each before anyone gets a second.
        const zero = r.allotments.some((a) => a.wonLots === 0);
        const two = r.allotments.some((a) => a.wonLots >= 2);
        expect(zero && two).toBe(false);
        expect(allot(offeredLots * L, apps, seed)).toEqual(r);
      }),
      { numRuns: 300 },
    );
  });
});
