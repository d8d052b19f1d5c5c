// Chart candles through the worker: REST history, live socket bars as tail updates, older pages as a reset.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Candle } from '../../../workers/protocol/market.ts';
import { CANDLE_STRIDE, CB_CLOSE, CB_TIME } from '../../../workers/protocol/market-api.ts';
import { createHarness, psxBoard } from './service-harness.ts';

afterEach(() => {
  vi.useRealTimers();
});

const MIN = 60_000;
const bar = (k: number, c: string): Candle => ({ t: k * MIN, o: c, h: c, l: c, c, v: '10' });

function closes(bars: Float64Array): [number, number][] {
  const out: [number, number][] = [];
  for (let o = 0; o < bars.length; o += CANDLE_STRIDE) out.push([bars[o + CB_TIME]!, bars[o + CB_CLOSE]!]);
  return out;
}

describe('market service: candles', () => {
  it('posts history once (reset), then only the changed bars; older pages reset the series', async () => {
    const history = [bar(100, '1.00'), bar(101, '2.00'), bar(102, '3.00')];
    const older = [bar(98, '0.50'), bar(99, '0.75')];
    const h = createHarness(
      psxBoard(),
      {},
      {
        'stock/index/candles': (p) => (p.get('to') ? older : history),
      },
    );
    h.socket().open();
    h.service.subscribe(['candles:AAA:1m']);
    expect(h.socket().takeOps('sub')).toContain('candles:AAA:1m');
    await h.advance(110);
    const first = h.batches.flatMap((b) => b.candles ?? []);
    expect(first).toHaveLength(1);
    expect(first[0]!.reset).toBe(true);
    expect(closes(first[0]!.bars)).toEqual([
      [6000, 1],
      [6060, 2],
      [6120, 3],
    ]);
    h.batches.splice(0);
    h.socket().push({ op: 'snap', ch: 'candles:AAA:1m', seq: 1, ts: 0, data: [bar(102, '3.00')] });
    await h.advance(110);
    h.batches.splice(0);
    h.socket().push({
      op: 'delta',
      ch: 'candles:AAA:1m',
      seq: 2,
      ts: 0,
      data: [bar(102, '3.50'), bar(103, '4.00')],
    });
    await h.advance(110);
    const live = h.batches.flatMap((b) => b.candles ?? []);
    expect(live.map((c) => [c.reset, closes(c.bars)])).toEqual([
      [
        false,
        [
          [6120, 3.5],
          [6180, 4],
        ],
      ],
    ]);
    h.batches.splice(0);
    await expect(h.service.loadOlderCandles('AAA', '1m', 2)).resolves.toBe(2);
    await h.advance(110);
    const paged = h.batches.flatMap((b) => b.candles ?? []);
    expect(paged[0]!.reset).toBe(true);
    expect(closes(paged[0]!.bars).map(([t]) => t)).toEqual([5880, 5940, 6000, 6060, 6120, 6180]);
  });

  it('reports a failed history load as an error update', async () => {
    const h = createHarness(psxBoard(), { wsUrl: null });
    h.service.subscribe(['candles:ZZZ:1h']);
    await h.advance(110);
    const c = h.batches.flatMap((b) => b.candles ?? [])[0]!;
    expect(c.error).toMatch(/candles/);
  });
});
