// MarketHub backpressure with a fake socket: a slow client gets no backlog, then one fresh snapshot.
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../workers/protocol/market.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { SimulatedMarket } from '../../../server/domain/market/simulated-market.ts';
import { MarketHub } from '../../../server/routes/market/ws-hub.ts';

const db = new Database(':memory:');
migrate(db);
let now = Date.parse('2026-11-19T11:00:00+05:00');
const market = new SimulatedMarket(db, { seed: 'hub', historyDays: 3, minuteDays: 1, clock: () => now });
const hub = new MarketHub(market, { highWaterMark: 1000, heartbeatMs: 60_000 });
afterAll(() => hub.close());

function fakeSocket() {
  const sent: ServerMessage[] = [];
  const sock = {
    bufferedAmount: 0,
    readyState: 1,
    send: (d: string) => sent.push(JSON.parse(d) as ServerMessage),
    ping: () => {},
    terminate: () => {},
  };
  return { sock, sent };
}

const step = (n: number) => {
  for (let i = 0; i < n; i++) {
    now += 250;
    market.step();
  }
};

describe('MarketHub backpressure', () => {
  it('drops deltas while the socket is backed up, then sends one fresh snapshot', () => {
    const { sock, sent } = fakeSocket();
    const conn = hub.attach(sock, 'en-US');
    conn.message(JSON.stringify({ op: 'sub', ch: ['tickers:crypto'] }));
    expect(sent[0]).toMatchObject({ op: 'snap', ch: 'tickers:crypto', seq: 0 });
    step(5);
    const deltas = sent.filter((m) => m.op === 'delta');
    expect(deltas.length).toBe(5);
    const lastSeq = (deltas.at(-1) as { seq: number }).seq;

    sock.bufferedAmount = 5000; // slow client
    const before = sent.length;
    step(10);
    expect(sent.length).toBe(before); // nothing queued for it

    sock.bufferedAmount = 0; // drained
    step(1);
    const resync = sent.slice(before);
    expect(resync[0]).toMatchObject({ op: 'snap', ch: 'tickers:crypto' });
    const snapSeq = (resync[0] as { seq: number }).seq;
    expect(snapSeq).toBeGreaterThan(lastSeq + 10 - 1);
    step(3);
    const after = sent.slice(before + 1).filter((m) => m.op === 'delta') as { seq: number }[];
    expect(after.map((m) => m.seq)).toEqual([snapSeq + 1, snapSeq + 2, snapSeq + 3]);
    conn.detach();
    expect(hub.connectionCount).toBe(0);
  });

  it('re-subscribing to a channel returns a fresh snapshot at the current seq', () => {
    const { sock, sent } = fakeSocket();
    const conn = hub.attach(sock, 'ur-PK');
    conn.message(JSON.stringify({ op: 'sub', ch: ['ticker:BTCUSDT', 'trades:BTCUSDT'] }));
    step(20);
    conn.message(JSON.stringify({ op: 'sub', ch: ['ticker:BTCUSDT'] }));
    const snaps = sent.filter((m) => m.op === 'snap' && m.ch === 'ticker:BTCUSDT') as { seq: number }[];
    const deltas = sent.filter((m) => m.op === 'delta' && m.ch === 'ticker:BTCUSDT') as { seq: number }[];
    expect(snaps).toHaveLength(2);
    expect(snaps[1]!.seq).toBe(deltas.at(-1)!.seq);
    conn.detach();
  });
});
