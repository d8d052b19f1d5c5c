// The simulator end to end on this run's database (SQLite or PostgreSQL): determinism, sessions, price band,
// indices, candles (read from the database behind step()), its background writer, and a restart.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { INTERVALS, INTERVAL_MS } from '../../../workers/protocol/market.ts';
import { openDatabase, type Db } from '../../../server/db/database.ts';
import { readMeta } from '../../../server/domain/market/bar-repo.ts';
import type { SymbolUpdate } from '../../../server/domain/market/market-source.ts';
import { SimulatedMarket, type SimOptions } from '../../../server/domain/market/simulated-market.ts';
import { buildUniverse } from '../../../server/domain/market/universe.ts';
import { freshDbPlace, openTestDatabase, testDialect, type TestDatabase } from '../../support/test-db.ts';

const pkt = (iso: string) => Date.parse(`${iso}+05:00`);
// Building a market generates thousands of bars; on a loaded 2-core machine that takes seconds.
vi.setConfig({ testTimeout: 60_000 });

const markets: SimulatedMarket[] = [];
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const m of markets) await m.stop();
  for (const d of databases) await d.close();
});

/** A market on a fresh database (or on `db`), with a hand-driven clock. */
async function sim(start: number, opts: Partial<SimOptions> = {}, db?: Db) {
  if (!db) {
    const t = await openTestDatabase();
    databases.push(t);
    db = t.db;
  }
  const clock = { now: start };
  const market = await SimulatedMarket.open(db, {
    seed: 'test',
    historyDays: 20,
    minuteDays: 2,
    clock: () => clock.now,
    ...opts,
  });
  markets.push(market);
  const advance = (ms: number, steps = 1) => {
    for (let i = 0; i < steps; i++) {
      clock.now += ms;
      market.step();
    }
  };
  return { market, clock, advance, db };
}

const THURSDAY_OPEN = pkt('2026-11-19T11:00:00');

describe(`SimulatedMarket on ${testDialect()}`, () => {
  it('starts fast with a year of daily bars and minute bars for the whole universe', async () => {
    const t0 = performance.now();
    const { market } = await sim(THURSDAY_OPEN, { historyDays: 400, minuteDays: 3 });
    // Measured ≈ 1 s on SQLite and ≈ 3 s on PostgreSQL on an idle machine; the bound leaves room for a busy box.
    expect(performance.now() - t0).toBeLessThan(20_000);
    const daily = await market.candles('OGDC', '1d', { limit: 1000 });
    expect(daily.length).toBeGreaterThan(250); // ≈ 5 trading days a week for 400 days, minus holidays
    const minutes = await market.candles('BTCUSDT', '1m', { limit: 1000 });
    expect(minutes).toHaveLength(1000);
    expect(minutes.at(-1)!.t).toBe(THURSDAY_OPEN - 60_000);
    for (let i = 1; i < minutes.length; i++) expect(minutes[i]!.t).toBeGreaterThan(minutes[i - 1]!.t);
  });

  it('is deterministic under a seed and differs under another', async () => {
    const run = async (seed: string) => {
      const { market, advance } = await sim(THURSDAY_OPEN, { seed });
      advance(250, 40);
      return [
        market.ticker('OGDC'),
        market.ticker('BTCUSDT'),
        market.ticker('KSE100'),
        market.book('HBL', 5),
      ];
    };
    expect(await run('a')).toEqual(await run('a'));
    expect(await run('a')).not.toEqual(await run('b'));
  });

  it('trades PSX only in session and crypto around the clock', async () => {
    const { market, advance } = await sim(pkt('2026-11-21T11:00:00')); // Saturday
    const seen = new Set<string>();
    market.subscribe((t) => t.updates.forEach((u) => u.trades.length && seen.add(u.market)));
    const before = market.ticker('OGDC');
    advance(250, 40);
    expect(seen).toEqual(new Set(['crypto']));
    expect(market.ticker('OGDC')!.p).toBe(before!.p);
    expect(market.ticker('OGDC')!.st).toBe('closed');
    expect(market.session('crypto')).toBe('open');
  });

  it('keeps PSX open all day when alwaysOpen is set', async () => {
    const { market, advance } = await sim(pkt('2026-11-21T23:00:00'), {
      alwaysOpen: true,
      historyDays: 5,
      minuteDays: 1,
    });
    const seen = new Set<string>();
    market.subscribe((t) => t.updates.forEach((u) => u.trades.length && seen.add(u.market)));
    advance(250, 20);
    expect(seen.has('psx')).toBe(true);
    expect(market.ticker('KSE100')!.st).toBe('open');
  });

  it('never trades outside the daily band, and the band is ±10% of the previous close', async () => {
    const { market, advance } = await sim(THURSDAY_OPEN);
    const info = market.info('KEL')!;
    const pc = Number(info.ticker.pc);
    expect(Number(info.limitUp)).toBeCloseTo(Math.max(pc * 1.1, pc + 1), 1);
    let outside = 0;
    market.subscribe((t) => {
      for (const u of t.updates) {
        if (u.market !== 'psx') continue;
        const i = market.info(u.symbol)!;
        for (const tr of u.trades)
          if (Number(tr.p) > Number(i.limitUp) || Number(tr.p) < Number(i.limitDown)) outside++;
      }
    });
    advance(60_000, 30); // big steps: the walk pushes against the band
    expect(outside).toBe(0);
  });

  it('gives the 52-week range of the stored daily bars and today’s, without reading the database', async () => {
    const { market, advance } = await sim(THURSDAY_OPEN);
    advance(60_000, 30);
    const daily = await market.candles('OGDC', '1d', { limit: 400 });
    const info = market.info('OGDC')!;
    expect(Number(info.high52w)).toBe(Math.max(...daily.map((b) => Number(b.h))));
    expect(Number(info.low52w)).toBe(Math.min(...daily.map((b) => Number(b.l))));
  });

  it('computes each index from its constituents (cap-weighted, scaled to its base)', async () => {
    const { market, advance } = await sim(THURSDAY_OPEN);
    advance(250, 10);
    const u = buildUniverse();
    const kse30 = u.find((s) => s.ins.symbol === 'KSE30')!;
    const sharesOf = new Map(u.map((s) => [s.ins.symbol, BigInt(s.shares)]));
    let cap = 0n;
    for (const sym of kse30.constituents!)
      cap += sharesOf.get(sym)! * BigInt(Math.round(Number(market.ticker(sym)!.p) * 100));
    const expected = (cap * BigInt(kse30.base!)) / kse30.capAtBase!;
    expect(Math.round(Number(market.ticker('KSE30')!.p) * 100)).toBe(Number(expected));
  });

  it('serves every interval oldest → newest, and higher intervals agree with the minute bars', async () => {
    const { market, advance } = await sim(THURSDAY_OPEN);
    advance(250, 20);
    for (const iv of INTERVALS) {
      const bars = await market.candles('ETHUSDT', iv, { limit: 50 });
      expect(bars.length).toBeGreaterThan(0);
      for (let i = 1; i < bars.length; i++)
        expect(bars[i]!.t - bars[i - 1]!.t).toBeGreaterThanOrEqual(
          INTERVAL_MS[iv] === 604_800_000 ? INTERVAL_MS[iv] : Math.min(INTERVAL_MS[iv], 86_400_000),
        );
      for (const b of bars) expect(Number(b.h)).toBeGreaterThanOrEqual(Math.max(Number(b.o), Number(b.c)));
    }
    const hour = (await market.candles('ETHUSDT', '1h', { limit: 2 }))[0]!;
    const mins = await market.candles('ETHUSDT', '1m', { from: hour.t, to: hour.t + 3_599_999 });
    expect(mins).toHaveLength(60);
    expect(mins[0]!.o).toBe(hour.o);
    expect(mins.at(-1)!.c).toBe(hour.c);
    expect(Math.max(...mins.map((m) => Number(m.h)))).toBe(Number(hour.h));
    expect(mins.reduce((s, m) => s + Number(m.v), 0)).toBeCloseTo(Number(hour.v), 4);
    // The live bar carries the latest price.
    expect((await market.candles('ETHUSDT', '1m', { limit: 1 }))[0]!.c).toBe(market.ticker('ETHUSDT')!.p);
  });

  it('answers with the bars a step closed before its writer has stored them, and stores them behind it', async () => {
    const { market, advance, clock, db } = await sim(THURSDAY_OPEN, { historyDays: 3, minuteDays: 1 });
    const stored = async () =>
      (
        await db
          .selectFrom('market_bar_1m')
          .select('t')
          .where('symbol', '=', 'BTCUSDT')
          .where('t', '>=', THURSDAY_OPEN)
          .execute()
      ).length;
    // A minute per step: each step closes the bar of the minute before (if it traded) and hands it over.
    advance(60_000, 10);
    const range = { from: THURSDAY_OPEN, to: clock.now };
    const mins = await market.candles('BTCUSDT', '1m', range);
    expect(mins.length).toBeGreaterThan(3);
    const liveMinute = Math.floor(clock.now / 60_000) * 60_000;
    await market.store.flush();
    expect(await stored()).toBe(mins.filter((m) => m.t < liveMinute).length);
    expect(await market.candles('BTCUSDT', '1m', range)).toEqual(mins);
    await market.stop(); // the live bar too
    expect(await stored()).toBe(mins.length);
  });

  it('reports a failed write and goes on stepping', async () => {
    const t = await openTestDatabase();
    const errors: unknown[] = [];
    const clock = { now: THURSDAY_OPEN };
    const market = await SimulatedMarket.open(t.db, {
      seed: 'broken',
      historyDays: 2,
      minuteDays: 1,
      clock: () => clock.now,
      onWriteError: (err) => errors.push(err),
    });
    await t.close();
    for (let i = 0; i < 3; i++) {
      clock.now += 60_000;
      market.step();
    }
    await market.store.flush();
    expect(errors.length).toBeGreaterThan(0);
    expect(market.ticker('BTCUSDT')!.t).toBe(clock.now);
  });

  it('emits ticker, trades, book deltas and candle updates per step', async () => {
    const { market, advance } = await sim(THURSDAY_OPEN);
    const got: SymbolUpdate[] = [];
    market.subscribe((t) => got.push(...t.updates));
    advance(250, 8);
    const btc = got.filter((u) => u.symbol === 'BTCUSDT' && u.trades.length > 0);
    expect(btc.length).toBeGreaterThan(0);
    expect(btc[0]!.candles('1m').length).toBeGreaterThan(0);
    expect(got.some((u) => u.market === 'index')).toBe(true);
    const ids = market.trades('BTCUSDT', 200).map((t) => t.i);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps its history across a restart and fills the gap since', async () => {
    const place = await freshDbPlace();
    const open = async () => {
      const d = await openDatabase({
        dataDir: place.dataDir,
        ...(place.databaseUrl ? { databaseUrl: place.databaseUrl } : {}),
      });
      return d;
    };
    const firstDb = await open();
    const first = await sim(THURSDAY_OPEN, {}, firstDb.db);
    first.advance(250, 40);
    const lastBtc = first.market.ticker('BTCUSDT')!.p;
    const dailyBefore = await first.market.candles('OGDC', '1d', { limit: 30 });
    await first.market.stop();
    markets.splice(markets.indexOf(first.market), 1);
    await firstDb.close();

    const secondDb = await open();
    const t0 = performance.now();
    const later = THURSDAY_OPEN + 10_000 + 3 * 3_600_000; // 3 h later
    const second = await sim(later, {}, secondDb.db);
    expect(performance.now() - t0).toBeLessThan(10_000);
    expect(await readMeta(secondDb.db, 'lastStart')).toBe(String(later));
    expect((await second.market.candles('OGDC', '1d', { limit: 30 })).slice(0, -1)).toEqual(
      dailyBefore.slice(0, -1),
    );
    const mins = await second.market.candles('BTCUSDT', '1m', { from: THURSDAY_OPEN, to: later });
    expect(mins.length).toBeGreaterThanOrEqual(180); // the gap was filled minute by minute
    expect(mins[0]!.o).toBeDefined();
    expect(
      await second.market.candles('BTCUSDT', '1m', { from: THURSDAY_OPEN - 60_000, to: THURSDAY_OPEN }),
    ).toHaveLength(2);
    expect(lastBtc).toMatch(/^\d+\.\d{2}$/);
    await second.market.stop();
    markets.splice(markets.indexOf(second.market), 1);
    await secondDb.close();
    await place.remove();
  });
});
