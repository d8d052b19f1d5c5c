// Candle buckets (UTC intraday, Karachi day/week) and live aggregation: roll-over, exact volume, server merge.
import { describe, expect, it } from 'vitest';
import type { Candle } from '../../../workers/protocol/market.ts';
import { barOpenTime } from '../../../workers/market/calc/intervals.ts';
import {
  applyPrint,
  createCandleSeries,
  foldChangeFrom,
  mergeServerCandle,
  mergeServerCandles,
  prependCandles,
} from '../../../workers/market/calc/candles.ts';

const T = (iso: string) => Date.parse(iso);
const bar = (t: number, c: string, v = '1'): Candle => ({ t, o: c, h: c, l: c, c, v });

describe('barOpenTime', () => {
  it('buckets intraday intervals on UTC multiples', () => {
    const ts = T('2024-03-05T10:47:31.250Z');
    expect(barOpenTime('1m', ts)).toBe(T('2024-03-05T10:47:00Z'));
    expect(barOpenTime('5m', ts)).toBe(T('2024-03-05T10:45:00Z'));
    expect(barOpenTime('15m', ts)).toBe(T('2024-03-05T10:45:00Z'));
    expect(barOpenTime('30m', ts)).toBe(T('2024-03-05T10:30:00Z'));
    expect(barOpenTime('1h', ts)).toBe(T('2024-03-05T10:00:00Z'));
    expect(barOpenTime('4h', ts)).toBe(T('2024-03-05T08:00:00Z'));
  });

  it('opens 1d bars at midnight Asia/Karachi (19:00 UTC the day before)', () => {
    expect(barOpenTime('1d', T('2024-03-05T18:59:59.999Z'))).toBe(T('2024-03-04T19:00:00Z'));
    expect(barOpenTime('1d', T('2024-03-05T19:00:00Z'))).toBe(T('2024-03-05T19:00:00Z'));
    expect(barOpenTime('1d', T('2024-03-05T03:00:00Z'))).toBe(T('2024-03-04T19:00:00Z'));
  });

  it('opens 1w bars on Monday 00:00 Asia/Karachi', () => {
    // 2024-01-01 was a Monday.
    const mondayPk = T('2023-12-31T19:00:00Z');
    expect(barOpenTime('1w', mondayPk)).toBe(mondayPk);
    expect(barOpenTime('1w', T('2024-01-03T10:00:00Z'))).toBe(mondayPk);
    expect(barOpenTime('1w', T('2024-01-07T18:59:59Z'))).toBe(mondayPk); // Sunday 23:59 PKT
    expect(barOpenTime('1w', T('2024-01-07T19:00:00Z'))).toBe(T('2024-01-07T19:00:00Z'));
    expect(barOpenTime('1w', T('2023-12-31T18:59:00Z'))).toBe(T('2023-12-24T19:00:00Z'));
    expect(new Date(barOpenTime('1w', T('1969-12-30T00:00:00Z')) + 5 * 3_600_000).getUTCDay()).toBe(1);
  });
});

describe('applyPrint', () => {
  it('updates the live bar exactly and rolls over to a new bar', () => {
    const s = createCandleSeries('1m', []);
    const t0 = T('2024-03-05T10:00:00Z');
    expect(applyPrint(s, { p: '100.10', q: '0.1', t: t0 + 1000 })).toEqual({
      kind: 'append',
      from: 0,
      dropped: 0,
    });
    expect(applyPrint(s, { p: '101', q: '0.2', t: t0 + 2000 })).toEqual({
      kind: 'last',
      from: 0,
      dropped: 0,
    });
    applyPrint(s, { p: '99.9', q: '0', t: t0 + 3000 });
    applyPrint(s, { p: '100.5', q: '1', t: t0 + 59_999 });
    expect(s.bars).toEqual([{ t: t0, o: '100.10', h: '101', l: '99.9', c: '100.5', v: '1.3' }]);
    expect(applyPrint(s, { p: '100.6', q: '2', t: t0 + 60_000 })).toEqual({
      kind: 'append',
      from: 1,
      dropped: 0,
    });
    expect(s.bars[1]).toEqual({ t: t0 + 60_000, o: '100.6', h: '100.6', l: '100.6', c: '100.6', v: '2' });
  });

  it('skips quiet periods without filler bars and ignores prints older than the live bar', () => {
    const s = createCandleSeries('1m', []);
    const t0 = T('2024-03-05T10:00:00Z');
    applyPrint(s, { p: '1', q: '1', t: t0 });
    applyPrint(s, { p: '2', q: '1', t: t0 + 5 * 60_000 });
    expect(s.bars.map((b) => b.t)).toEqual([t0, t0 + 5 * 60_000]);
    const before = s.bars[1];
    expect(applyPrint(s, { p: '9', q: '1', t: t0 + 30_000 }).kind).toBe('none');
    expect(s.bars[1]).toBe(before);
  });

  it('keeps the series bounded and reports how many bars fell off', () => {
    const s = createCandleSeries('1m', [bar(0, '1'), bar(60_000, '1'), bar(120_000, '1')], 3);
    expect(applyPrint(s, { p: '2', q: '1', t: 180_000 })).toEqual({ kind: 'append', from: 2, dropped: 1 });
    expect(s.bars.map((b) => b.t)).toEqual([60_000, 120_000, 180_000]);
  });

  it('aggregates a daily bar across a UTC midnight within one Karachi day', () => {
    const s = createCandleSeries('1d', []);
    applyPrint(s, { p: '10', q: '1', t: T('2024-03-05T20:00:00Z') });
    applyPrint(s, { p: '11', q: '1', t: T('2024-03-06T09:00:00Z') });
    expect(s.bars).toHaveLength(1);
    expect(s.bars[0]).toMatchObject({ t: T('2024-03-05T19:00:00Z'), o: '10', c: '11', v: '2' });
  });
});

describe('server candles', () => {
  it('sorts and dedupes a snapshot, keeping the newest maxBars', () => {
    const s = createCandleSeries('1m', [bar(120_000, 'c'), bar(0, 'a'), bar(60_000, 'b'), bar(0, 'a2')], 2);
    expect(s.bars.map((b) => b.c)).toEqual(['b', 'c']);
  });

  it('replaces the same open time, appends a newer bar, inserts an older one in order', () => {
    const s = createCandleSeries('1m', [bar(0, '1'), bar(120_000, '3')]);
    expect(mergeServerCandle(s, bar(120_000, '3.5'))).toEqual({ kind: 'last', from: 1, dropped: 0 });
    expect(mergeServerCandle(s, bar(180_000, '4'))).toEqual({ kind: 'append', from: 2, dropped: 0 });
    expect(mergeServerCandle(s, bar(60_000, '2'))).toEqual({ kind: 'past', from: 1, dropped: 0 });
    expect(s.bars.map((b) => b.c)).toEqual(['1', '2', '3.5', '4']);
  });

  it('merges a delta of the closing bar plus the new bar as one change from the closing bar', () => {
    const s = createCandleSeries('1m', [bar(0, '1'), bar(60_000, '2')], 2);
    const ch = mergeServerCandles(s, [bar(60_000, '2.5'), bar(120_000, '3')]);
    expect(ch).toEqual({ kind: 'append', from: 0, dropped: 1 });
    expect(s.bars.map((b) => b.c)).toEqual(['2.5', '3']);
    const s2 = createCandleSeries('1m', [bar(0, '1'), bar(60_000, '2')]);
    expect(mergeServerCandles(s2, [bar(60_000, '2.1')])).toEqual({ kind: 'last', from: 1, dropped: 0 });
    expect(mergeServerCandles(s2, [])).toEqual({ kind: 'none', from: 2, dropped: 0 });
  });

  it('folds changes between flushes into one first-changed index', () => {
    const s = createCandleSeries('1m', [bar(0, '1'), bar(60_000, '2')], 2);
    let from = Infinity;
    from = foldChangeFrom(from, mergeServerCandle(s, bar(60_000, '2.5'))); // from 1
    from = foldChangeFrom(from, mergeServerCandle(s, bar(120_000, '3'))); // drops 1 → old index 1 is now 0
    expect(from).toBe(0);
    expect(foldChangeFrom(5, { kind: 'none', from: 2, dropped: 0 })).toBe(5);
    expect(foldChangeFrom(0, { kind: 'append', from: 1, dropped: 3 })).toBe(0);
  });

  it('ignores a bar older than a full window', () => {
    const s = createCandleSeries('1m', [bar(60_000, '1'), bar(120_000, '2')], 2);
    expect(mergeServerCandle(s, bar(0, '0')).kind).toBe('none');
  });

  it('prepends an older page only as far as the bound allows', () => {
    const s = createCandleSeries('1m', [bar(180_000, '4')], 3);
    expect(prependCandles(s, [bar(0, '1'), bar(60_000, '2'), bar(120_000, '3'), bar(180_000, 'x')])).toEqual({
      kind: 'past',
      from: 0,
      dropped: 0,
    });
    expect(s.bars.map((b) => b.c)).toEqual(['2', '3', '4']);
    expect(prependCandles(s, [bar(-60_000, '0')]).kind).toBe('none');
  });
});
