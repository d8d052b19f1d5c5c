// Price alerts checked on a market step (issue 19: 100,000 active alerts within the step interval, ≥ 250 ms):
// 100,000 alerts over 400 symbols, every symbol updated on every step (the worst case: a real step updates
// fewer), a seeded random walk of ±0.5 % a step so alerts keep firing and re-arming. One bench iteration is one
// step; `npm run bench` reports its time in bench/results/calc.json.
import { bench, describe } from 'vitest';
import { AlertIndex, type AlertKind } from '../../server/domain/alerts/alert-index.ts';
import { prng } from './seeded.ts';

const rnd = prng(7);
const symbols = Array.from({ length: 400 }, (_, i) => `S${i}`);
const price = new Map(symbols.map((s) => [s, 100_000]));
const kinds: AlertKind[] = ['above', 'below', 'change'];
const ix = new AlertIndex();
for (let id = 1; id <= 100_000; id++) {
  const kind = kinds[id % 3]!;
  ix.add({
    id,
    userId: id % 5000,
    symbol: symbols[id % symbols.length]!,
    kind,
    threshold: kind === 'change' ? 1 + Math.floor(rnd() * 1000) : 90_000 + Math.floor(rnd() * 20_000),
    repeat: true,
  });
}

describe('price alerts on a step', () => {
  bench('one step of 400 symbols against 100,000 alerts', () => {
    for (const s of symbols) {
      const p = Math.max(1, Math.round(price.get(s)! * (1 + (rnd() - 0.5) / 100)));
      price.set(s, p);
      ix.check(s, { price: p, changeBps: Math.round((p - 100_000) / 10) });
    }
  });
});
