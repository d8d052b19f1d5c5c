// Many nodes, one market: the leader's simulator publishes step records; a replica on another node, started
// from a snapshot taken mid-stream, answers every read like the leader, and the hubs on both nodes send the
// same deltas with the same seqs. A gap asks for a snapshot; a promoted replica carries on with seq last + 1.
// The nodes share this run's database (SQLite or PostgreSQL); each replica reads it through its own store.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { INTERVALS, type ServerMessage } from '../../../workers/protocol/market.ts';
import type { MarketSource } from '../../../server/domain/market/market-source.ts';
import type { MarketSnapshot } from '../../../server/domain/market/market-snapshot.ts';
import { ReplicaMarket, type GapInfo } from '../../../server/domain/market/replica-market.ts';
import { SimulatedMarket, type SimOptions } from '../../../server/domain/market/simulated-market.ts';
import type { StepRecord } from '../../../server/domain/market/step-record.ts';
import { MarketStore } from '../../../server/domain/market/store.ts';
import { MarketHub } from '../../../server/routes/market/ws-hub.ts';
import { openTestDatabase, type TestDatabase } from '../../support/test-db.ts';
import { waitFor } from '../../support/wait-for.ts';

// Building a market generates bars; on a loaded 2-core machine that takes seconds.
vi.setConfig({ testTimeout: 60_000 });
const hubs: MarketHub[] = [];
const markets: SimulatedMarket[] = [];
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const h of hubs) h.close();
  for (const m of markets) await m.stop();
  for (const d of databases) await d.close();
});

const THURSDAY_OPEN = Date.parse('2026-11-19T11:00:00+05:00');
const SYMBOLS = ['BTCUSDT', 'OGDC', 'KSE100'];
const CHANNELS = [
  'tickers:crypto',
  'tickers:psx',
  'tickers:index',
  ...SYMBOLS.flatMap((s) => [
    `ticker:${s}`,
    `trades:${s}`,
    `book:${s}`,
    `candles:${s}:1m`,
    `candles:${s}:1h`,
  ]),
];

/** A simulator on the shared database, stopped after the tests. */
async function openSim(t: TestDatabase, opts: SimOptions): Promise<SimulatedMarket> {
  const m = await SimulatedMarket.open(t.db, opts);
  markets.push(m);
  return m;
}

async function cluster(name: string) {
  const t = await openTestDatabase();
  databases.push(t);
  const clock = { now: THURSDAY_OPEN };
  const opts: SimOptions = { seed: name, historyDays: 3, minuteDays: 1, clock: () => clock.now };
  const leader = await openSim(t, opts);
  /** A replica on another node: its own store of the shared database (it does not see the leader's writer). */
  const replicaOf = (snap: MarketSnapshot, onGap: (g: GapInfo) => void = () => {}) =>
    ReplicaMarket.open(
      new MarketStore(t.db, (err) => {
        throw err;
      }),
      JSON.parse(JSON.stringify(snap)) as MarketSnapshot,
      { clock: () => clock.now, onGap },
    );
  /** The bus: every record as JSON to every follower. */
  const followers = new Set<ReplicaMarket>();
  const publish = (r: StepRecord) => {
    const text = JSON.stringify(r);
    for (const f of followers) f.accept(JSON.parse(text) as StepRecord);
  };
  return { t, clock, opts, leader, replicaOf, followers, publish };
}

function fakeSocket() {
  const sent: ServerMessage[] = [];
  const sock = {
    bufferedAmount: 0,
    readyState: 1,
    send: (d: string) => sent.push(JSON.parse(d) as ServerMessage),
    ping: () => {},
    close: () => {},
    terminate: () => {},
  };
  return { sock, sent };
}

/** A client on a node: its hub, subscribed to `channels`, once every snapshot (candles: read) has come. */
async function client(source: MarketSource, channels = CHANNELS) {
  const hub = new MarketHub(source, { heartbeatMs: 600_000, highWaterMark: 1e9, hardLimit: 2e9 });
  hubs.push(hub);
  const { sock, sent } = fakeSocket();
  hub.attach(sock, 'en-US').message(JSON.stringify({ op: 'sub', ch: channels }));
  const snaps = () => sent.filter((m) => m.op === 'snap').length;
  await waitFor(() => snaps() >= channels.length, {
    what: () => `${channels.length} snapshots, got ${snaps()}`,
  });
  // Candle snapshots go out as their reads finish (in any order on PostgreSQL's pool): put them in sub order.
  const first = sent.splice(0, channels.length) as Seqd[];
  sent.push(...first.sort((x, y) => channels.indexOf(x.ch) - channels.indexOf(y.ch)));
  return sent;
}

type Seqd = Extract<ServerMessage, { op: 'snap' | 'delta' }>;
const seqd = (msgs: ServerMessage[]) => msgs.filter((m): m is Seqd => m.op === 'snap' || m.op === 'delta');
const deltas = (msgs: ServerMessage[]) => seqd(msgs).filter((m) => m.op === 'delta');

/** Every channel's messages have consecutive seqs after its snapshot. */
function expectConsecutive(msgs: ServerMessage[]) {
  const last = new Map<string, number>();
  for (const m of seqd(msgs)) {
    if (m.op === 'delta') expect(m.seq, m.ch).toBe(last.get(m.ch)! + 1);
    last.set(m.ch, m.seq);
  }
}

/**
 * Everything a node answers. `writer` is the leader's: its bars are committed first, as another node sees
 * only what the leader has written (a replica's candle page may lack a bar just closed until then).
 */
async function reads(m: MarketSource, writer?: SimulatedMarket) {
  await writer?.store.flush();
  const sync = {
    tickers: (['psx', 'index', 'crypto'] as const).map((mk) => m.tickers(mk)),
    bySymbol: SYMBOLS.map((s) => ({
      ticker: m.ticker(s),
      book: m.book(s),
      trades: m.trades(s, 200),
      info: m.info(s),
    })),
    session: m.session('psx'),
    instruments: m.instruments().length,
  };
  const candles = await Promise.all(
    SYMBOLS.map((s) => Promise.all(INTERVALS.map((iv) => m.candles(s, iv, { limit: 120 })))),
  );
  return { ...sync, candles };
}

describe('ReplicaMarket', () => {
  it('from a mid-stream snapshot: the same reads as the leader and the same hub messages (ch, seq, data)', async () => {
    const c = await cluster('same');
    const step = (ms: number, n = 1) => {
      for (let i = 0; i < n; i++) {
        c.clock.now += ms;
        c.leader.step();
      }
    };
    c.leader.onStep(c.publish);
    const early = await client(c.leader); // a client on the leader since its first step
    step(250, 30);
    c.clock.now += 17_000; // mid-minute
    step(250, 3);
    const replica = await c.replicaOf(c.leader.snapshot());
    c.followers.add(replica);
    expect(await reads(replica, c.leader)).toEqual(await reads(c.leader));
    const onLeader = await client(c.leader);
    const onReplica = await client(replica);
    expect(seqd(onReplica)).toEqual(seqd(onLeader)); // same snapshots, same seqs
    const earlyCount = early.length;

    step(250, 20);
    step(61_000); // bars close
    step(250, 20);
    step(3_600_000); // an hour bar closes
    step(250, 10);
    expect(await reads(replica, c.leader)).toEqual(await reads(c.leader));
    expect(onReplica).toEqual(onLeader);
    expect(deltas(onReplica).length).toBeGreaterThan(50 * 3);
    // Every symbol update is a delta on each of its channels, so the numbering has no holes...
    expectConsecutive(onReplica);
    expectConsecutive(early);
    // ...and a client there since the leader's first step got the same deltas as the later ones.
    expect(deltas(early.slice(earlyCount))).toEqual(deltas(onLeader));
    expect(replica.position).toEqual({ run: c.leader.snapshot().run, step: 30 + 3 + 20 + 1 + 20 + 1 + 10 });
  });

  it('across day closes the 52-week range (info) stays the leader’s: followed, after a gap, and opened anew', async () => {
    const c = await cluster('days');
    const step = (ms: number, n = 1) => {
      for (let i = 0; i < n; i++) {
        c.clock.now += ms;
        c.leader.step();
      }
    };
    c.leader.onStep(c.publish);
    step(250, 5);
    const follower = await c.replicaOf(c.leader.snapshot());
    const gaps: GapInfo[] = [];
    const lagging = await c.replicaOf(c.leader.snapshot(), (g) => gaps.push(g));
    c.followers.add(follower);
    const info = (m: MarketSource) => SYMBOLS.map((s) => m.info(s));
    for (const hop of [13 * 3_600_000, 24 * 3_600_000]) {
      step(hop); // past midnight (Karachi): every symbol's day closes
      step(250, 5);
      expect(info(follower)).toEqual(info(c.leader));
    }
    // The lagging one missed both days: a record is a gap, and the snapshot's year is read from the store.
    expect(
      lagging.accept({ run: c.leader.snapshot().run, n: c.leader.snapshot().n, ts: c.clock.now, st: 'open' }),
    ).toBe('gap');
    await c.leader.store.flush();
    await lagging.load(c.leader.snapshot());
    expect(info(lagging)).toEqual(info(c.leader));
    const fresh = await c.replicaOf(c.leader.snapshot());
    expect(info(fresh)).toEqual(info(c.leader));
    expect(await reads(follower, c.leader)).toEqual(await reads(c.leader));
  });

  it('a gap asks for a snapshot once, keeps the records meanwhile, and resumes from the snapshot', async () => {
    const c = await cluster('gap');
    let steps = 0;
    const step = (n = 1) => {
      for (let i = 0; i < n; i++) {
        c.clock.now += 250;
        steps++;
        c.leader.step();
      }
    };
    step(5);
    const gaps: GapInfo[] = [];
    const replica = await c.replicaOf(c.leader.snapshot(), (g) => gaps.push(g));
    const got: StepRecord[] = [];
    c.leader.onStep((r) => got.push(r));
    const sent = await client(replica, ['ticker:BTCUSDT', 'tickers:crypto']);
    step(3);
    for (const r of got.splice(0)) expect(replica.accept(r)).toBe('applied');
    step(2);
    got.shift(); // lost on the bus
    expect(replica.accept(got.shift()!)).toBe('gap');
    expect(gaps).toEqual([
      { at: { run: c.leader.snapshot().run, step: 5 + 3 }, got: { run: c.leader.snapshot().run, n: 10 } },
    ]);
    expect(replica.following).toBe(false);
    const snap = JSON.parse(JSON.stringify(c.leader.snapshot())) as MarketSnapshot;
    step(4); // the snapshot is older than what arrives meanwhile
    for (const r of got.splice(0)) expect(replica.accept(r)).toBe('buffered');
    expect(gaps).toHaveLength(1);
    const before = sent.length;
    await replica.load(snap);
    expect(replica.following).toBe(true);
    expect(replica.position.step).toBe(steps);
    expect(await reads(replica, c.leader)).toEqual(await reads(c.leader));
    // Its clients got fresh snapshots at the snapshot's counters, then the kept records as deltas, up to the
    // leader's counters.
    const fresh = seqd(sent.slice(before));
    expect(fresh.filter((m) => m.op === 'snap').map((m) => [m.ch, m.seq])).toEqual([
      ['ticker:BTCUSDT', snap.symbols.find((x) => x.s === 'BTCUSDT')!.seq],
      ['tickers:crypto', snap.seq.crypto],
    ]);
    expect(fresh[0]!.op).toBe('snap');
    expectConsecutive(fresh);
    const lastOf = (ch: string) => fresh.filter((m) => m.ch === ch).at(-1)!.seq;
    expect(lastOf('ticker:BTCUSDT')).toBe(c.leader.channelSeq({ kind: 'ticker', symbol: 'BTCUSDT' }));
    expect(lastOf('tickers:crypto')).toBe(c.leader.channelSeq({ kind: 'tickers', market: 'crypto' }));
    step(3);
    for (const r of got.splice(0)) expect(replica.accept(r)).toBe('applied');
    expectConsecutive(sent.slice(before));
    expect(await reads(replica, c.leader)).toEqual(await reads(c.leader));
  });

  it('a record of another run (a fresh leader) is a gap; records of a run left behind are dropped', async () => {
    const c = await cluster('runs');
    c.clock.now += 250;
    c.leader.step();
    const gaps: GapInfo[] = [];
    const replica = await c.replicaOf(c.leader.snapshot(), (g) => gaps.push(g));
    const old = c.leader.snapshot().run;
    const fresh: StepRecord = { run: 'another', n: 1, ts: c.clock.now, st: 'open' };
    expect(replica.accept(fresh)).toBe('gap');
    await replica.load({ ...c.leader.snapshot(), run: 'another', n: 1 });
    expect(replica.position).toEqual({ run: 'another', step: 1 });
    expect(replica.accept({ run: old, n: 2, ts: c.clock.now, st: 'open' })).toBe('old');
    expect(gaps).toHaveLength(1);
  });

  it('refuses a snapshot of a run it has left (an old leader wrote it late) and loads a current one', async () => {
    const c = await cluster('stale');
    c.clock.now += 250;
    c.leader.step();
    const replica = await c.replicaOf(c.leader.snapshot());
    const old = c.leader.snapshot();
    // A new leader's run takes over; the replica follows it.
    expect(replica.accept({ run: 'next', n: 1, ts: c.clock.now, st: 'open' })).toBe('gap');
    await replica.load({ ...old, run: 'next', n: 1 });
    expect(replica.accept({ run: 'next', n: 2, ts: c.clock.now, st: 'open' })).toBe('applied');
    // A record is lost; the snapshot found is the old leader's, written after the new run began.
    expect(replica.accept({ run: 'next', n: 4, ts: c.clock.now, st: 'open' })).toBe('gap');
    await expect(replica.load(old)).rejects.toThrow(/has ended/);
    expect(replica.following).toBe(false);
    expect(replica.position).toEqual({ run: 'next', step: 2 });
    // Loaded, it would have marked 'next' as left and dropped its records as old: they are applied.
    await replica.load({ ...old, run: 'next', n: 3 });
    expect(replica.following).toBe(true);
    expect(replica.position).toEqual({ run: 'next', step: 4 });
    expect(replica.accept({ run: 'next', n: 5, ts: c.clock.now, st: 'open' })).toBe('applied');
  });

  it('after the bus reconnects, records wait for a fresh snapshot instead of being applied across the hole', async () => {
    const c = await cluster('reconnect');
    c.clock.now += 250;
    c.leader.step();
    const replica = await c.replicaOf(c.leader.snapshot());
    const run = replica.position.run;
    replica.expectSnapshot();
    expect(replica.following).toBe(false);
    expect(replica.accept({ run, n: 2, ts: c.clock.now, st: 'open' })).toBe('buffered');
    await replica.load({ ...c.leader.snapshot(), n: 1 });
    expect(replica.following).toBe(true);
    expect(replica.position).toEqual({ run, step: 2 });
  });

  it('promoted to leader, a replica carries on: other nodes follow its records and their seqs go on by one', async () => {
    const c = await cluster('promote');
    const step = (m: { step(): void }, n = 1) => {
      for (let i = 0; i < n; i++) {
        c.clock.now += 250;
        m.step();
      }
    };
    c.leader.onStep(c.publish);
    step(c.leader, 10);
    const a = await c.replicaOf(c.leader.snapshot());
    const b = await c.replicaOf(c.leader.snapshot());
    c.followers.add(a);
    c.followers.add(b);
    const onB = await client(b);
    step(c.leader, 10);
    // The leader dies: nothing more from it. A's node takes over from A's state.
    c.followers.delete(a);
    await c.leader.stop();
    const promoted = await SimulatedMarket.fromSnapshot(c.t.db, a.snapshot(), c.opts);
    markets.push(promoted);
    expect(await reads(promoted)).toEqual(await reads(b));
    const lastSeq = new Map(seqd(onB).map((m) => [m.ch, m.seq]));
    const count = onB.length;
    const records: StepRecord[] = [];
    promoted.onStep((r) => records.push(r));
    promoted.onStep(c.publish);
    const onPromoted = await client(promoted);
    c.clock.now += 65_000; // the failover took a while: a minute passed without steps
    step(promoted, 15);
    expect(records[0]!.n).toBe(21);
    expect(records[0]!.fork).toEqual([a.position.run, 20]);
    expect(records[1]!.fork).toBeUndefined();
    expect(b.following).toBe(true);
    expect(b.position).toEqual({ run: records[0]!.run, step: 35 });
    expect(await reads(b, promoted)).toEqual(await reads(promoted));
    // B's clients saw no snapshot: their channels went on from the last seq by one.
    const after = seqd(onB.slice(count));
    expect(after.every((m) => m.op === 'delta')).toBe(true);
    const first = new Map<string, number>();
    for (const m of after) if (!first.has(m.ch)) first.set(m.ch, m.seq);
    for (const [ch, seq] of first) expect(seq, ch).toBe(lastSeq.get(ch)! + 1);
    expectConsecutive(onB);
    // The promoted node's own clients get the same deltas as B's.
    expect(deltas(onPromoted)).toEqual(deltas(onB.slice(count)));
  });

  it('adopting a snapshot, the simulator sends its own subscribers fresh snapshots at the adopted counters', async () => {
    const c = await cluster('adopt');
    for (let i = 0; i < 12; i++) {
      c.clock.now += 250;
      c.leader.step();
    }
    const snap = c.leader.snapshot();
    const other = await openSim(c.t, { ...c.opts, seed: 'other' });
    const sent = await client(other, ['tickers:crypto', 'ticker:BTCUSDT']);
    expect(seqd(sent).map((m) => m.seq)).toEqual([0, 0]);
    other.adopt(snap);
    expect(
      seqd(sent)
        .slice(2)
        .map((m) => [m.op, m.ch, m.seq]),
    ).toEqual([
      ['snap', 'tickers:crypto', snap.seq.crypto],
      ['snap', 'ticker:BTCUSDT', snap.symbols.find((x) => x.s === 'BTCUSDT')!.seq],
    ]);
    expect(await reads(other, c.leader)).toEqual(await reads(c.leader));
  });
});
