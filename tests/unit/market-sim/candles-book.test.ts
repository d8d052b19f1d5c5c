// Candle boundaries and aggregation; synthetic book invariants and deltas.
import { describe, expect, it } from 'vitest';
import { applyBookDelta, diffBook, generateBook, type UnitBook } from '../../../server/domain/market/book.ts';
import { aggregate, barStart, foldTrade, type Bar } from '../../../server/domain/market/candles.ts';
import { createRng } from '../../../server/domain/market/prng.ts';

const pkt = (iso: string) => Date.parse(`${iso}+05:00`);

describe('candles', () => {
  it('opens bars on interval multiples, days and weeks in Karachi time', () => {
    const t = pkt('2026-11-19T10:47:31'); // Thursday
    expect(barStart(t, '1m')).toBe(pkt('2026-11-19T10:47:00'));
    expect(barStart(t, '5m')).toBe(pkt('2026-11-19T10:45:00'));
    expect(barStart(t, '15m')).toBe(pkt('2026-11-19T10:45:00'));
    expect(barStart(t, '30m')).toBe(pkt('2026-11-19T10:30:00'));
    expect(barStart(t, '1h')).toBe(pkt('2026-11-19T10:00:00'));
    expect(barStart(t, '4h')).toBe(pkt('2026-11-19T09:00:00')); // 04:00 UTC
    expect(barStart(t, '1d')).toBe(pkt('2026-11-19T00:00:00'));
    expect(barStart(t, '1w')).toBe(pkt('2026-11-16T00:00:00')); // Monday
    expect(barStart(pkt('2026-11-22T23:59:00'), '1w')).toBe(pkt('2026-11-16T00:00:00')); // Sunday
  });

  it('folds trades into a bar and starts a new one in the next period', () => {
    const t0 = pkt('2026-11-19T10:00:05');
    let b = foldTrade(undefined, '1m', t0, 100, 5);
    b = foldTrade(b, '1m', t0 + 1000, 103, 1);
    b = foldTrade(b, '1m', t0 + 2000, 99, 2);
    expect(b).toEqual({
      t: pkt('2026-11-19T10:00:00'),
      o: 100,
      h: 103,
      l: 99,
      c: 99,
      v: 8,
      q: 500n + 103n + 198n,
    });
    const next = foldTrade(b, '1m', t0 + 60_000, 101, 1);
    expect(next).not.toBe(b);
    expect(next.o).toBe(101);
  });

  it('aggregates 1m bars into 5m bars (open of the first, close of the last, extremes, summed volume)', () => {
    const base = pkt('2026-11-19T10:00:00');
    const bars: Bar[] = [0, 1, 2, 3, 4, 5, 6].map((i) => ({
      t: base + i * 60_000,
      o: 100 + i,
      h: 110 + i,
      l: 90 - i,
      c: 101 + i,
      v: 10,
      q: 1000n,
    }));
    const five = aggregate(bars, '5m');
    expect(five).toHaveLength(2);
    expect(five[0]).toEqual({ t: base, o: 100, h: 114, l: 86, c: 105, v: 50, q: 5000n });
    expect(five[1]).toEqual({ t: base + 300_000, o: 105, h: 116, l: 84, c: 107, v: 20, q: 2000n });
  });
});

describe('book', () => {
  const check = (b: UnitBook, up?: number, down?: number) => {
    for (let i = 1; i < b.bids.length; i++) expect(b.bids[i]![0]).toBeLessThan(b.bids[i - 1]![0]);
    for (let i = 1; i < b.asks.length; i++) expect(b.asks[i]![0]).toBeGreaterThan(b.asks[i - 1]![0]);
    if (b.bids[0] && b.asks[0]) expect(b.bids[0][0]).toBeLessThan(b.asks[0][0]);
    for (const [p, q] of [...b.bids, ...b.asks]) {
      expect(q).toBeGreaterThan(0);
      if (up !== undefined) expect(p).toBeLessThanOrEqual(up);
      if (down !== undefined) expect(p).toBeGreaterThanOrEqual(down);
    }
  };

  it('keeps 50 sorted levels per side around the last price, bids below asks', () => {
    const rng = createRng('book');
    let book = generateBook(rng, { last: 27250, step: 3, depth: 50, levelQty: 1000 });
    expect(book.bids).toHaveLength(50);
    expect(book.asks).toHaveLength(50);
    check(book);
    for (let i = 0; i < 200; i++) {
      const last = 27250 + Math.round((rng.next() - 0.5) * 60);
      const next = generateBook(rng, { last, step: 3, depth: 50, levelQty: 1000 }, book);
      check(next);
      expect(next.bids[0]![0]).toBeLessThanOrEqual(last);
      expect(next.asks[0]![0]).toBeGreaterThan(next.bids[0]![0]);
      // A client applying the delta to its copy ends with exactly the new book.
      expect(applyBookDelta(book, diffBook(book, next))).toEqual(next);
      book = next;
    }
  });

  it('keeps levels inside the daily band (no asks at the upper limit)', () => {
    const rng = createRng('band');
    const book = generateBook(rng, { last: 21500, step: 2, depth: 50, levelQty: 10, up: 21500, down: 18500 });
    check(book, 21500, 18500);
    expect(book.asks.length).toBeLessThanOrEqual(1);
    const low = generateBook(rng, { last: 18502, step: 2, depth: 50, levelQty: 10, up: 21500, down: 18500 });
    check(low, 21500, 18500);
    expect(low.bids.length).toBeLessThanOrEqual(2);
  });

  it('sends small deltas when the price does not move', () => {
    const rng = createRng('quiet');
    const a = generateBook(rng, { last: 10000, step: 1, depth: 50, levelQty: 100 });
    const b = generateBook(createRng('quiet-2'), { last: 10000, step: 1, depth: 50, levelQty: 100 }, a);
    const d = diffBook(a, b);
    expect(d.bids.length + d.asks.length).toBeLessThan(60);
  });
});
