// Coalescing: 10k ticker messages (1000 symbols × 10 updates) into one flush, packed into a ticker batch.
import { bench, describe } from 'vitest';
import type { Ticker } from '../../workers/protocol/market.ts';
import { coalesceTickers, createFlush, drainFlush } from '../../workers/market/calc/coalesce.ts';
import {
  createTickerPacker,
  createTickerReceiver,
  packTickers,
  unpackTickers,
} from '../../workers/protocol/ticker-batch.ts';
import { applyTicker, normaliseTicker } from '../../workers/market/calc/ticker-state.ts';
import { prng, syntheticTicker } from './seeded.ts';

const rnd = prng(3);
const SYMBOLS = Array.from({ length: 1000 }, (_, k) => `SYM${k}`);
const messages: Ticker[] = Array.from({ length: 10_000 }, (_, k) =>
  syntheticTicker(SYMBOLS[k % 1000]!, 90 + rnd() * 20, 1.7e12 + k),
);
const withoutChange = messages.map(({ c: _c, cp: _cp, ...rest }) => rest);

// A warm packer: the symbol table is already announced, as in steady state.
const packer = createTickerPacker();
const receiver = createTickerReceiver();
unpackTickers(receiver, packTickers(packer, messages.slice(0, 1000)));
// Worst case for the receiver: a batch that carries all 9 strings of all 1000 rows (no new symbols, so it
// can be unpacked again and again against the same table).
const fullBatch = packTickers(createTickerPacker(), messages.slice(0, 1000));
fullBatch.symbolBase = 1000;
fullBatch.newSymbols = [];

describe('coalescing + packing', () => {
  bench('10k ticker messages → one flush → packTickers', () => {
    const f = createFlush<Ticker>();
    coalesceTickers(f, messages);
    packTickers(packer, drainFlush(f));
  });

  bench('unpackTickers of a 1000-row batch, every string changed (main-thread side)', () => {
    unpackTickers(receiver, fullBatch);
  });

  bench('10k ticker messages → state with change computed exactly (scaled BigInt)', () => {
    const state = new Map<string, Ticker>();
    for (const m of withoutChange) state.set(m.s, applyTicker(state.get(m.s), m));
  });

  bench('10k ticker messages → state trusting the server change fields', () => {
    const state = new Map<string, Ticker>();
    for (const m of messages) state.set(m.s, normaliseTicker(m));
  });
});
