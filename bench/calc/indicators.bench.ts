// Indicator updates: updateLast on a 3000-bar series (a live tick) for each indicator, plus the full compute.
import { bench, describe } from 'vitest';
import type { Candle } from '../../workers/protocol/market.ts';
import { candlesToColumns, computeIndicator, updateLast } from '../../workers/market/calc/indicators/core.ts';
import {
  indicatorDef,
  MAIN_INDICATORS,
  SUB_INDICATORS,
} from '../../workers/market/calc/indicators/registry.ts';
import { prng } from './seeded.ts';

const rnd = prng(11);
let px = 100;
const bars: Candle[] = Array.from({ length: 3000 }, (_, i) => {
  const o = px;
  px = Math.max(1, px + (rnd() - 0.5) * 2);
  const h = Math.max(o, px) + rnd();
  const l = Math.min(o, px) - rnd();
  return {
    t: i * 60_000,
    o: o.toFixed(2),
    h: h.toFixed(2),
    l: l.toFixed(2),
    c: px.toFixed(2),
    v: `${Math.floor(rnd() * 1e5)}`,
  };
});
const cols = candlesToColumns(bars);
const last = cols.close.length - 1;

describe('indicator updateLast on 3000 bars (1000 live ticks)', () => {
  for (const name of [...MAIN_INDICATORS, ...SUB_INDICATORS]) {
    const st = computeIndicator(indicatorDef(name), cols);
    bench(`${name} updateLast ×1000`, () => {
      for (let k = 0; k < 1000; k++) {
        cols.close[last] = 100 + (k % 7);
        updateLast(st, cols);
      }
    });
  }
});

describe('indicator full compute on 3000 bars', () => {
  for (const name of [...MAIN_INDICATORS, ...SUB_INDICATORS]) {
    bench(`${name} compute`, () => {
      computeIndicator(indicatorDef(name), cols);
    });
  }
});
