// Trades tape ring: capacity, dedupe across sources, newest-first order even with late prints.
import { describe, expect, it } from 'vitest';
import type { Trade } from '../../../workers/protocol/market.ts';
import {
  createTradeRing,
  iterateNewestFirst,
  newestTradeId,
  pushTrade,
  pushTrades,
  tradesNewestFirst,
} from '../../../workers/market/calc/trades-ring.ts';

const tr = (i: number): Trade => ({ i, p: `${100 + i}`, q: '1', d: i % 2 ? 'b' : 's', t: 1000 + i });
const ids = (ts: Trade[]) => ts.map((t) => t.i);

describe('trades ring', () => {
  it('keeps the newest `capacity` prints, newest first', () => {
    const r = createTradeRing(3);
    expect(pushTrades(r, [tr(1), tr(2), tr(3), tr(4), tr(5)])).toBe(5);
    expect(ids(tradesNewestFirst(r))).toEqual([5, 4, 3]);
    expect(ids([...iterateNewestFirst(r)])).toEqual([5, 4, 3]);
    expect(ids(tradesNewestFirst(r, 2))).toEqual([5, 4]);
    expect(newestTradeId(r)).toBe(5);
    expect(r.ids.size).toBe(3);
  });

  it('drops duplicates, e.g. a polling page overlapping the socket deltas', () => {
    const r = createTradeRing(10);
    pushTrades(r, [tr(1), tr(2), tr(3)]);
    expect(pushTrades(r, [tr(2), tr(3), tr(4)])).toBe(1);
    expect(pushTrade(r, tr(4))).toBe(false);
    expect(ids(tradesNewestFirst(r))).toEqual([4, 3, 2, 1]);
  });

  it('slots a late print into id order and forgets ids that fell off', () => {
    const r = createTradeRing(4);
    pushTrades(r, [tr(1), tr(2), tr(5), tr(6)]);
    expect(pushTrade(r, tr(4))).toBe(true); // evicts 1
    expect(ids(tradesNewestFirst(r))).toEqual([6, 5, 4, 2]);
    expect(pushTrade(r, tr(1))).toBe(false); // older than a full tape
    expect(pushTrade(r, tr(3))).toBe(true); // evicts 2
    expect(ids(tradesNewestFirst(r))).toEqual([6, 5, 4, 3]);
    expect([...r.ids].sort()).toEqual([3, 4, 5, 6]);
  });

  it('accepts a snapshot in any order', () => {
    const r = createTradeRing(5);
    pushTrades(r, [tr(9), tr(7), tr(8)]);
    expect(ids(tradesNewestFirst(r))).toEqual([9, 8, 7]);
  });

  it('wraps around many times without losing order', () => {
    const r = createTradeRing(7);
    for (let i = 1; i <= 100; i++) pushTrade(r, tr(i));
    expect(ids(tradesNewestFirst(r))).toEqual([100, 99, 98, 97, 96, 95, 94]);
  });

  it('rejects a non-positive capacity', () => {
    expect(() => createTradeRing(0)).toThrow(RangeError);
  });
});
