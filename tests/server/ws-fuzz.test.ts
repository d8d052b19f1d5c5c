// Attacks both WebSockets of the real server process as an outsider would, without logging in: thousands of
// frames with every JSON type at every field, prototype keys, deep nesting, numbers given as objects, binary
// and invalid UTF-8 frames, oversized frames, floods, and clients that subscribe to everything and never read.
// The process must stay up, keep answering, and stay under a memory bound (server/README.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { waitFor } from '../support/wait-for.ts';
import { JSON_VALUES, randomFrames } from './ws-fuzz-helpers.ts';

let srv: ServerProcess;
let baselineMiB = 0;

/** Growth over the warmed-up baseline this test allows; the attack grew the server by 800 MB. */
const MAX_GROWTH_MIB = 150;
const PATHS = ['/api/ws', '/api/ws/account'] as const;

beforeAll(async () => {
  srv = await startServerProcess({
    SERVE_STATIC: '0',
    PSX_ALWAYS_OPEN: '1',
    MARKET_HISTORY_DAYS: '3',
    MARKET_MINUTE_DAYS: '1',
    MARKET_TPS: '8',
  });
  // Warm up: a few sockets and REST calls, so lazily built structures are in the baseline.
  const c = await open('/api/ws');
  c.ws.send(JSON.stringify({ op: 'sub', ch: ['tickers:psx', 'tickers:crypto'] }));
  await waitUntil(() => c.got >= 3, '3 messages on the warm-up socket');
  c.ws.close();
  baselineMiB = srv.rssMiB();
});
afterAll(async () => srv?.stop());

interface Client {
  ws: WebSocket;
  got: number;
  closed: number | null;
}

/** A client socket; `from` picks the loopback address it connects from (per-address limits). */
function open(path: string, from = '127.0.0.1'): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${srv.port}${path}`, { localAddress: from });
    const c: Client = { ws, got: 0, closed: null };
    ws.on('message', () => (c.got += 1));
    ws.on('close', (code) => (c.closed = code));
    ws.on('error', () => {});
    ws.once('open', () => resolve(c));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
  });
}

const waitUntil = (cond: () => boolean, what = 'the condition'): Promise<number> =>
  waitFor(cond, { timeoutMs: 10_000, intervalMs: 20, what });

async function stillServing(): Promise<void> {
  expect(srv.alive()).toBe(true);
  const res = await fetch(`${srv.url}/api/user/login/info`);
  expect(res.status).toBe(200);
  expect(((await res.json()) as { code: number }).code).toBe(0);
}

const VALUES: readonly string[] = [...JSON_VALUES, '"sub"', JSON.stringify(['tickers:psx', null, 7, {}])];
const FIELDS = ['op', 'ch', 't', 'token', '__proto__', 'constructor', 'prototype'] as const;
const OPS = ['"sub"', '"unsub"', '"ping"', '"pong"', '"SUB"', 'null'] as const;

/** Every JSON value at every field of every op, whole frames that are not objects, then random ones. */
function frames(): string[] {
  const out: string[] = [...VALUES];
  for (const op of OPS) {
    for (const field of FIELDS) {
      for (const v of VALUES) out.push(`{"op":${op},"${field}":${v}}`);
    }
    out.push(`{"op":${op},"ch":["account"],"token":"x","t":1,"extra":{}}`);
  }
  return out.concat(randomFrames(1200, 20261124, FIELDS, OPS, VALUES));
}

/** Sends frames slowly enough to stay inside the per-socket budget, re-opening a socket the server closed. */
async function sendAll(path: string, list: readonly string[], from: string): Promise<number> {
  let c = await open(path, from);
  let sent = 0;
  for (const f of list) {
    if (c.closed !== null || c.ws.readyState !== WebSocket.OPEN) c = await open(path, from);
    c.ws.send(f);
    sent += 1;
    // Faster than the budget: the server closes the socket now and then (1008) and a new one goes on.
    if (sent % 50 === 0) await new Promise((r) => setTimeout(r, 100));
  }
  c.ws.close();
  return sent;
}

describe('WebSocket attack surface of the real server', () => {
  it('survives thousands of malformed frames on both sockets', { timeout: 120_000 }, async () => {
    const list = frames();
    expect(list.length).toBeGreaterThan(2000);
    const counts = await Promise.all(PATHS.map((p, i) => sendAll(p, list, `127.0.0.${10 + i}`)));
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(4000);
    await stillServing();
    expect(srv.rssMiB() - baselineMiB).toBeLessThan(MAX_GROWTH_MIB);
  });

  it('closes binary junk, invalid UTF-8 and oversized frames without harm', async () => {
    for (const path of PATHS) {
      const cases: Array<[Buffer | string, boolean]> = [
        [Buffer.from([0xc3, 0x28, 0xa0, 0xa1]), false], // invalid UTF-8 in a text frame
        [Buffer.from([0, 1, 2, 255]), true],
        ['x'.repeat(9 * 1024), false],
        [Buffer.alloc(2 * 1024 * 1024, 0x7b), false],
      ];
      for (const [data, binary] of cases) {
        const c = await open(path, '127.0.0.20');
        c.ws.send(data, { binary });
        if (!binary) await waitUntil(() => c.closed !== null, `${path} to close the socket`);
        else await waitUntil(() => c.got >= 1, `${path} to answer a binary frame`);
        c.ws.terminate();
      }
    }
    await stillServing();
  });

  it('closes a flooding socket with 1008', async () => {
    for (const path of PATHS) {
      const c = await open(path, '127.0.0.21');
      for (let i = 0; i < 500 && c.ws.readyState === WebSocket.OPEN; i++) c.ws.send('{"op":"ping","t":1}');
      await waitUntil(() => c.closed !== null, `${path} to close the flooding socket`);
      expect(c.closed).toBe(1008);
    }
    await stillServing();
  });

  it('keeps memory bounded against clients that subscribe to everything and never read', async () => {
    // The attack: big snapshot requests repeated by clients whose sockets never read.
    const names = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT', 'XRPUSDT', 'DOGEUSDT', 'ADAUSDT', 'TRXUSDT']
      .flatMap((s) => ['1m', '5m', '15m', '1h', '1d'].map((iv) => `candles:${s}:${iv}`).concat(`book:${s}`))
      .slice(0, 48);
    const hogs: Client[] = [];
    for (let i = 0; i < 40; i++) {
      const c = await open('/api/ws', `127.0.1.${i % 20}`);
      // Stop reading: the kernel buffers fill and the server's socket buffer is all that can grow.
      (c.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      hogs.push(c);
    }
    // Each asks for every snapshot it may hold, then keeps asking for fresh ones as fast as its budget allows
    // (a burst of 60 units, 10 a second); one more socket per address ignores the budget and is closed.
    for (const c of hogs) c.ws.send(JSON.stringify({ op: 'sub', ch: names }));
    const greedy = await open('/api/ws', '127.0.1.99');
    let peak = 0;
    const until = Date.now() + 8_000;
    let round = 0;
    while (Date.now() < until) {
      round += 1;
      const few = names.slice((round * 4) % names.length, ((round * 4) % names.length) + 4);
      for (const c of hogs) {
        if (c.ws.readyState !== WebSocket.OPEN) continue;
        c.ws.send(JSON.stringify({ op: 'unsub', ch: few }));
        c.ws.send(JSON.stringify({ op: 'sub', ch: few }));
      }
      if (greedy.ws.readyState === WebSocket.OPEN) greedy.ws.send(JSON.stringify({ op: 'sub', ch: names }));
      peak = Math.max(peak, srv.rssMiB());
      await new Promise((r) => setTimeout(r, 1_000));
    }
    expect(greedy.closed).toBe(1008);
    for (const c of hogs) c.ws.terminate();
    console.log(
      `never-reading clients: RSS baseline ${baselineMiB.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB`,
    );
    expect(peak - baselineMiB).toBeLessThan(MAX_GROWTH_MIB);
    await stillServing();
  });

  it('caps sockets per address with an enveloped 429', async () => {
    const held: Client[] = [];
    let refused: Error | null = null;
    for (let i = 0; i < 60 && !refused; i++) {
      try {
        held.push(await open('/api/ws', '127.0.0.30'));
      } catch (err) {
        refused = err as Error;
      }
    }
    expect(refused?.message).toBe('refused: 429');
    expect(held.length).toBe(50);
    for (const c of held) c.ws.terminate();
    await stillServing();
  });
});
