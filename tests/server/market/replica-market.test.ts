// Many nodes, one market: the leader's simulator publishes step records; a replica on another node, started
// from a snapshot taken mid-stream, answers every read like the leader, and the hubs on both nodes send the
// same deltas with the same seqs. A gap asks for a snapshot; a promoted replica carries on with seq last + 1.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { INTERVALS, type ServerMessage } from '../../../workers/protocol/market.ts';
import { migrateRaw as migrate } from '../../support/raw-db.ts';
import type { MarketSource } from '../../../server/domain/market/market-source.ts';
import type { MarketSnapshot } from '../../../server/domain/market/market-snapshot.ts';
import { ReplicaMarket, type GapInfo } from '../../../server/domain/market/replica-market.ts';
import { SimulatedMarket, type SimOptions } from '../../../server/domain/market/simulated-market.ts';
import type { StepRecord } from '../../../server/domain/market/step-record.ts';
import { MarketStore } from '../../../server/domain/market/store.ts';
import { MarketHub } from '../../../server/routes/market/ws-hub.ts';

// Building a market generates bars; on a loaded 2-core machine that takes seconds.
vi.setConfig({ testTimeout: 60_000 });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'market-replica-'));
const hubs: MarketHub[] = [];
const dbs: Database.Database[] = [];
afterAll(() => {
  for (const h of hubs) h.close();
  for (const d of dbs) d.close();
  fs.rmSync(tmp, { recursive: true, force: true });
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

/** One connection of a node's database (all nodes share the file, as they share PostgreSQL). */
function connect(file: string): Database.Database {
  const db = new Database(file);
  migrate(db);
  dbs.push(db);
  return db;
}

function cluster(name: string) {
  const file = path.join(tmp, `${name}.db`);
  const clock = { now: THURSDAY_OPEN };
  const opts: SimOptions = { seed: name, historyDays: 3, minuteDays: 1, clock: () => clock.now };
  const leader = new SimulatedMarket(connect(file), opts);
  const replicaOf = (snap: MarketSnapshot, onGap: (g: GapInfo) => void = () => {}) =>
    new ReplicaMarket(new MarketStore(connect(file)), JSON.parse(JSON.stringify(snap)) as MarketSnapshot, {
      clock: () => clock.now,
      onGap,
    });
  /** The bus: every record as JSON to every follower. */
  const followers = new Set<ReplicaMarket>();
  const publish = (r: StepRecord) => {
    const text = JSON.stringify(r);
    for (const f of followers) f.accept(JSON.parse(text) as StepRecord);
  };
  return { file, clock, opts, leader, replicaOf, followers, publish };
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

/** A client on a node: its hub, subscribed to `channels`. */
function client(source: MarketSource, channels = CHANNELS) {
  const hub = new MarketHub(source, { heartbeatMs: 600_000, highWaterMark: 1e9, hardLimit: 2e9 });
  hubs.push(hub);
  const { sock, sent } = fakeSocket();
  hub.attach(sock, 'en-US').message(JSON.stringify({ op: 'sub', ch: channels }));
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

function reads(m: MarketSource) {
  return {
    tickers: (['psx', 'index', 'crypto'] as const).map((mk) => m.tickers(mk)),
    bySymbol: SYMBOLS.map((s) => ({
      ticker: m.ticker(s),
      book: m.book(s),
      trades: m.trades(s, 200),
      info: m.info(s),
      candles: INTERVALS.map((iv) => m.candles(s, iv, { limit: 120 })),
    })),
    session: m.session('psx'),
    instruments: m.instruments().length,
  };
}

describe('ReplicaMarket', () => {
  it('from a mid-stream snapshot: the same reads as the leader and the same hub messages (ch, seq, data)', () => {
    const c = cluster('same');
    const step = (ms: number, n = 1) => {
      for (let i = 0; i < n; i++) {
        c.clock.now += ms;
        c.leader.step();
      }
    };
    c.leader.onStep(c.publish);
    const early = client(c.leader); // a client on the leader since its first step
    step(250, 30);
    c.clock.now += 17_000; // mid-minute
    step(250, 3);
    const replica = c.replicaOf(c.leader.snapshot());
    c.followers.add(replica);
    expect(reads(replica)).toEqual(reads(c.leader));
    const onLeader = client(c.leader);
    const onReplica = client(replica);
    expect(seqd(onReplica)).toEqual(seqd(onLeader)); // same snapshots, same seqs
    const earlyCount = early.length;

    step(250, 20);
    step(61_000); // bars close
    step(250, 20);
    step(3_600_000); // an hour bar closes
    step(250, 10);
    expect(reads(replica)).toEqual(reads(c.leader));
    expect(onReplica).toEqual(onLeader);
    expect(deltas(onReplica).length).toBeGreaterThan(50 * 3);
    // Every symbol update is a delta on each of its channels, so the numbering has no holes...
    expectConsecutive(onReplica);
    expectConsecutive(early);
    // ...and a client there since the leader's first step got the same deltas as the later ones.
    expect(deltas(early.slice(earlyCount))).toEqual(deltas(onLeader));
    expect(replica.position).toEqual({ run: c.leader.snapshot().run, step: 30 + 3 + 20 + 1 + 20 + 1 + 10 });
  });

  it('a gap asks for a snapshot once, keeps the records meanwhile, and resumes from the snapshot', () => {
    const c = cluster('gap');
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
    const replica = c.replicaOf(c.leader.snapshot(), (g) => gaps.push(g));
    const got: StepRecord[] = [];
    c.leader.onStep((r) => got.push(r));
    const sent = client(replica, ['ticker:BTCUSDT', 'tickers:crypto']);
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
    replica.load(snap);
    expect(replica.following).toBe(true);
    expect(replica.position.step).toBe(steps);
    expect(reads(replica)).toEqual(reads(c.leader));
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
    expect(reads(replica)).toEqual(reads(c.leader));
  });

  it('a record of another run (a fresh leader) is a gap; records of a run left behind are dropped', () => {
    const c = cluster('runs');
    c.clock.now += 250;
    c.leader.step();
    const gaps: GapInfo[] = [];
    const replica = c.replicaOf(c.leader.snapshot(), (g) => gaps.push(g));
    const old = c.leader.snapshot().run;
    const fresh: StepRecord = { run: 'another', n: 1, ts: c.clock.now, st: 'open' };
    expect(replica.accept(fresh)).toBe('gap');
    replica.load({ ...c.leader.snapshot(), run: 'another', n: 1 });
    expect(replica.position).toEqual({ run: 'another', step: 1 });
    expect(replica.accept({ run: old, n: 2, ts: c.clock.now, st: 'open' })).toBe('old');
    expect(gaps).toHaveLength(1);
  });

  it('promoted to leader, a replica carries on: other nodes follow its records and their seqs go on by one', () => {
    const c = cluster('promote');
    const step = (m: { step(): void }, n = 1) => {
      for (let i = 0; i < n; i++) {
        c.clock.now += 250;
        m.step();
      }
    };
    c.leader.onStep(c.publish);
    step(c.leader, 10);
    const a = c.replicaOf(c.leader.snapshot());
    const b = c.replicaOf(c.leader.snapshot());
    c.followers.add(a);
    c.followers.add(b);
    const onB = client(b);
    step(c.leader, 10);
    // The leader dies: nothing more from it. A's node takes over from A's state.
    c.followers.delete(a);
    c.leader.stop();
    const promoted = SimulatedMarket.fromSnapshot(connect(c.file), a.snapshot(), c.opts);
    expect(reads(promoted)).toEqual(reads(b));
    const lastSeq = new Map(seqd(onB).map((m) => [m.ch, m.seq]));
    const count = onB.length;
    const records: StepRecord[] = [];
    promoted.onStep((r) => records.push(r));
    promoted.onStep(c.publish);
    const onPromoted = client(promoted);
    c.clock.now += 65_000; // the failover took a while: a minute passed without steps
    step(promoted, 15);
    expect(records[0]!.n).toBe(21);
    expect(records[0]!.fork).toEqual([a.position.run, 20]);
    expect(records[1]!.fork).toBeUndefined();
    expect(b.following).toBe(true);
    expect(b.position).toEqual({ run: records[0]!.run, step: 35 });
    expect(reads(b)).toEqual(reads(promoted));
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

  it('adopting a snapshot, the simulator sends its own subscribers fresh snapshots at the adopted counters', () => {
    const c = cluster('adopt');
    for (let i = 0; i < 12; i++) {
      c.clock.now += 250;
      c.leader.step();
    }
    const snap = c.leader.snapshot();
    const other = new SimulatedMarket(connect(c.file), { ...c.opts, seed: 'other' });
    const sent = client(other, ['tickers:crypto', 'ticker:BTCUSDT']);
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
    expect(reads(other)).toEqual(reads(c.leader));
  });
});
