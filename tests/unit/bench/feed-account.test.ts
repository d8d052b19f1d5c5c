// The positions bench's portfolio travels as in production: the bench feed answers the account channel at
// the account socket's path (snapshot at seq 0, pong, unsubd, err without a token) apart from the market
// clients, and the naive baseline's main-thread account socket (naive-account.ts) puts that snapshot on the
// same atoms the worker fills: the list, every row, the totals and the cash.
import { createStore } from 'jotai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeSocket } from 'ws';
import { ACCOUNT_WS_PATH, type AccountSnap } from '../../../workers/protocol/trade.ts';
import { startFeed, type Feed } from '../../../bench/browser/feed-server.ts';
import { createNaiveAccount, naiveAccountUrl } from '../../../bench/app/naive-account.ts';
import { accountFeedStateAtom, assetsViewAtom, openOrdersAtom } from '../../../src/market/account-atoms.ts';
import {
  positionAtomFamily,
  positionsListAtom,
  positionTotalsAtom,
} from '../../../src/market/positions-atoms.ts';

const SNAP: AccountSnap = {
  orders: [],
  positions: ['BX0001', 'BX0002'].map((symbol) => ({
    symbol,
    nameEn: symbol,
    nameUr: symbol,
    qty: '100',
    available: '100',
    locked: '0',
    avgCost: '10.00',
    cost: '1000.00',
    lastPrice: '10.00',
    marketValue: '1000.00',
    pnl: '0.00',
    pnlPct: '0.00',
  })),
  assets: {
    accountType: 'demo',
    currency: 'PKR',
    total: '1002000.00',
    available: '1000000.00',
    frozen: '0.00',
    marketValue: '2000.00',
    floatingPnl: '0.00',
  },
};

let feed: Feed;
beforeAll(async () => {
  feed = await startFeed({ symbols: 2, updatesPerSymbolPerSec: 0, bookLevels: 1, bookHz: 0, account: SNAP });
});
afterAll(() => feed.close());

/** A socket at `path` of the feed that collects every frame it receives. */
async function connect(
  path: string,
): Promise<{ ws: NodeSocket; next: () => Promise<Record<string, unknown>> }> {
  const ws = new NodeSocket(new URL(path, feed.url).href);
  const inbox: Record<string, unknown>[] = [];
  const waiting: ((m: Record<string, unknown>) => void)[] = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as Record<string, unknown>;
    const w = waiting.shift();
    if (w) w(m);
    else inbox.push(m);
  });
  await new Promise((resolve) => ws.once('open', resolve));
  return {
    ws,
    next: () => new Promise((resolve) => (inbox.length ? resolve(inbox.shift()!) : waiting.push(resolve))),
  };
}

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(ok()).toBe(true);
};

describe('the bench feed’s account channel', () => {
  it('answers sub with the snapshot at seq 0, ping with pong, unsub with unsubd; no token, err', async () => {
    const before = feed.counts();
    const { ws, next } = await connect(ACCOUNT_WS_PATH);
    ws.send(JSON.stringify({ op: 'sub', ch: ['account'], token: 't' }));
    expect(await next()).toMatchObject({ op: 'snap', ch: 'account', seq: 0, data: SNAP });
    ws.send(JSON.stringify({ op: 'ping', t: 42 }));
    expect(await next()).toMatchObject({ op: 'pong', t: 42 });
    ws.send(JSON.stringify({ op: 'unsub', ch: ['account'] }));
    expect(await next()).toEqual({ op: 'unsubd', ch: ['account'] });
    ws.send(JSON.stringify({ op: 'sub', ch: ['account'] }));
    expect(await next()).toMatchObject({ op: 'err', ch: 'account' });
    ws.close();
    const after = feed.counts();
    // An account socket is no market client: the drain check's "last client" stays the market's.
    expect(after.connections).toBe(before.connections);
    expect(after.account.connections).toBe(before.account.connections + 1);
    expect(after.account.snapshots).toBe(before.account.snapshots + 1);
  });

  it('is found next to the market socket as the worker finds it', () => {
    expect(naiveAccountUrl('ws://127.0.0.1:9/')).toBe('ws://127.0.0.1:9/api/ws/account');
    expect(naiveAccountUrl('wss://h/api/ws')).toBe('wss://h/api/ws/account');
  });

  it('feeds the naive baseline’s atoms through its own main-thread socket', async () => {
    const g = globalThis as { WebSocket?: unknown };
    const had = g.WebSocket;
    g.WebSocket = NodeSocket; // Node 20 has no global WebSocket; `ws` speaks the same onopen/onmessage API.
    try {
      const store = createStore();
      const account = createNaiveAccount(store);
      account.setMarketUrl(feed.url);
      account.setAccount({ token: 't', accountKey: '1:demo' });
      await until(() => store.get(accountFeedStateAtom) === 'live');
      expect(store.get(positionsListAtom)).toEqual(['BX0001', 'BX0002']);
      expect(store.get(openOrdersAtom)).toEqual([]);
      expect(store.get(positionAtomFamily('BX0002'))).toMatchObject({ qty: '100', marketValue: '1,000.00' });
      expect(store.get(positionTotalsAtom)).toMatchObject({ count: 2, marketValue: '2,000.00', pnl: '0.00' });
      expect(store.get(assetsViewAtom)).toMatchObject({
        total: '1,002,000.00',
        available: '1,000,000.00',
        frozen: '0.00',
      });
      account.setAccount(null);
    } finally {
      g.WebSocket = had;
    }
  });
});
