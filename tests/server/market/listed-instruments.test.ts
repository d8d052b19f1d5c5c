// Run-time listings across nodes (issue 17): the leader's list() rides on the next step record, so a replica
// following the records adds the same stock at the same step (same reads, same hub messages); a replica opened
// from a later snapshot gets the definition from the snapshot; a replica promoted to leader keeps it; a fresh
// open reads it from SimOptions.listings (the database's listed offerings) without inventing history before it.
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ListingDef } from '../../../server/domain/market/listed-instruments.ts';
import type { MarketSource } from '../../../server/domain/market/market-source.ts';
import type { MarketSnapshot } from '../../../server/domain/market/market-snapshot.ts';
import { ReplicaMarket } from '../../../server/domain/market/replica-market.ts';
import { SimulatedMarket, type SimOptions } from '../../../server/domain/market/simulated-market.ts';
import type { StepRecord } from '../../../server/domain/market/step-record.ts';
import { MarketStore } from '../../../server/domain/market/store.ts';
import { openTestDatabase, type TestDatabase } from '../../support/test-db.ts';

vi.setConfig({ testTimeout: 60_000 });
const markets: SimulatedMarket[] = [];
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const m of markets) await m.stop();
  for (const d of databases) await d.close();
});

const THURSDAY_OPEN = Date.parse('2026-11-19T11:00:00+05:00');
const NEWCO: ListingDef = {
  symbol: 'NEWCO',
  nameEn: 'New Company Limited',
  nameUr: 'نیو کمپنی لمیٹڈ',
  sector: 'food',
  shariah: false,
  price: 2500,
  shares: 50_000_000,
  listedAt: THURSDAY_OPEN + 60_000,
};

const reads = (m: MarketSource) => ({
  ins: m.instrument('NEWCO'),
  ticker: m.ticker('NEWCO'),
  book: m.book('NEWCO'),
  trades: m.trades('NEWCO', 200),
  psx: m.tickers('psx'),
  count: m.instruments().length,
});

async function setup(name: string) {
  const t = await openTestDatabase();
  databases.push(t);
  const clock = { now: THURSDAY_OPEN };
  const opts: SimOptions = {
    seed: name,
    historyDays: 3,
    minuteDays: 1,
    alwaysOpen: true,
    clock: () => clock.now,
  };
  const leader = await SimulatedMarket.open(t.db, opts);
  markets.push(leader);
  const replicaOf = (snap: MarketSnapshot) =>
    ReplicaMarket.open(
      new MarketStore(t.db, (err) => {
        throw err;
      }),
      JSON.parse(JSON.stringify(snap)) as MarketSnapshot,
      { clock: () => clock.now, onGap: () => {} },
    );
  const followers = new Set<ReplicaMarket | SimulatedMarket>();
  const records: StepRecord[] = [];
  const publish = (r: StepRecord) => {
    const text = JSON.stringify(r);
    records.push(JSON.parse(text) as StepRecord);
    for (const f of followers) if (f instanceof ReplicaMarket) f.accept(JSON.parse(text) as StepRecord);
  };
  const step = (m: SimulatedMarket, n = 1) => {
    for (let i = 0; i < n; i++) {
      clock.now += 250;
      m.step();
    }
  };
  return { t, clock, opts, leader, replicaOf, followers, publish, records, step };
}

describe('run-time listings', () => {
  it('reach a following replica with the step, a snapshot replica, a promoted leader and a fresh open', async () => {
    const c = await setup('listing');
    c.leader.onStep(c.publish);
    c.step(c.leader, 5);
    const follower = await c.replicaOf(c.leader.snapshot());
    c.followers.add(follower);
    const before = c.leader.instruments().length;

    expect(c.leader.list(NEWCO)).toBe(true);
    expect(c.leader.list(NEWCO)).toBe(false); // waiting already
    expect(c.leader.list({ ...NEWCO, symbol: 'OGDC' })).toBe(false); // a built-in symbol
    expect(c.leader.instrument('NEWCO')).toBeUndefined(); // until the next step
    const ticks: string[][] = [];
    const off = follower.subscribe((tick) => ticks.push(tick.updates.map((u) => u.symbol)));
    c.step(c.leader);
    off();
    expect(c.records.at(-1)?.add).toEqual([NEWCO]);
    expect(ticks[0]).toContain('NEWCO'); // its ticker goes out with the step that adds it
    expect(c.leader.instruments().length).toBe(before + 1);
    expect(c.leader.ticker('NEWCO')).toMatchObject({ p: '25.00', pc: '25.00', c: '0.00' });
    expect(reads(follower)).toEqual(reads(c.leader));

    c.step(c.leader, 40); // it trades (and draws its book) like any stock
    expect(c.leader.trades('NEWCO', 200).length).toBeGreaterThan(0);
    expect(c.leader.book('NEWCO')?.b.length).toBeGreaterThan(0);
    expect(reads(follower)).toEqual(reads(c.leader));
    expect(c.leader.list(NEWCO)).toBe(false); // in the market already

    // a node starting now gets the definition from the snapshot
    const late = await c.replicaOf(c.leader.snapshot());
    c.followers.add(late);
    expect(late.snapshot().listed).toEqual([NEWCO]);
    c.step(c.leader, 5);
    expect(reads(late)).toEqual(reads(c.leader));

    // the late replica promoted to leader carries on with it (its database listing read as a fresh open would)
    const promoted = await SimulatedMarket.fromSnapshot(c.t.db, late.snapshot(), {
      ...c.opts,
      listings: () => Promise.resolve([NEWCO]),
    });
    markets.push(promoted);
    expect(reads(promoted)).toEqual(reads(late));
    promoted.onStep(c.publish);
    c.step(promoted, 10);
    expect(reads(follower)).toEqual(reads(promoted));

    // a restart: a fresh open on the same database with the listing read back
    await c.leader.stop();
    await promoted.stop();
    const reopened = await SimulatedMarket.open(c.t.db, {
      ...c.opts,
      listings: () => Promise.resolve([NEWCO]),
    });
    markets.push(reopened);
    expect(reopened.instrument('NEWCO')).toEqual(c.leader.instrument('NEWCO'));
    expect(reopened.ticker('NEWCO')?.p).toBe(promoted.ticker('NEWCO')?.p);
    const daily = await reopened.candles('NEWCO', '1d', { limit: 100 });
    expect(daily.length).toBe(1); // the listing day only: no history made up before it
  });

  it('a promoted leader adds a listing the database has and its snapshot lacks, with its first step', async () => {
    const c = await setup('late-listing');
    c.step(c.leader, 3);
    const replica = await c.replicaOf(c.leader.snapshot());
    const promoted = await SimulatedMarket.fromSnapshot(c.t.db, replica.snapshot(), {
      ...c.opts,
      listings: () => Promise.resolve([NEWCO]),
    });
    markets.push(promoted);
    promoted.onStep(c.publish);
    expect(promoted.instrument('NEWCO')).toBeUndefined();
    c.step(promoted);
    expect(c.records.at(-1)?.add).toEqual([NEWCO]);
    expect(promoted.ticker('NEWCO')?.pc).toBe('25.00');
  });
});
