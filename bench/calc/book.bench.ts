// Book merge: one 50-level book, 1000 sequenced deltas (1–4 level changes each, ~20% removals).
import { bench, describe } from 'vitest';
import type { Book, BookDelta, BookLevel } from '../../workers/protocol/market.ts';
import { applyBookDelta, applyBookSnapshot, bookTop } from '../../workers/market/calc/book.ts';
import { prng } from './seeded.ts';

const rnd = prng(42);
const level = (px: number): BookLevel => [px.toFixed(2), (1 + Math.floor(rnd() * 500)).toString()];
const snap: Book = {
  s: 'OGDC',
  b: Array.from({ length: 50 }, (_, k) => level(99.99 - k * 0.01)),
  a: Array.from({ length: 50 }, (_, k) => level(100 + k * 0.01)),
  t: 0,
};
const deltas: BookDelta[] = Array.from({ length: 1000 }, (_, k) => {
  const side = () =>
    Array.from({ length: Math.floor(rnd() * 3) }, (): BookLevel => {
      const [p, q] = level(0);
      void p;
      const off = Math.floor(rnd() * 60) * 0.01;
      return [(rnd() < 0.5 ? 99.99 - off : 100 + off).toFixed(2), rnd() < 0.2 ? '0' : q];
    }).filter(([p]) => +p > 0);
  // Bids below 100, asks from 100: keep the synthetic book mostly uncrossed, like a real feed.
  return {
    b: side().filter(([p]) => +p < 100),
    a: side().filter(([p]) => +p >= 100),
    t: k,
  };
});

describe('book merge', () => {
  bench('50-level book: snapshot + 1000 deltas', () => {
    let st = applyBookSnapshot(snap, 0);
    for (let k = 0; k < deltas.length; k++) st = applyBookDelta(st, deltas[k]!, k + 1).state;
  });

  bench('50-level book: 1000 deltas + top-20 view every 10th (a 100 ms flush)', () => {
    let st = applyBookSnapshot(snap, 0);
    for (let k = 0; k < deltas.length; k++) {
      st = applyBookDelta(st, deltas[k]!, k + 1).state;
      if (k % 10 === 9) bookTop(st, 20);
    }
  });
});
