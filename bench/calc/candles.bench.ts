// Candle aggregation: 100k seeded trades (one every 100 ms ≈ 2.8 h) into a bounded live series.
import { bench, describe } from 'vitest';
import type { Interval, Trade } from '../../workers/protocol/market.ts';
import { applyPrint, createCandleSeries } from '../../workers/market/calc/candles.ts';
import { prng } from './seeded.ts';

const rnd = prng(7);
let px = 100;
const trades: Trade[] = Array.from({ length: 100_000 }, (_, i) => {
  px = Math.max(1, px + (rnd() - 0.5) * 0.2);
  return {
    i,
    p: px.toFixed(2),
    q: (1 + Math.floor(rnd() * 1000)).toString(),
    d: rnd() < 0.5 ? 'b' : 's',
    t: 1.7e12 + i * 100,
  };
});
const tickerPrints = trades.map((t) => ({ p: t.p, q: '0', t: t.t }));

describe('candle aggregation', () => {
  for (const iv of ['1m', '1d'] as Interval[]) {
    bench(`100k trades → ${iv} series (exact volume)`, () => {
      const s = createCandleSeries(iv, [], 3000);
      for (const t of trades) applyPrint(s, t);
    });
  }
  bench('100k ticker prices (no volume) → 1m series', () => {
    const s = createCandleSeries('1m', [], 3000);
    for (const t of tickerPrints) applyPrint(s, t);
  });
});
