// Ticker state (exact change fields), per-flush coalescing, and the packed batch round trip.
import { describe, expect, it } from 'vitest';
import type { Ticker } from '../../../workers/protocol/market.ts';
import {
  applyTicker,
  applyTradeToTicker,
  normaliseTicker,
  tickerChange,
} from '../../../workers/market/calc/ticker-state.ts';
import {
  coalesce,
  coalesceTickers,
  createFlush,
  drainFlush,
  mergePatch,
} from '../../../workers/market/calc/coalesce.ts';
import {
  TICKER_STRIDE,
  TK_DIR,
  TK_LAST,
  TK_SYM,
  TK_TEXT_MASK,
  createTickerPacker,
  createTickerReceiver,
  packTickers,
  resetTickerPacker,
  tickerBatchTransfer,
  unpackTickers,
  wireText,
} from '../../../workers/protocol/ticker-batch.ts';

const tk = (s: string, p: string, t: number, extra: Partial<Ticker> = {}): Ticker => ({
  s,
  p,
  o: '100',
  h: '110',
  l: '90',
  pc: '100',
  ...tickerChange(p, '100'),
  v: '1000',
  q: '100000',
  b: '0',
  a: '0',
  st: 'open',
  t,
  ...extra,
});

describe('ticker state', () => {
  it('computes change exactly and truncates the percent', () => {
    expect(tickerChange('101.256', '100')).toEqual({ c: '1.256', cp: '1.25' });
    expect(tickerChange('98.7449', '100')).toEqual({ c: '-1.2551', cp: '-1.25' });
    expect(tickerChange('0.3', '0.1')).toEqual({ c: '0.2', cp: '200.00' });
    expect(tickerChange('98.50', '100')).toEqual({ c: '-1.50', cp: '-1.50' });
    expect(tickerChange('99.999', '100')).toEqual({ c: '-0.001', cp: '0.00' });
    expect(tickerChange('5', '0')).toEqual({ c: '5', cp: '0.00' });
  });

  it('fills missing change fields and falls back to the open as reference', () => {
    const { c: _c, cp: _cp, ...raw } = tk('X', '105', 1);
    expect(normaliseTicker(raw)).toMatchObject({ c: '5', cp: '5.00' });
    expect(normaliseTicker({ ...raw, pc: '', o: '104' })).toMatchObject({ pc: '104', c: '1', cp: '0.96' });
    const full = tk('X', '105', 1, { c: '5', cp: '5.00' });
    expect(normaliseTicker(full)).toBe(full);
  });

  it('keeps a newer state when a late message arrives', () => {
    const now = tk('X', '105', 10);
    expect(applyTicker(now, tk('X', '101', 9))).toBe(now);
    expect(applyTicker(now, tk('X', '106', 11)).p).toBe('106');
  });

  it('moves a ticker by a trade print exactly', () => {
    const next = applyTradeToTicker(tk('X', '105', 10), { i: 1, p: '111.1', q: '0.3', d: 'b', t: 11 });
    expect(next).toMatchObject({
      p: '111.1',
      h: '111.1',
      l: '90',
      v: '1000.3',
      q: '100033.33',
      c: '11.1',
      cp: '11.10',
      t: 11,
    });
    const old = tk('X', '105', 10);
    expect(applyTradeToTicker(old, { i: 2, p: '1', q: '1', d: 's', t: 5 })).toBe(old);
  });
});

describe('coalescing', () => {
  it('keeps one update per symbol in first-arrival order, newest by time', () => {
    const f = createFlush<Ticker>();
    coalesceTickers(f, [tk('A', '1', 1), tk('B', '2', 1), tk('A', '3', 3), tk('A', '2', 2)]);
    const out = drainFlush(f);
    expect(out.map((t) => [t.s, t.p])).toEqual([
      ['A', '3'],
      ['B', '2'],
    ]);
    expect(drainFlush(f)).toEqual([]);
  });

  it('merges partial patches field-wise', () => {
    const f = createFlush<{ a: number; b: number }>();
    coalesce(f, 'k', { a: 1, b: 1 });
    coalesce(f, 'k', { a: 2, b: 1 }, (p, n) => mergePatch(p, { a: n.a }));
    expect(drainFlush(f)).toEqual([{ a: 2, b: 1 }]);
  });
});

describe('ticker batches', () => {
  it('round-trips rows, announces each symbol once and sends only changed strings', () => {
    const packer = createTickerPacker();
    const rx = createTickerReceiver();
    const b1 = packTickers(packer, [tk('A', '101.5', 1), tk('B', '99', 1)]);
    expect(b1.symbolBase).toBe(0);
    expect(b1.newSymbols).toEqual(['A', 'B']);
    expect(b1.data.length).toBe(2 * TICKER_STRIDE);
    expect(b1.text).toHaveLength(18);
    expect(tickerBatchTransfer(b1)).toEqual([b1.data.buffer]);
    const rows1 = unpackTickers(rx, b1);
    expect(rows1[0]).toMatchObject({
      symbol: 'A',
      last: 101.5,
      change: 1.5,
      changePct: 1.5,
      dir: 0,
      session: 'open',
    });
    expect(rows1[0]!.text).toMatchObject({ p: '101.5', c: '1.5', cp: '1.50', v: '1000' });

    const b2 = packTickers(packer, [tk('B', '98.50', 2, { st: 'closed' }), tk('C', '7', 2)]);
    expect(b2.symbolBase).toBe(2);
    expect(b2.newSymbols).toEqual(['C']);
    // B: p, c, cp changed → 3 strings; C: new → all 9
    expect(b2.text.slice(0, 3)).toEqual(['98.50', '-1.50', '-1.50']);
    expect(b2.text.slice(3)).toEqual(['7', '-93', '-93.00', '100', '110', '90', '100', '1000', '100000']);
    expect(b2.data[TK_SYM]).toBe(1);
    expect(b2.data[TK_DIR]).toBe(-1);
    expect(b2.data[TK_TEXT_MASK]).toBe(0b111);
    expect(b2.data[TICKER_STRIDE + TK_LAST]).toBe(7);
    const rows2 = unpackTickers(rx, b2);
    expect(rows2[0]).toMatchObject({ symbol: 'B', dir: -1, session: 'closed', textMask: 0b111 });
    expect(rows2[0]!.text).toEqual({
      p: '98.50',
      c: '-1.50',
      cp: '-1.50',
      o: '100',
      h: '110',
      l: '90',
      pc: '100',
      v: '1000',
      q: '100000',
    });
    expect(rows2[1]!.symbol).toBe('C');

    const b3 = packTickers(packer, [tk('A', '101.5', 3)]);
    expect(b3.text).toEqual([]);
    expect(unpackTickers(rx, b3)[0]!.text.p).toBe('101.5');
  });

  it('sends the strings chosen by textOf (display-formatted in the worker), still only when changed', () => {
    const packer = createTickerPacker();
    const rx = createTickerReceiver();
    const textOf = (t: Ticker) => ({ ...wireText(t), p: `Rs ${t.p}` });
    unpackTickers(rx, packTickers(packer, [tk('A', '101.5', 1)], textOf));
    const b = packTickers(packer, [tk('A', '101.6', 2)], textOf);
    expect(b.text).toEqual(['Rs 101.6', '1.6', '1.60']);
    expect(unpackTickers(rx, b)[0]!.text.p).toBe('Rs 101.6');
  });

  it('resyncs a new receiver after a packer reset and rejects a batch that skips table entries', () => {
    const packer = createTickerPacker();
    packTickers(packer, [tk('A', '1', 1), tk('B', '1', 1)]);
    const lost = packTickers(packer, [tk('C', '1', 1)]);
    expect(() => unpackTickers(createTickerReceiver(), lost)).toThrow(RangeError);
    resetTickerPacker(packer);
    const rx = createTickerReceiver();
    const again = packTickers(packer, [tk('B', '2', 2)]);
    expect(again.newSymbols).toEqual(['A', 'B', 'C']);
    expect(again.text).toHaveLength(9);
    expect(unpackTickers(rx, again)[0]).toMatchObject({ symbol: 'B', last: 2, dir: 0 });
  });
});
