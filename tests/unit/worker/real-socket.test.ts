// socket → polling → socket over a real WebSocket (ws server, partysocket client) that refuses, then serves,
// then drops connections: polling starts within 2 s each time, stops when the socket delivers again, and
// the app sees every price once, in order.
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { ClientMessage, Ticker } from '../../../workers/protocol/market.ts';
import { createTickerReceiver, unpackTickers } from '../../../workers/protocol/ticker-batch.ts';
import { createMarketWorker } from '../../../workers/market/worker.ts';
import { partySocketFactory } from '../../../workers/market/sources/socket.ts';
import { FakeRest, ticker } from './fakes.ts';
import { waitFor } from '../../support/wait-for.ts';

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/** The exchange: one symbol whose price steps every 100 ms; the socket and REST see the same state. */
class Exchange {
  seq = 0;
  k = 0;
  current: Ticker = ticker('AAA', '100.00', 1);
  wss: WebSocketServer | null = null;
  private timer = setInterval(() => this.step(), 100);

  step(): void {
    this.k++;
    this.current = ticker('AAA', `${100 + this.k}.00`, 1 + this.k);
    this.seq++;
    const msg = JSON.stringify({
      op: 'delta',
      ch: 'tickers:psx',
      seq: this.seq,
      ts: 0,
      data: [this.current],
    });
    for (const c of this.wss?.clients ?? []) if (c.readyState === WebSocket.OPEN) c.send(msg);
  }

  listen(port: number): Promise<void> {
    this.wss = new WebSocketServer({ port, host: '127.0.0.1' });
    this.wss.on('connection', (c) => {
      c.on('message', (raw) => {
        const m = JSON.parse(String(raw)) as ClientMessage;
        if (m.op !== 'sub') return;
        for (const ch of m.ch) {
          const data = ch === 'tickers:psx' ? [this.current] : [];
          c.send(JSON.stringify({ op: 'snap', ch, seq: this.seq, ts: 0, data }));
        }
      });
    });
    return new Promise((r) => this.wss!.on('listening', () => r()));
  }

  async drop(): Promise<void> {
    for (const c of this.wss?.clients ?? []) c.terminate();
    await new Promise((r) => this.wss?.close(r));
    this.wss = null;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

describe('real socket fallback', () => {
  it(
    'refused → polling → live → dropped → polling → live, every tick once and in order',
    { timeout: 30_000 },
    async () => {
      const ex = new Exchange();
      const port = await freePort();
      const rest = new FakeRest({
        'stock/list': () => ({ list: [{ ticker: ex.current }], total: 1, page: 1, size: 200 }),
        'stock/index/indices/list': () => [],
        'coin/tickers': () => [],
      });
      const seen: number[] = [];
      const receiver = createTickerReceiver();
      const worker = createMarketWorker({
        socketFactory: partySocketFactory({ WebSocket, maxReconnectionDelay: 600 }),
        fetch: rest.fetch,
        now: () => Date.now(),
      });
      const service = worker.api;
      service.onBatch((b) => {
        if (b.tickers) for (const r of unpackTickers(receiver, b.tickers)) seen.push(r.ts);
      });
      cleanup.push(
        () => worker.host.dispose(),
        () => ex.stop(),
        () => ex.drop(),
      );
      service.init({ apiBase: 'http://test/api/', wsUrl: `ws://127.0.0.1:${port}/api/ws`, pollMs: 300 });
      service.subscribe(['ticker:AAA']);

      const state = () => service.status().state;
      const inState = (want: string, timeoutMs: number) =>
        waitFor(() => state() === want, { timeoutMs, what: () => `state ${want} (it is ${state()})` });
      // Live: the socket delivers several exchange steps (over 2 poll periods), and no poll runs meanwhile.
      const socketDelivers = (n: number) => {
        const from = seen.length;
        return waitFor(() => seen.length >= from + n, {
          timeoutMs: 5000,
          what: () => `${n} prices over the socket (got ${seen.length - from})`,
        });
      };

      // Nothing listens: connections are refused.
      expect(await inState('polling', 2000)).toBeLessThanOrEqual(2000);
      await ex.listen(port);
      await inState('live', 5000);
      const pollsWhenLive = rest.calls.length;
      await socketDelivers(8);
      expect(rest.calls.length).toBe(pollsWhenLive);

      await ex.drop();
      expect(await inState('polling', 2500)).toBeLessThanOrEqual(2000);
      // Polling serves prices while the socket is away: wait for two polls before the exchange comes back.
      const pollsWhenDropped = rest.calls.length;
      await waitFor(() => rest.calls.length >= pollsWhenDropped + 2, {
        timeoutMs: 5000,
        what: () => `2 poll requests while dropped (got ${rest.calls.length - pollsWhenDropped})`,
      });
      await ex.listen(port);
      await inState('live', 5000);
      await socketDelivers(4);

      expect(seen.length).toBeGreaterThan(10);
      for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
    },
  );
});
