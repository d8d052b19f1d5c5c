// Applying worker batches to the store: one atom write per changed symbol/channel, nothing else notified.
import { createStore } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import type { Ticker } from '../../../workers/protocol/market.ts';
import { CANDLE_STRIDE } from '../../../workers/protocol/market-api.ts';
import { createTickerPacker, packTickers } from '../../../workers/protocol/ticker-batch.ts';
import { tickerDisplay } from '../../../workers/market/display.ts';
import { createBatchApplier } from '../../../src/market/apply-batch.ts';
import {
  candlesAtomFamily,
  feedStatusAtom,
  sortedAtomFamily,
  tickerAtomFamily,
  tradesAtomFamily,
} from '../../../src/market/atoms.ts';

const tk = (s: string, p: string, t: number): Ticker => ({
  s,
  p,
  o: '100.00',
  h: p,
  l: p,
  pc: '100.00',
  c: '0.00',
  cp: '0.00',
  v: '2500000',
  q: '0',
  b: '0',
  a: '0',
  st: 'open',
  t,
});

describe('createBatchApplier', () => {
  it('writes only the atoms of symbols in the batch', () => {
    const store = createStore();
    const apply = createBatchApplier(store);
    const packer = createTickerPacker();
    const symbols = Array.from({ length: 50 }, (_, i) => `S${i}`);
    apply({
      tickers: packTickers(
        packer,
        symbols.map((s) => tk(s, '100.00', 1)),
        tickerDisplay,
      ),
    });
    const notified = new Map<string, number>();
    for (const s of symbols) {
      store.sub(tickerAtomFamily(s), () => notified.set(s, (notified.get(s) ?? 0) + 1));
    }
    const before = store.get(tickerAtomFamily('S1'));
    apply({ tickers: packTickers(packer, [tk('S7', '101.50', 2)], tickerDisplay) });
    expect([...notified]).toEqual([['S7', 1]]);
    expect(store.get(tickerAtomFamily('S1'))).toBe(before);
    const s7 = store.get(tickerAtomFamily('S7'))!;
    expect(s7).toMatchObject({ price: '101.50', volume: '2.50M', dir: 1, flashing: 1, last: 101.5 });
    // An unchanged price keeps the last direction and does not flash again.
    apply({ tickers: packTickers(packer, [{ ...tk('S7', '101.50', 3), v: '2600000' }], tickerDisplay) });
    expect(store.get(tickerAtomFamily('S7'))).toMatchObject({ dir: 1, flashing: 1, volume: '2.60M' });
  });

  it('flashes a busy row at most once a second, and clears the flash on the first batch after 300 ms', () => {
    const store = createStore();
    let now = 0;
    const apply = createBatchApplier(
      store,
      () => {},
      () => now,
    );
    const packer = createTickerPacker();
    const tickAt = (p: string, t: number, wall: number, sym = 'F') => {
      now = wall;
      apply({ tickers: packTickers(packer, [tk(sym, p, t)], tickerDisplay) });
      return store.get(tickerAtomFamily('F'))!;
    };
    tickAt('100.00', 1_000, 0);
    expect(tickAt('100.10', 1_100, 100)).toMatchObject({ dir: 1, flashing: 1 });
    // Still showing 250 ms later: another row's batch leaves it alone.
    expect(tickAt('5.00', 1_350, 350, 'G')).toMatchObject({ flashing: 1 });
    // The first batch 300 ms on clears it, whoever it carries; the move in it keeps its colour (dir) only.
    expect(tickAt('100.00', 1_500, 400)).toMatchObject({ dir: -1, flashing: 0 });
    expect(tickAt('99.90', 2_099, 999)).toMatchObject({ dir: -1, flashing: 0 });
    // A second after the last flash (ticker time) it may flash again, in the new direction.
    expect(tickAt('99.80', 2_100, 1_000)).toMatchObject({ dir: -1, flashing: -1 });
  });

  it('clears a showing flash by timer when the feed goes quiet', () => {
    vi.useFakeTimers();
    try {
      const store = createStore();
      const apply = createBatchApplier(
        store,
        () => {},
        () => Date.now(),
      );
      const packer = createTickerPacker();
      apply({ tickers: packTickers(packer, [tk('Q', '1.00', 1)], tickerDisplay) });
      apply({ tickers: packTickers(packer, [tk('Q', '1.01', 2)], tickerDisplay) });
      expect(store.get(tickerAtomFamily('Q'))).toMatchObject({ flashing: 1 });
      vi.advanceTimersByTime(300);
      expect(store.get(tickerAtomFamily('Q'))).toMatchObject({ flashing: 1 });
      vi.advanceTimersByTime(150);
      expect(store.get(tickerAtomFamily('Q'))).toMatchObject({ flashing: 0, price: '1.01' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for a resend when a batch does not continue its symbol table', () => {
    const store = createStore();
    let desync = 0;
    const apply = createBatchApplier(store, () => desync++);
    const packer = createTickerPacker();
    packTickers(packer, [tk('A', '1.00', 1)], tickerDisplay); // a batch this side never saw
    apply({ tickers: packTickers(packer, [tk('B', '2.00', 1)], tickerDisplay) });
    expect(desync).toBe(1);
  });

  it('keeps the tape capped newest first, sorted lists, status, and chart bars (reset then updates)', () => {
    const store = createStore();
    const apply = createBatchApplier(store);
    const tr = (i: number) => ({ i, p: '1.00', q: '1', d: 'b' as const, t: i });
    apply({ trades: [{ symbol: 'A', reset: true, trades: [tr(3), tr(2), tr(1)] }] });
    apply({ trades: [{ symbol: 'A', reset: false, trades: [tr(5), tr(4)] }] });
    expect(store.get(tradesAtomFamily('A'))!.map((t) => t.i)).toEqual([5, 4, 3, 2, 1]);

    apply({ sorted: [{ key: 'psx:change:desc', symbols: ['B', 'A'] }] });
    expect(store.get(sortedAtomFamily('psx:change:desc'))).toEqual(['B', 'A']);
    apply({ status: { state: 'polling', lastUpdate: 5, since: 4 } });
    expect(store.get(feedStatusAtom).state).toBe('polling');

    const bars = (rows: number[][]) => {
      expect(rows.every((r) => r.length === CANDLE_STRIDE)).toBe(true);
      return Float64Array.from(rows.flat());
    };
    apply({
      candles: [
        {
          symbol: 'A',
          interval: '1m',
          reset: true,
          bars: bars([
            [60, 1, 2, 0.5, 1.5, 10],
            [120, 1.5, 2, 1, 2, 5],
          ]),
        },
      ],
    });
    const v1 = store.get(candlesAtomFamily('A:1m'));
    expect(v1).toMatchObject({ status: 'success', version: 1, updates: [] });
    expect(v1.bars.map((b) => b.time)).toEqual([60, 120]);
    apply({
      candles: [
        {
          symbol: 'A',
          interval: '1m',
          reset: false,
          bars: bars([
            [120, 1.5, 3, 1, 3, 7],
            [180, 3, 3, 3, 3, 1],
          ]),
        },
      ],
    });
    const v2 = store.get(candlesAtomFamily('A:1m'));
    expect(v2.version).toBe(1);
    expect(v2.bars.map((b) => [b.time, b.close])).toEqual([
      [60, 1.5],
      [120, 3],
      [180, 3],
    ]);
    expect(v2.updates.map((b) => b.time)).toEqual([120, 180]);
  });
});
