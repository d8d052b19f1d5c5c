// Seeded data for the calculator micro benches: the same inputs every run, so numbers compare across runs.
import type { Ticker } from '../../workers/protocol/market.ts';

/** mulberry32: tiny, fast, good enough for synthetic market data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function syntheticTicker(s: string, price: number, t: number): Ticker {
  const p = price.toFixed(2);
  return {
    s,
    p,
    o: '100.00',
    h: Math.max(price, 100).toFixed(2),
    l: Math.min(price, 100).toFixed(2),
    pc: '100.00',
    c: (price - 100).toFixed(2),
    cp: (price - 100).toFixed(2),
    v: '123456',
    q: '12345600.00',
    b: (price - 0.01).toFixed(2),
    a: (price + 0.01).toFixed(2),
    st: 'open',
    t,
  };
}
