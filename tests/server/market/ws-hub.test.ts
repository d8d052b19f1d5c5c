// MarketHub backpressure with a fake socket: a slow client gets no backlog, then one fresh snapshot.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../workers/protocol/market.ts';
import { ReplicaMarket } from '../../../server/domain/market/replica-market.ts';
import { SimulatedMarket } from '../../../server/domain/market/simulated-market.ts';
import { MarketHub } from '../../../server/routes/market/ws-hub.ts';
import { openTestDatabase, type TestDatabase } from '../../support/test-db.ts';
import { waitFor } from '../../support/wait-for.ts';

let now = Date.parse('2026-11-19T11:00:00+05:00');
let t: TestDatabase;
let market: SimulatedMarket;
let hub: MarketHub;
beforeAll(async () => {
  t = await openTestDatabase();
  market = await SimulatedMarket.open(t.db, { seed: 'hub', historyDays: 3, minuteDays: 1, clock: () => now });
  // A tiny mark so a test can back a socket up; the hard limit well above one snapshot.
  hub = new MarketHub(market, { highWaterMark: 1000, hardLimit: 1_000_000, heartbeatMs: 60_000 });
});
afterAll(async () => {
  hub.close();
  await market.stop();
  await t.close();
});

function fakeSocket() {
  const sent: ServerMessage[] = [];
  const sock = {
    bufferedAmount: 0,
    readyState: 1,
    send: (d: string) => sent.push(JSON.parse(d) as ServerMessage),
    ping: () => {},
    closed: null as number | null,
    close(code?: number) {
      this.closed = code ?? 1000;
      this.readyState = 3;
    },
    terminate() {
      this.closed = 1006;
      this.readyState = 3;
    },
  };
  return { sock, sent };
}

/** Whether a connection of the shared hub still waits for a snapshot read from the database. */
const reading = () =>
  [...(hub as unknown as { conns: Set<{ loading: Map<string, object> }> }).conns].some(
    (c) => c.loading.size > 0,
  );

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
    const seq0 = market.channelSeq({ kind: 'tickers', market: 'crypto' });
    expect(sent[0]).toMatchObject({ op: 'snap', ch: 'tickers:crypto', seq: seq0 });
    step(5);
    const deltas = sent.filter((m) => m.op === 'delta');
    expect(deltas.length).toBe(5);
    const lastSeq = (deltas.at(-1) as { seq: number }).seq;

    sock.bufferedAmount = 2000; // slow client: above the mark (1000)
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

  it('a repeated sub for a held channel sends nothing; unsub then sub gives a fresh snapshot', () => {
    const { sock, sent } = fakeSocket();
    const conn = hub.attach(sock, 'ur-PK');
    conn.message(JSON.stringify({ op: 'sub', ch: ['ticker:BTCUSDT', 'trades:BTCUSDT'] }));
    step(20);
    const before = sent.length;
    conn.message(JSON.stringify({ op: 'sub', ch: ['ticker:BTCUSDT', 'trades:BTCUSDT'] }));
    expect(sent.length).toBe(before);
    conn.message(JSON.stringify({ op: 'unsub', ch: ['ticker:BTCUSDT'] }));
    conn.message(JSON.stringify({ op: 'sub', ch: ['ticker:BTCUSDT'] }));
    const snaps = sent.filter((m) => m.op === 'snap' && m.ch === 'ticker:BTCUSDT') as { seq: number }[];
    expect(snaps).toHaveLength(2);
    step(10);
    const after = sent.slice(before).filter((m) => m.op === 'delta' && m.ch === 'ticker:BTCUSDT');
    expect(after.length).toBeGreaterThan(0);
    expect(after.map((m) => (m as { seq: number }).seq)).toEqual(after.map((_, i) => snaps[1]!.seq + 1 + i));
    conn.detach();
  });

  it('owes snapshots instead of sending them past the mark, and sends them a few at a time as it drains', async () => {
    const { sock, sent } = fakeSocket();
    const conn = hub.attach(sock, 'en-US');
    sock.bufferedAmount = 2000;
    const names = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'].flatMap((s) => [`book:${s}`, `candles:${s}:1m`]);
    conn.message(JSON.stringify({ op: 'sub', ch: names }));
    expect(sent.filter((m) => m.op === 'snap')).toHaveLength(0);
    // The fake socket's buffer grows with the snapshots sent: once past the mark, the rest stay owed.
    sock.bufferedAmount = 0;
    const send = sock.send;
    sock.send = (d: string) => {
      if (d.startsWith('{"op":"snap"')) sock.bufferedAmount += d.length;
      return send(d);
    };
    step(1);
    const first = sent.filter((m) => m.op === 'snap').length;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(names.length);
    // Never more than one snapshot past the mark.
    expect(first).toBe(1);
    // Candle snapshots are read from the database: each drained step lets the reads it started finish.
    const snapped = () => new Set(sent.filter((m) => m.op === 'snap').map((m) => (m as { ch: string }).ch));
    for (let i = 0; i < 4 * names.length && snapped().size < names.length; i++) {
      sock.bufferedAmount = 0;
      step(1);
      await waitFor(() => !reading(), { what: 'the candle snapshots being read' });
    }
    expect([...snapped()].sort()).toEqual([...names].sort());
    conn.detach();
  });

  it('drops a socket past the hard limit, and one that stays backed up (never reads)', () => {
    const slow = new MarketHub(market, {
      highWaterMark: 1000,
      heartbeatMs: 60_000,
      stuckMs: 5_000,
      now: () => now,
    });
    const a = fakeSocket();
    const b = fakeSocket();
    const ca = slow.attach(a.sock, 'en-US');
    const cb = slow.attach(b.sock, 'en-US');
    ca.message(JSON.stringify({ op: 'sub', ch: ['tickers:crypto'] }));
    cb.message(JSON.stringify({ op: 'sub', ch: ['tickers:crypto'] }));
    a.sock.bufferedAmount = 5000; // past 4 × the mark
    b.sock.bufferedAmount = 2000; // backed up, not past the hard limit
    step(1);
    expect(a.sock.closed).toBe(1006);
    expect(b.sock.closed).toBeNull();
    now += 6_000;
    (slow as unknown as { heartbeat(): void }).heartbeat();
    expect(b.sock.closed).toBe(1006);
    expect(slow.connectionCount).toBe(0);
    slow.close();
  });

  it('drops the most backed-up sockets first when all together pass the node budget', () => {
    const small = new MarketHub(market, {
      highWaterMark: 1000,
      hardLimit: 1_000_000,
      nodeBudget: 5000,
      heartbeatMs: 60_000,
    });
    const socks = [900, 3000, 2500, 400].map((buffered) => {
      const f = fakeSocket();
      small.attach(f.sock, 'en-US').message(JSON.stringify({ op: 'sub', ch: ['tickers:crypto'] }));
      f.sock.bufferedAmount = buffered;
      return f.sock;
    });
    step(1);
    // 6,800 buffered against 5,000: the 3,000 one goes, which is enough.
    expect(socks.map((x) => x.closed)).toEqual([null, 1006, null, null]);
    expect(small.connectionCount).toBe(3);
    small.close();
  });

  it('numbers a channel by the market’s counter, whenever its first subscriber came to this node', () => {
    step(7);
    const { sock, sent } = fakeSocket();
    const conn = hub.attach(sock, 'en-US');
    conn.message(JSON.stringify({ op: 'sub', ch: ['tickers:crypto', 'ticker:BTCUSDT'] }));
    const snaps = sent.filter((m) => m.op === 'snap') as { ch: string; seq: number }[];
    expect(snaps.map((m) => m.seq)).toEqual([
      market.channelSeq({ kind: 'tickers', market: 'crypto' }),
      market.channelSeq({ kind: 'ticker', symbol: 'BTCUSDT' }),
    ]);
    expect(snaps[0]!.seq).toBeGreaterThan(7);
    const ticks: number[] = [];
    const off = market.subscribe((t) => {
      const u = t.updates.find((x) => x.symbol === 'BTCUSDT');
      if (u) ticks.push(u.seq);
    });
    step(10);
    off();
    const btc = sent.filter((m) => m.op === 'delta' && m.ch === 'ticker:BTCUSDT') as { seq: number }[];
    expect(btc.map((m) => m.seq)).toEqual(ticks);
    conn.detach();
  });

  it('sends each update of a symbol on each of its channels, empty when that part did not change', async () => {
    const { sock, sent } = fakeSocket();
    const conn = hub.attach(sock, 'en-US');
    // An index moves every open step but has no book and no prints.
    const chans = ['ticker:KSE100', 'book:KSE100', 'trades:KSE100', 'candles:KSE100:1w'];
    conn.message(JSON.stringify({ op: 'sub', ch: chans }));
    await waitFor(() => !reading(), { what: 'the candles snapshot read' });
    step(6);
    const of = (ch: string) =>
      sent.filter((m) => m.op === 'delta' && m.ch === ch) as { seq: number; data: unknown }[];
    expect(of('ticker:KSE100').length).toBeGreaterThan(0);
    for (const ch of chans)
      expect(
        of(ch).map((m) => m.seq),
        ch,
      ).toEqual(of('ticker:KSE100').map((m) => m.seq));
    for (const m of of('book:KSE100')) expect(m.data).toMatchObject({ b: [], a: [] });
    for (const m of of('trades:KSE100')) expect(m.data).toEqual([]);
    conn.detach();
  });

  it('on a resync tick (a replica loaded a snapshot) every held channel gets a fresh snapshot', async () => {
    const replica = await ReplicaMarket.open(market.store, market.snapshot(), {
      clock: () => now,
      onGap: () => {},
    });
    const own = new MarketHub(replica, { heartbeatMs: 60_000 });
    const { sock, sent } = fakeSocket();
    own.attach(sock, 'en-US').message(JSON.stringify({ op: 'sub', ch: ['tickers:psx', 'ticker:OGDC'] }));
    expect(sent.map((m) => m.op)).toEqual(['snap', 'snap']);
    step(3); // the replica follows nothing here: the snapshot it loads is ahead of it
    await replica.load(market.snapshot());
    expect(sent.slice(2).map((m) => [m.op, (m as { ch: string }).ch, (m as { seq: number }).seq])).toEqual([
      ['snap', 'tickers:psx', market.channelSeq({ kind: 'tickers', market: 'psx' })],
      ['snap', 'ticker:OGDC', market.channelSeq({ kind: 'ticker', symbol: 'OGDC' })],
    ]);
    own.close();
  });

  it('refuses frames that are not the contract, and closes a flooding socket with 1008', () => {
    const { sock, sent } = fakeSocket();
    const conn = hub.attach(sock, 'en-US');
    for (const bad of [
      'null',
      '1',
      '"x"',
      '[]',
      '{"op":"ping","t":{"valueOf":1}}',
      '{"op":"sub","ch":"x"}',
    ]) {
      conn.message(bad);
    }
    conn.message(Buffer.from([0xff, 0xfe]), true);
    expect(sent.filter((m) => m.op === 'err')).toHaveLength(7);
    expect(sock.closed).toBeNull();
    for (let i = 0; i < 100 && sock.closed === null; i++) conn.message('{"op":"ping","t":1}');
    expect(sock.closed).toBe(1008);
    expect(hub.connectionCount).toBe(0);
  });
});
