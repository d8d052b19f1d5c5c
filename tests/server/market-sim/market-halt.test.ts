// The market-wide halt in the simulator (server/domain/market/market-halt.ts), on this run's database: a KSE-30
// fall of more than 5 % held for 5 minutes stops PSX for 60 minutes (no prints, session 'halt', the next
// change named), then a 5-minute pre-open, then trading again, once a day; a replica that follows the records
// or starts from a snapshot says the same, and a leader restarted mid-halt keeps it.
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { MarketSnapshot } from '../../../server/domain/market/market-snapshot.ts';
import { ReplicaMarket } from '../../../server/domain/market/replica-market.ts';
import { SimulatedMarket, type SimOptions } from '../../../server/domain/market/simulated-market.ts';
import type { StepRecord } from '../../../server/domain/market/step-record.ts';
import { MarketStore } from '../../../server/domain/market/store.ts';
import { openTestDatabase, testDialect, type TestDatabase } from '../../support/test-db.ts';

vi.setConfig({ testTimeout: 120_000 });
const MIN = 60_000;
const THURSDAY_11 = Date.parse('2026-11-19T11:00:00+05:00');

const markets: SimulatedMarket[] = [];
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const m of markets) await m.stop();
  for (const d of databases) await d.close();
});

const pctFromClose = (m: SimulatedMarket) => {
  const t = m.ticker('KSE30')!;
  return (Number(t.p) / Number(t.pc) - 1) * 100;
};

describe(`the market-wide halt on ${testDialect()}`, () => {
  it('halts PSX after 5 minutes of KSE-30 beyond 5 %, pre-opens, reopens, once a day; replicas agree', async () => {
    const t = await openTestDatabase();
    databases.push(t);
    const clock = { now: THURSDAY_11 };
    const opts: SimOptions = { seed: 'halt', historyDays: 3, minuteDays: 1, clock: () => clock.now };
    const leader = await SimulatedMarket.open(t.db, opts);
    markets.push(leader);
    const records: StepRecord[] = [];
    leader.onStep((r) => records.push(JSON.parse(JSON.stringify(r)) as StepRecord));
    const follower = await ReplicaMarket.open(
      new MarketStore(t.db, (err) => {
        throw err;
      }),
      JSON.parse(JSON.stringify(leader.snapshot())) as MarketSnapshot,
      { clock: () => clock.now, onGap: () => {} },
    );
    // What the follower's clients get: each symbol's ticker, with the session state in it.
    const sessionsSent: string[] = [];
    follower.subscribe((tick) => {
      for (const u of tick.updates) if (u.symbol === 'OGDC') sessionsSent.push(u.ticker.st);
    });
    const step = (ms: number) => {
      clock.now += ms;
      leader.step();
      for (const r of records.splice(0)) follower.accept(r);
    };

    // The KSE-30's constituents fall 8 % over 30 s of steps (4 a second): the index ends beyond −5 %.
    leader.crash('KSE30', -8, 30);
    for (let i = 0; i < 120; i++) step(250);
    expect(pctFromClose(leader)).toBeLessThan(-5);
    const breachedAt = clock.now;
    // Not yet: under 5 minutes beyond the threshold.
    while (clock.now < breachedAt + 4 * MIN) step(5_000);
    expect(leader.session('psx')).toBe('open');
    while (leader.session('psx') === 'open' && clock.now < breachedAt + 7 * MIN) step(5_000);
    expect(leader.session('psx')).toBe('halt');
    const haltedAt = clock.now;
    expect(follower.session('psx')).toBe('halt');
    // The next step tells clients at once, though OGDC prints nothing in it.
    step(250);
    expect(sessionsSent.at(-1)).toBe('halt');
    expect(leader.session('crypto')).toBe('open'); // crypto trades on

    // Halted: no PSX prints, the book stands, the next change is the pre-open; a market order's session is 'halt'.
    const lastTrade = leader.trades('OGDC', 1)[0]?.i;
    for (let i = 0; i < 20; i++) step(30_000);
    expect(leader.trades('OGDC', 1)[0]?.i).toBe(lastTrade);
    expect(leader.ticker('OGDC')?.st).toBe('halt');
    const pre = leader.info('OGDC')?.nextChange;
    expect(pre?.st).toBe('pre');
    expect(follower.info('OGDC')?.nextChange).toEqual(pre);
    // A replica started from a snapshot now says the same.
    const late = await ReplicaMarket.open(
      new MarketStore(t.db, (err) => {
        throw err;
      }),
      JSON.parse(JSON.stringify(leader.snapshot())) as MarketSnapshot,
      { clock: () => clock.now, onGap: () => {} },
    );
    expect(late.session('psx')).toBe('halt');

    // A leader restarted mid-halt (the same database) keeps the halt.
    await leader.store.flush();
    const restarted = await SimulatedMarket.open(t.db, opts);
    markets.push(restarted);
    expect(restarted.session('psx')).toBe('halt');

    // 60 minutes after the halt: the pre-open, then 5 minutes later trading again.
    while (clock.now < haltedAt + 60 * MIN) step(60_000);
    expect(leader.session('psx')).toBe('pre');
    expect(follower.session('psx')).toBe('pre');
    expect(sessionsSent.at(-1)).toBe('pre');
    while (clock.now < haltedAt + 65 * MIN) step(60_000);
    expect(leader.session('psx')).toBe('open');
    expect(follower.session('psx')).toBe('open');
    expect(sessionsSent.at(-1)).toBe('open');

    // Still beyond 5 % (nothing pulled it back), but the day's halt has been: trading goes on.
    expect(pctFromClose(leader)).toBeLessThan(-5);
    for (let i = 0; i < 80; i++) step(5_000);
    expect(leader.session('psx')).toBe('open');
    expect(leader.trades('OGDC', 1)[0]?.i).not.toBe(lastTrade);
  });
});
