// Order book merge: snapshot normalisation, sequenced deltas (gaps, duplicates), depth bound, uncrossing.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { BookLevel } from '../../../workers/protocol/market.ts';
import {
  applyBookDelta,
  applyBookSnapshot,
  bookTop,
  depthTotals,
  emptyBook,
  type BookState,
} from '../../../workers/market/calc/book.ts';

const snap = (b: BookLevel[], a: BookLevel[]) => ({ s: 'OGDC', b, a, t: 1 });
const prices = (side: BookState['bids']) => side.map((l) => l.price);

describe('applyBookSnapshot', () => {
  it('sorts, drops zero levels, keeps the last duplicate and bounds depth', () => {
    const st = applyBookSnapshot(
      snap(
        [
          ['99.5', '10'],
          ['100', '5'],
          ['98', '0.000'],
          ['100.00', '7'],
          ['97', '1'],
        ],
        [
          ['102', '3'],
          ['101', '4'],
          ['103', '2'],
        ],
      ),
      42,
      2,
    );
    expect(st.seq).toBe(42);
    expect(bookTop(st, 5)).toEqual({
      b: [
        ['100.00', '7'],
        ['99.5', '10'],
      ],
      a: [
        ['101', '4'],
        ['102', '3'],
      ],
    });
  });

  it('uncrosses a crossed snapshot in favour of the bids', () => {
    const st = applyBookSnapshot(
      snap(
        [['101', '1']],
        [
          ['100.5', '1'],
          ['101', '1'],
          ['102', '1'],
        ],
      ),
      1,
    );
    expect(prices(st.asks)).toEqual(['102']);
  });
});

describe('applyBookDelta', () => {
  const base = () =>
    applyBookSnapshot(
      snap(
        [
          ['100', '1'],
          ['99', '2'],
          ['98', '3'],
        ],
        [
          ['101', '1'],
          ['102', '2'],
          ['103', '3'],
        ],
      ),
      10,
      4,
    );

  it('inserts, updates and removes levels by price and keeps the order', () => {
    const { state, gap } = applyBookDelta(
      base(),
      {
        b: [
          ['99.5', '4'],
          ['99', '0'],
          ['100', '1.5'],
        ],
        a: [['101.50', '9']],
        t: 2,
      },
      11,
    );
    expect(gap).toBe(false);
    expect(state.seq).toBe(11);
    expect(state.ts).toBe(2);
    expect(bookTop(state, 10)).toEqual({
      b: [
        ['100', '1.5'],
        ['99.5', '4'],
        ['98', '3'],
      ],
      a: [
        ['101', '1'],
        ['101.50', '9'],
        ['102', '2'],
        ['103', '3'],
      ],
    });
  });

  it('does not mutate the previous state and keeps an untouched side by identity', () => {
    const before = base();
    const bidsBefore = bookTop(before, 10).b;
    const { state } = applyBookDelta(before, { b: [['97', '1']], a: [], t: 2 }, 11);
    expect(bookTop(before, 10).b).toEqual(bidsBefore);
    expect(state.asks).toBe(before.asks);
    expect(prices(state.bids)).toEqual(['100', '99', '98', '97']);
  });

  it('keeps at most depth levels: the worst level falls off, a level beyond depth is not added', () => {
    let st = applyBookDelta(base(), { b: [['97', '1']], a: [], t: 2 }, 11).state;
    st = applyBookDelta(st, { b: [['99.9', '1']], a: [], t: 3 }, 12).state;
    expect(prices(st.bids)).toEqual(['100', '99.9', '99', '98']);
    const same = applyBookDelta(st, { b: [['50', '1']], a: [], t: 4 }, 13).state;
    expect(prices(same.bids)).toEqual(['100', '99.9', '99', '98']);
    expect(same.bids).toBe(st.bids);
    expect(same.seq).toBe(13);
  });

  it('reports a gap when seq skips ahead and leaves the state untouched', () => {
    const st = base();
    const r = applyBookDelta(st, { b: [['100', '0']], a: [], t: 2 }, 12);
    expect(r.gap).toBe(true);
    expect(r.state).toBe(st);
  });

  it('ignores duplicates from before a resync (seq <= last) without a gap', () => {
    const st = base();
    const r = applyBookDelta(st, { b: [['100', '0']], a: [], t: 2 }, 10);
    expect(r).toEqual({ state: st, gap: false });
  });

  it('treats every delta before the first snapshot as a gap, then resyncs from a fresh snapshot', () => {
    const empty = emptyBook('OGDC');
    expect(applyBookDelta(empty, { b: [], a: [], t: 1 }, 1).gap).toBe(true);
    const resynced = applyBookSnapshot(snap([['10', '1']], [['11', '1']]), 20);
    const r = applyBookDelta(resynced, { b: [['10.5', '2']], a: [], t: 2 }, 21);
    expect(r.gap).toBe(false);
    expect(prices(r.state.bids)).toEqual(['10.5', '10']);
  });

  it('a new bid through the asks removes the crossed asks; a new ask through the bids removes bids', () => {
    const r1 = applyBookDelta(base(), { b: [['102', '5']], a: [], t: 2 }, 11).state;
    expect(prices(r1.bids)[0]).toBe('102');
    expect(prices(r1.asks)).toEqual(['103']);
    const r2 = applyBookDelta(base(), { b: [], a: [['99', '5']], t: 2 }, 11).state;
    expect(prices(r2.asks)[0]).toBe('99');
    expect(prices(r2.bids)).toEqual(['98']);
  });

  it('matches a naive whole-book model on random delta streams', () => {
    const level = fc.tuple(
      fc.integer({ min: 90, max: 110 }).map((p) => (p / 1).toFixed(1)),
      fc.constantFrom('0', '1', '2.5', '0.00', '7'),
    );
    const delta = fc.record({ b: fc.array(level, { maxLength: 4 }), a: fc.array(level, { maxLength: 4 }) });
    fc.assert(
      fc.property(fc.array(delta, { maxLength: 30 }), (deltas) => {
        const depth = 5;
        let st = applyBookSnapshot(snap([['95.0', '1']], [['105.0', '1']]), 0, depth);
        const model = { b: new Map([[95, '1']]), a: new Map([[105, '1']]) };
        deltas.forEach((d, k) => {
          st = applyBookDelta(st, { ...d, t: k }, k + 1).state;
          for (const [sideName, dir] of [
            ['b', -1],
            ['a', 1],
          ] as const) {
            const side = model[sideName];
            const opp = model[sideName === 'b' ? 'a' : 'b'];
            for (const [p, q] of d[sideName]) {
              const px = +p;
              if (+q === 0) {
                side.delete(px);
                continue;
              }
              side.set(px, q);
              const sorted = [...side.keys()].sort((x, y) => dir * (x - y));
              for (const extra of sorted.slice(depth)) side.delete(extra);
              if (sorted[0] === px) for (const o of [...opp.keys()]) if (dir * o >= dir * px) opp.delete(o);
            }
          }
        });
        const view = (m: Map<number, string>, dir: number) =>
          [...m.entries()].sort((x, y) => dir * (x[0] - y[0])).map(([p, q]) => [p, q]);
        expect(st.bids.map((l) => [l.px, l.qty])).toEqual(view(model.b, -1));
        expect(st.asks.map((l) => [l.px, l.qty])).toEqual(view(model.a, 1));
      }),
    );
  });
});

describe('depthTotals', () => {
  it('accumulates quantities for depth bars', () => {
    const st = applyBookSnapshot(
      snap(
        [
          ['10', '1.5'],
          ['9', '2'],
        ],
        [],
      ),
      1,
    );
    expect([...depthTotals(st.bids)]).toEqual([1.5, 3.5]);
  });
});
