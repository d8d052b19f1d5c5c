// P&L micro benches (issue 4 Bench a): a flush of ticks touching 500 symbols over 10,000 positions (target
// ≤ 1 ms) and a full recompute of 100,000 positions (target ≤ 5 ms), both exact (tests/unit/pnl proves the
// representation against decimal.js). decimal.js full recomputes run alongside as the reference cost.
import { bench, describe } from 'vitest';
import Decimal from 'decimal.js';
import {
  applyPrices,
  createPnlBook,
  positionFigures,
  recomputePnl,
  totalFigures,
  type PnlInput,
} from '../../workers/market/calc/pnl.ts';
import { PositionsFeed } from '../../workers/market/feeds/account/positions/positions-feed.ts';
import type { Position } from '../../workers/protocol/trade.ts';
import { prng } from './seeded.ts';

function portfolio(n: number, symbols: number, seed: number): PnlInput[] {
  const rnd = prng(seed);
  return Array.from({ length: n }, (_, i) => {
    const qty = 1 + Math.floor(rnd() * 5000);
    const avg = (10 + rnd() * 990).toFixed(4);
    return {
      key: `P${i}`,
      symbol: `S${i % symbols}`,
      qty: String(qty),
      cost: new Decimal(avg).times(qty).toFixed(2),
      last: (10 + rnd() * 990).toFixed(2),
    };
  });
}

function tickBatches(symbols: number, count: number, seed: number): [string, string][][] {
  const rnd = prng(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: symbols }, (_, s) => [`S${s}`, (10 + rnd() * 990).toFixed(2)] as [string, string]),
  );
}

const small = portfolio(10_000, 500, 11);
const smallBook = createPnlBook(small);
const batches = tickBatches(500, 64, 12);
let b = 0;
const visible = small.slice(0, 30).map((p) => p.key);

const large = portfolio(100_000, 500, 21);
const largeBook = createPnlBook(large);
const largeTicks = tickBatches(500, 1, 22)[0]!;
const decQty = large.map((p) => new Decimal(p.qty));
const decCost = large.map((p) => new Decimal(p.cost));
const decLast = new Map(largeTicks.map(([s, p]) => [s, new Decimal(p)]));

describe('P&L: ticks over 10,000 positions', () => {
  bench('500 symbols tick → aggregates + totals (exact)', () => {
    applyPrices(smallBook, batches[b++ % batches.length]!);
  });
  bench('500 symbols tick → + 30 visible rows and totals formatted', () => {
    applyPrices(smallBook, batches[b++ % batches.length]!);
    for (const k of visible) positionFigures(smallBook, k);
    totalFigures(smallBook);
  });
  bench('worker flush: 500 held symbols ticked → re-price, 20 visible rows, totals', () => {
    const batch = flushes[f++ % flushes.length]!;
    for (const t of batch) livePrices.set(t.s, t.p);
    feed.noteTickers(batch);
    feed.drain();
  });
});

// The worker's whole flush: 500 held symbols marked by ticker messages, re-priced, 20 visible rows formatted.
const livePrices = new Map<string, string>();
const feed = new PositionsFeed((s) => livePrices.get(s));
feed.set(
  'real',
  Array.from({ length: 10_000 }, (_, i): Position => {
    const p = small[i]!;
    return {
      symbol: `H${i}`,
      nameEn: '',
      nameUr: '',
      qty: p.qty,
      available: p.qty,
      locked: '0',
      avgCost: '0',
      cost: p.cost,
      lastPrice: p.last,
      marketValue: '0',
      pnl: '0',
      pnlPct: '0',
    };
  }),
);
for (let i = 0; i < 20; i++) feed.show(`H${i * 25}`);
feed.drain();
const flushes = tickBatches(500, 64, 13).map((batch) => batch.map(([, p], k) => ({ s: `H${k * 20}`, p })));
let f = 0;

describe('P&L: full recompute of 100,000 positions', () => {
  applyPrices(largeBook, largeTicks);
  bench('scaled integers (float64 under the 2^53 bound)', () => {
    recomputePnl(largeBook);
  });
  bench('decimal.js reference', () => {
    let mv = new Decimal(0);
    let cost = new Decimal(0);
    for (let i = 0; i < large.length; i++) {
      const m = decQty[i]!.times(decLast.get(large[i]!.symbol)!);
      mv = mv.plus(m);
      cost = cost.plus(decCost[i]!);
      m.minus(decCost[i]!);
    }
    mv.minus(cost);
  });
  bench('build from wire strings (setPositions)', () => {
    createPnlBook(large);
  });
});
