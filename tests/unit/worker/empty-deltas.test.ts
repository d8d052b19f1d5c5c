// Empty deltas: the server sends one on each channel of a symbol that moved (an empty book change, no prints,
// no candle change) so every channel's seq stays consecutive. The worker takes each as a no-op that advances
// the channel's seq: no gap, nothing new posted, a candle series not started before its history arrives.
import { describe, expect, it } from 'vitest';
import type { Candle, DeltaMessage, SnapMessage, Trade } from '../../../workers/protocol/market.ts';
import { parseChannel } from '../../../workers/protocol/market.ts';
import { drainBooks, drainCandles, drainTrades } from '../../../workers/market/state/batch.ts';
import { MarketState } from '../../../workers/market/state/market-state.ts';
import { applyMessage } from '../../../workers/market/state/messages.ts';
import { acceptSnap, createChannelSeqs, judgeDelta } from '../../../workers/market/state/seq.ts';

const T0 = 1_790_000_000_000;

function feed(state: MarketState) {
  const seqs = createChannelSeqs();
  return (msg: SnapMessage | DeltaMessage): string => {
    const ch = parseChannel(msg.ch)!;
    if (msg.op === 'snap') acceptSnap(seqs, msg.ch, msg.seq);
    else {
      const verdict = judgeDelta(seqs, msg.ch, msg.seq);
      if (verdict !== 'apply') return verdict;
    }
    return applyMessage(state, ch, msg) ? 'apply' : 'gap';
  };
}

const trade = (i: number, p: string): Trade => ({ i, p, q: '10', d: 'b', t: T0 + i });
const bar = (t: number, c: string): Candle => ({ t, o: c, h: c, l: c, c, v: '1' });

describe('worker: empty deltas', () => {
  it('an empty book delta advances the seq and posts nothing', () => {
    const state = new MarketState(() => T0);
    const send = feed(state);
    state.openBook('AAA');
    const book = { s: 'AAA', b: [['10.00', '5']], a: [['10.10', '7']], t: T0 } as const;
    send({ op: 'snap', ch: 'book:AAA', seq: 41, ts: T0, data: { ...book, b: [...book.b], a: [...book.a] } });
    expect(drainBooks(state)).toHaveLength(1);
    expect(
      send({ op: 'delta', ch: 'book:AAA', seq: 42, ts: T0 + 1, data: { b: [], a: [], t: T0 + 1 } }),
    ).toBe('apply');
    expect(drainBooks(state)).toEqual([]);
    expect(state.books.get('AAA')!.state.seq).toBe(42);
    // The next real change applies on top (no gap) and is posted.
    const next = { b: [['10.00', '6']] as [string, string][], a: [], t: T0 + 2 };
    expect(send({ op: 'delta', ch: 'book:AAA', seq: 43, ts: T0 + 2, data: next })).toBe('apply');
    const posted = drainBooks(state);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.bids[0]).toEqual(['10.00', '6']);
  });

  it('an empty book delta while a change waits to be posted keeps it waiting', () => {
    const state = new MarketState(() => T0);
    const send = feed(state);
    state.openBook('AAA');
    send({
      op: 'snap',
      ch: 'book:AAA',
      seq: 1,
      ts: T0,
      data: { s: 'AAA', b: [['10.00', '5']], a: [], t: T0 },
    });
    send({ op: 'delta', ch: 'book:AAA', seq: 2, ts: T0, data: { b: [], a: [], t: T0 } });
    expect(drainBooks(state)).toHaveLength(1);
  });

  it('an empty trades delta adds nothing to the tape', () => {
    const state = new MarketState(() => T0);
    const send = feed(state);
    state.openTrades('AAA');
    send({ op: 'snap', ch: 'trades:AAA', seq: 7, ts: T0, data: [trade(1, '10.00')] });
    expect(drainTrades(state)).toHaveLength(1);
    expect(send({ op: 'delta', ch: 'trades:AAA', seq: 8, ts: T0, data: [] })).toBe('apply');
    expect(drainTrades(state)).toEqual([]);
    expect(send({ op: 'delta', ch: 'trades:AAA', seq: 9, ts: T0, data: [trade(2, '10.01')] })).toBe('apply');
    expect(drainTrades(state)[0]!.trades.map((t) => t.i)).toEqual([2]);
  });

  it('an empty candles delta changes no series and does not start one before the history', () => {
    const state = new MarketState(() => T0);
    const send = feed(state);
    state.openCandles('AAA', '1m');
    send({ op: 'snap', ch: 'candles:AAA:1m', seq: 3, ts: T0, data: [bar(T0, '10.00')] });
    expect(drainCandles(state)).toHaveLength(1);
    expect(send({ op: 'delta', ch: 'candles:AAA:1m', seq: 4, ts: T0, data: [] })).toBe('apply');
    expect(drainCandles(state)).toEqual([]);
    expect(state.candles.get('AAA:1m')!.series!.bars).toHaveLength(1);

    state.openCandles('BBB', '1m');
    state.applyCandleBars('BBB', '1m', []);
    expect(state.candles.get('BBB:1m')!.series).toBeNull();
    expect(drainCandles(state)).toEqual([]);
  });
});
