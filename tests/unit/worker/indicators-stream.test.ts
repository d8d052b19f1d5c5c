// Chart indicators through the worker: computed over the history when it lands (posted whole), re-stepped on
// a live bar (only the changed tail crosses), switched by interest keys, reposted whole on an older page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Candle } from '../../../workers/protocol/market.ts';
import {
  IP_LINES,
  IP_TIME,
  IP_UP,
  indicatorKey,
  type IndicatorUpdate,
} from '../../../workers/protocol/market-api.ts';
import { createHarness } from './service-harness.ts';

afterEach(() => {
  vi.useRealTimers();
});

const MIN = 60_000;
const bar = (k: number, c: number, o = c, v = 10): Candle => ({
  t: k * MIN,
  o: o.toFixed(2),
  h: Math.max(o, c).toFixed(2),
  l: Math.min(o, c).toFixed(2),
  c: c.toFixed(2),
  v: String(v),
});

/** Rows of an update as [time, up, ...values]. */
function rows(u: IndicatorUpdate): number[][] {
  const stride = IP_LINES + u.lines.length;
  const out: number[][] = [];
  for (let o = 0; o < u.points.length; o += stride) out.push([...u.points.subarray(o, o + stride)]);
  return out;
}

describe('market service: chart indicators', () => {
  it('computes SMA and VOL over the history, then posts only the live tail with the right last point', async () => {
    // closes 1..20 at bars 100..119, volume 10·k
    const history = Array.from({ length: 20 }, (_, k) => bar(100 + k, k + 1, k + 1, 10 * (k + 1)));
    const older = [bar(98, 50), bar(99, 60)];
    const h = createHarness(undefined, {}, { 'stock/index/candles': (p) => (p.get('to') ? older : history) });
    h.socket().open();
    h.service.subscribe([
      'candles:AAA:1m',
      indicatorKey('AAA', '1m', 'SMA'),
      indicatorKey('AAA', '1m', 'VOL'),
    ]);
    await h.advance(110);
    const first = h.batches.flatMap((b) => b.indicators ?? []);
    expect(first.map((u) => [u.name, u.reset, u.lines])).toEqual([
      ['SMA', true, ['ma5', 'ma10', 'ma20']],
      ['VOL', true, ['vol', 'ma5', 'ma10']],
    ]);
    // Posted in the same batch as the candles they belong to.
    expect(h.batches.find((b) => b.indicators)?.candles?.[0]?.reset).toBe(true);
    const sma = rows(first[0]!);
    expect(sma).toHaveLength(20);
    expect(sma[0]!.slice(0, 2)).toEqual([6000, 1]);
    expect(sma[3]![IP_LINES]).toBeNaN(); // MA5 warms up over 5 bars
    expect(sma[4]![IP_LINES]).toBe(3); // (1+2+3+4+5)/5
    // last bar: MA5 = (16..20)/5 = 18, MA10 = (11..20)/10 = 15.5, MA20 = (1..20)/20 = 10.5
    expect(sma[19]!.slice(IP_LINES)).toEqual([18, 15.5, 10.5]);
    expect(rows(first[1]!)[19]!.slice(IP_LINES)).toEqual([200, 180, 155]);

    // The live bar closes at 40 (down from its open 20, volume 300): one point re-stepped.
    h.batches.splice(0);
    h.socket().push({ op: 'snap', ch: 'candles:AAA:1m', seq: 1, ts: 0, data: [bar(119, 20, 20, 200)] });
    await h.advance(110);
    h.batches.splice(0);
    h.socket().push({ op: 'delta', ch: 'candles:AAA:1m', seq: 2, ts: 0, data: [bar(119, 40, 20, 300)] });
    await h.advance(110);
    const live = h.batches.flatMap((b) => b.indicators ?? []);
    expect(live.map((u) => [u.name, u.reset])).toEqual([
      ['SMA', false],
      ['VOL', false],
    ]);
    // MA5 = (16+17+18+19+40)/5 = 22, MA10 = (11+…+19+40)/10 = 17.5, MA20 = (1+…+19+40)/20 = 11.5
    expect(rows(live[0]!)).toEqual([[7140, 1, 22, 17.5, 11.5]]);
    // vol 300, MA5 = (160+170+180+190+300)/5 = 200; the bar closed above its open
    expect(rows(live[1]!)[0]!.slice(0, IP_LINES + 2)).toEqual([7140, 1, 300, 200]);

    // A new bar opens below its open: the tail is that bar alone, flagged down.
    h.batches.splice(0);
    h.socket().push({ op: 'delta', ch: 'candles:AAA:1m', seq: 3, ts: 0, data: [bar(120, 5, 6, 1)] });
    await h.advance(110);
    const appended = h.batches.flatMap((b) => b.indicators ?? []).find((u) => u.name === 'SMA')!;
    expect(rows(appended).map((r) => [r[IP_TIME], r[IP_UP], r[IP_LINES]])).toEqual([
      [7200, 0, (17 + 18 + 19 + 40 + 5) / 5],
    ]);

    // Switching the main indicator: only the new one is posted, whole.
    h.batches.splice(0);
    h.service.unsubscribe([indicatorKey('AAA', '1m', 'SMA')]);
    h.service.subscribe([indicatorKey('AAA', '1m', 'EMA')]);
    await h.advance(110);
    const switched = h.batches.flatMap((b) => b.indicators ?? []);
    expect(switched.map((u) => [u.name, u.reset, rows(u).length])).toEqual([['EMA', true, 21]]);
    expect(rows(switched[0]!)[0]!.slice(IP_LINES)).toEqual([1, 1, 1]); // seeded with the first close

    // An older page: the series grows at the front and the lines are reposted whole.
    h.batches.splice(0);
    await expect(h.service.loadOlderCandles('AAA', '1m', 2)).resolves.toBe(2);
    await h.advance(110);
    const paged = h.batches.flatMap((b) => b.indicators ?? []);
    expect(paged.map((u) => [u.name, u.reset, rows(u).length])).toEqual([
      ['VOL', true, 23],
      ['EMA', true, 23],
    ]);
    expect(rows(paged[1]!)[0]!.slice(IP_LINES)).toEqual([50, 50, 50]);
  });

  it('an indicator asked for before its series is computed when the history lands; a released one stops', async () => {
    const history = Array.from({ length: 30 }, (_, k) => bar(k, 10 + k));
    const h = createHarness(undefined, { wsUrl: null }, { 'stock/index/candles': () => history });
    h.service.subscribe([indicatorKey('AAA', '5m', 'RSI')]);
    h.service.subscribe(['candles:AAA:5m']);
    await h.advance(110);
    const [rsi] = h.batches.flatMap((b) => b.indicators ?? []);
    expect(rsi?.lines).toEqual(['rsi']);
    // Closes only rise: no RSI before 14 changes, then all gain and no loss reads 100.
    expect(rows(rsi!)[13]![IP_LINES]).toBeNaN();
    expect(
      rows(rsi!)
        .slice(14)
        .map((r) => r[IP_LINES]),
    ).toEqual(new Array(16).fill(100));
    h.service.unsubscribe([indicatorKey('AAA', '5m', 'RSI')]);
    h.batches.splice(0);
    await h.advance(1500);
    expect(h.batches.flatMap((b) => b.indicators ?? [])).toEqual([]);
  });

  it('ignores a malformed indicator key', () => {
    const h = createHarness(undefined, { wsUrl: null });
    expect(() =>
      h.service.subscribe(['indicator:AAA:2m:SMA' as never, 'indicator:AAA:1m:WMA' as never]),
    ).not.toThrow();
  });
});
