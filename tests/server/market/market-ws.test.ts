// The market WebSocket with a real `ws` client against the listening app: snapshot then consecutive deltas,
// book deltas that rebuild the exact book, errors, ping/pong, unsubscribe, subscription limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_ERR, WS_MAX_CHANNELS } from '../../../contract/ws.ts';
import type { Book, BookDelta, ServerMessage } from '../../../workers/protocol/market.ts';
import type { SimulatedMarket } from '../../../server/domain/market/simulated-market.ts';
import { makeTestApp, post, type TestApp } from '../helpers.ts';
import { collectMessages, pingPong, waitFor, type MessageLog } from '../../support/wait-for.ts';

let t: TestApp;
let sim: SimulatedMarket;
let url: string;

beforeAll(async () => {
  t = await makeTestApp({
    MARKET_TICK: '0',
    PSX_ALWAYS_OPEN: '1',
    MARKET_SEED: 'ws-test',
    MARKET_HISTORY_DAYS: '10',
    MARKET_MINUTE_DAYS: '1',
  });
  sim = t.app.market as SimulatedMarket;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as { port: number }).port;
  url = `ws://127.0.0.1:${port}/api/ws`;
});
afterAll(async () => t?.close());

interface Client extends MessageLog<ServerMessage> {
  ws: WebSocket;
  send(m: unknown): void;
}

async function connect(): Promise<Client> {
  const ws = new WebSocket(url);
  const log = collectMessages<ServerMessage>(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ...log, ws, send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)) };
}

/** Steps the simulator n times; every 5 steps (and at the end) waits until the socket has delivered them. */
async function steps(c: Client, n: number) {
  for (let i = 1; i <= n; i++) {
    sim.step();
    if (i % 5 === 0 || i === n) await pingPong(c.ws, c);
  }
}

function applyDelta(book: { b: Map<string, string>; a: Map<string, string> }, d: BookDelta) {
  for (const [side, levels] of [
    ['b', d.b],
    ['a', d.a],
  ] as const) {
    for (const [p, q] of levels) {
      if (q === '0' || /^0(\.0+)?$/.test(q)) book[side].delete(p);
      else book[side].set(p, q);
    }
  }
}

describe('market WebSocket', () => {
  it('sends a snapshot, then deltas with consecutive seq per channel; book deltas rebuild the book', async () => {
    const c = await connect();
    const chans = [
      'ticker:BTCUSDT',
      'tickers:crypto',
      'book:BTCUSDT',
      'trades:BTCUSDT',
      'candles:BTCUSDT:1m',
    ];
    c.send({ op: 'sub', ch: chans });
    for (const ch of chans) await c.waitFor((m) => m.op === 'snap' && m.ch === ch);
    await steps(c, 40);

    for (const ch of chans) {
      const mine = c.msgs.filter(
        (m): m is Extract<ServerMessage, { op: 'snap' | 'delta' }> =>
          'ch' in m && m.ch === ch && (m.op === 'snap' || m.op === 'delta'),
      );
      expect(mine[0]!.op).toBe('snap');
      expect(mine.length, ch).toBeGreaterThan(2);
      for (let i = 1; i < mine.length; i++) {
        expect(mine[i]!.op).toBe('delta');
        expect(mine[i]!.seq, ch).toBe(mine[i - 1]!.seq + 1);
        expect(mine[i]!.ts).toBeGreaterThanOrEqual(mine[i - 1]!.ts);
      }
    }

    const snap = c.msgs.find((m) => m.op === 'snap' && m.ch === 'book:BTCUSDT') as { data: Book };
    expect(snap.data.b).toHaveLength(50);
    const book = { b: new Map(snap.data.b), a: new Map(snap.data.a) };
    for (const m of c.msgs)
      if (m.op === 'delta' && m.ch === 'book:BTCUSDT') applyDelta(book, m.data as BookDelta);
    const rest = await post<Book>(t.app, '/api/coin/books', { symbol: 'BTCUSDT', depth: '50' });
    const sortDesc = (m: Map<string, string>) => [...m].sort((x, y) => Number(y[0]) - Number(x[0]));
    const sortAsc = (m: Map<string, string>) => [...m].sort((x, y) => Number(x[0]) - Number(y[0]));
    expect(sortDesc(book.b)).toEqual(rest.body.data.b);
    expect(sortAsc(book.a)).toEqual(rest.body.data.a);

    const tickers = c.msgs.filter((m) => m.op === 'delta' && m.ch === 'tickers:crypto');
    expect((tickers[0] as { data: unknown[] }).data.length).toBeGreaterThan(0);
    c.ws.close();
  });

  it('answers unknown channels and bad messages with err, and ping with pong', async () => {
    const c = await connect();
    c.send({ op: 'sub', ch: ['ticker:NOPE', 'bogus', 'candles:BTCUSDT:2m', 'tickers:forex'] });
    for (const ch of ['ticker:NOPE', 'bogus', 'candles:BTCUSDT:2m', 'tickers:forex']) {
      const e = await c.waitFor((m) => m.op === 'err' && m.ch === ch);
      expect((e as { msg: string }).msg).toContain(ch);
      expect(e).toMatchObject({ code: WS_ERR.unknownChannel });
    }
    c.send('not json');
    const bad = await c.waitFor((m) => m.op === 'err' && !('ch' in m && m.ch));
    expect(bad).toMatchObject({ code: WS_ERR.badFrame });
    c.send({ op: 'ping', t: 12345 });
    const pong = await c.waitFor((m) => m.op === 'pong');
    expect(pong).toMatchObject({ op: 'pong', t: 12345 });
    c.ws.close();
  });

  it('stops a channel after unsub and keeps the others', async () => {
    const c = await connect();
    c.send({ op: 'sub', ch: ['ticker:ETHUSDT', 'tickers:crypto'] });
    await c.waitFor((m) => m.op === 'snap' && m.ch === 'tickers:crypto');
    await steps(c, 10);
    c.send({ op: 'unsub', ch: ['ticker:ETHUSDT'] });
    await c.waitFor((m) => m.op === 'unsubd');
    const mark = c.msgs.length;
    await steps(c, 20);
    const after = c.msgs.slice(mark);
    expect(after.some((m) => 'ch' in m && m.ch === 'ticker:ETHUSDT')).toBe(false);
    expect(after.some((m) => m.op === 'delta' && m.ch === 'tickers:crypto')).toBe(true);
    c.ws.close();
  });

  it('bounds subscriptions per connection', async () => {
    const c = await connect();
    const symbols = sim.instruments().map((i) => i.symbol);
    const names = symbols.flatMap((s) => ['1m', '5m'].map((iv) => `candles:${s}:${iv}`));
    c.send({ op: 'sub', ch: names.slice(0, WS_MAX_CHANNELS) });
    c.send({ op: 'sub', ch: names.slice(WS_MAX_CHANNELS, WS_MAX_CHANNELS + 5) });
    const last = names[WS_MAX_CHANNELS + 4]!;
    await c.waitFor((m) => m.op === 'err' && m.ch === last, { timeoutMs: 10_000 });
    // Candle snapshots are read from the database, so they may follow the refusals.
    const snaps = () => c.msgs.filter((m) => m.op === 'snap').length;
    await waitFor(() => snaps() >= WS_MAX_CHANNELS, { timeoutMs: 10_000, what: 'every snapshot' });
    await pingPong(c.ws, c);
    expect(snaps()).toBe(WS_MAX_CHANNELS);
    expect(c.msgs.filter((m) => m.op === 'err')).toHaveLength(5);
    for (const e of c.msgs.filter((m) => m.op === 'err'))
      expect(e).toMatchObject({ code: WS_ERR.tooManyChannels });
    c.ws.close();
  });
});
