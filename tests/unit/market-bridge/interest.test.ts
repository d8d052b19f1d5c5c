// Reference-counted interest and the bridge around a fake worker port.
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { BatchListener, InterestKey } from '../../../workers/protocol/worker-api.ts';
import { InterestCounter } from '../../../src/market/interest.ts';
import { createBridge } from '../../../src/market/bridge.ts';
import type { MarketPort } from '../../../src/market/market-port.ts';
import { bookAtomFamily, tickerAtomFamily } from '../../../src/market/atoms.ts';
import { createTickerPacker, packTickers } from '../../../workers/protocol/ticker-batch.ts';
import { feedOverride, wsUrlFor } from '../../../src/market/feed-config.ts';

function manual() {
  const runs: (() => void)[] = [];
  return { schedule: (r: () => void) => void runs.push(r), run: () => runs.splice(0).forEach((r) => r()) };
}

describe('InterestCounter', () => {
  it('sends only 0→1 and 1→0 changes, gathered per tick, cancelling remove+add', () => {
    const sent: [InterestKey[], InterestKey[]][] = [];
    const tick = manual();
    const c = new InterestCounter((s, u) => sent.push([s, u]), tick.schedule);
    c.add(['ticker:A', 'ticker:B']);
    c.add(['ticker:A']);
    tick.run();
    expect(sent).toEqual([[['ticker:A', 'ticker:B'], []]]);
    c.remove(['ticker:A']); // still held once
    c.remove(['ticker:B']);
    c.add(['ticker:B']); // strict-mode remount in the same tick: nothing to send for B
    tick.run();
    expect(sent).toHaveLength(1);
    c.remove(['ticker:A']);
    tick.run();
    expect(sent[1]).toEqual([[], ['ticker:A']]);
    c.remove(['ticker:A']); // extra remove is ignored
    tick.run();
    expect(sent).toHaveLength(2);
  });
});

describe('createBridge', () => {
  it('inits, listens, forwards visibility, and clears a released chart channel', async () => {
    const calls: string[] = [];
    let listener: BatchListener | null = null;
    const port: MarketPort = {
      init: () => calls.push('init'),
      onBatch: (l) => void (listener = l),
      subscribe: (k) => calls.push(`sub ${k.join()}`),
      unsubscribe: (k) => calls.push(`unsub ${k.join()}`),
      setHidden: (h) => calls.push(`hidden ${h}`),
      status: () => ({ state: 'live', lastUpdate: null, since: 0 }),
      loadOlderCandles: () => 0,
    };
    const handlers: (() => void)[] = [];
    const doc = { hidden: false, addEventListener: (_: string, h: () => void) => void handlers.push(h) };
    const store = createStore();
    const b = createBridge(port, { apiBase: '/api/', wsUrl: null }, store, doc as unknown as Document);
    listener!({
      tickers: packTickers(createTickerPacker(), [
        {
          s: 'X',
          p: '1.00',
          o: '1',
          h: '1',
          l: '1',
          pc: '1',
          c: '0',
          cp: '0.00',
          v: '1',
          q: '1',
          b: '0',
          a: '0',
          st: 'open',
          t: 1,
        },
      ]),
    });
    expect(store.get(tickerAtomFamily('X'))?.price).toBe('1.00');
    store.set(bookAtomFamily('X'), {
      symbol: 'X',
      bids: [],
      asks: [],
      bidTotals: new Float64Array(),
      askTotals: new Float64Array(),
      ts: 1,
    });
    b.interest.add(['book:X']);
    await Promise.resolve();
    b.interest.remove(['book:X']);
    await Promise.resolve();
    expect(store.get(bookAtomFamily('X'))).toBeNull();
    doc.hidden = true;
    handlers.forEach((h) => h());
    expect(calls).toEqual(['init', 'sub book:X', 'unsub book:X', 'hidden true']);
  });
});

describe('feed config', () => {
  it('puts the socket next to the API on the page scheme, and honours ?feed=', () => {
    expect(wsUrlFor('/api/', 'https://app.example.pk/pages/tabbar/markets')).toBe(
      'wss://app.example.pk/api/ws',
    );
    expect(wsUrlFor('http://api.example.com/api/', 'http://m.example.com/')).toBe(
      'ws://api.example.com/api/ws',
    );
    expect(feedOverride('?feed=ws://127.0.0.1:9001/', undefined)).toBe('ws://127.0.0.1:9001/');
    expect(feedOverride('?feed=poll', undefined)).toBeNull();
    expect(feedOverride('', 'wss://bench.local/feed')).toBe('wss://bench.local/feed');
    expect(feedOverride('', '')).toBeUndefined();
  });
});
