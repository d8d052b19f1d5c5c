// The simulator's bar store on this run's database: the single background writer (batches in order, the
// last write of a bar wins, pruning after the bars, failures reported and the next batch still written) and
// the overlay that keeps a bar visible to reads until it is stored.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bar } from '../../../server/domain/market/candles.ts';
import { MarketStore } from '../../../server/domain/market/store.ts';
import { openTestDatabase, testDialect, type TestDatabase } from '../../support/test-db.ts';

let t: TestDatabase;
const errors: unknown[] = [];
let store: MarketStore;
beforeAll(async () => {
  t = await openTestDatabase();
  store = new MarketStore(t.db, (err) => errors.push(err));
});
afterAll(async () => {
  await store?.flush();
  await t?.close();
});

const bar = (t: number, c: number): Bar => ({ t, o: c, h: c, l: c, c, v: 1, q: BigInt(c) });
const MIN = 60_000;
const stored = async (symbol: string) =>
  (
    await t.db
      .selectFrom('market_bar_1m')
      .select(['t', 'c'])
      .where('symbol', '=', symbol)
      .orderBy('t')
      .execute()
  ).map((r) => [r.t, r.c]);

describe(`MarketStore on ${testDialect()}`, () => {
  it('a read that races the writer still sees the bar handed to it (a copy of it)', async () => {
    const b = bar(MIN, 6);
    const reading = store.range('1m', 'RACE', 0, MIN, 10);
    store.write({ m1: [{ symbol: 'RACE', bar: b }] });
    b.c = 7;
    expect((await reading).map((x) => x.c)).toEqual([6]);
    await store.flush();
    expect(await stored('RACE')).toEqual([[MIN, 6]]);
    expect((await store.range('1m', 'RACE', 0, MIN, 10)).map((x) => x.c)).toEqual([6]);
  });

  it('writes batches in order: the last write of a bar wins, and a prune drops only what came before', async () => {
    store.write({ m1: [{ symbol: 'ORD', bar: bar(MIN, 1) }], d1: [{ symbol: 'ORD', bar: bar(0, 1) }] });
    store.write({ m1: [{ symbol: 'ORD', bar: bar(MIN, 2) }], d1: [{ symbol: 'ORD', bar: bar(0, 2) }] });
    store.write({ prune1mBefore: 2 * MIN, m1: [{ symbol: 'ORD', bar: bar(2 * MIN, 3) }] });
    store.write({ m1: [{ symbol: 'ORD', bar: bar(3 * MIN, 4) }], meta: { lastStart: '42' } });
    // Before and after the writer has run, reads see the same.
    const before = await store.range('1m', 'ORD', 0, 10 * MIN, 10);
    await store.flush();
    expect(before.map((x) => [x.t, x.c])).toEqual([
      [2 * MIN, 3],
      [3 * MIN, 4],
    ]);
    expect(await stored('ORD')).toEqual([
      [2 * MIN, 3],
      [3 * MIN, 4],
    ]);
    expect((await store.range('1d', 'ORD', 0, 0, 1)).map((x) => [x.c, x.q])).toEqual([[2, 2n]]);
    const meta = await t.db
      .selectFrom('market_meta')
      .select('value')
      .where('key', '=', 'lastStart')
      .execute();
    expect(meta).toEqual([{ value: '42' }]);
  });

  it('reports a failed write, drops its bars, and writes the next batch', async () => {
    errors.length = 0;
    store.write({ m1: [{ symbol: 'BAD', bar: { ...bar(5 * MIN, 1), o: Number.NaN } }] });
    await store.flush();
    expect(errors).toHaveLength(1);
    expect(await store.range('1m', 'BAD', 0, 10 * MIN, 10)).toEqual([]);
    store.write({ m1: [{ symbol: 'BAD', bar: bar(6 * MIN, 2) }] });
    await store.flush();
    expect(errors).toHaveLength(1);
    expect(await stored('BAD')).toEqual([[6 * MIN, 2]]);
  });

  // Only PostgreSQL reads beside a writer that waits (SQLite has one connection, which the writer holds).
  it.skipIf(testDialect() === 'sqlite')('keeps a bar visible while its write waits on a lock', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = t.db.transaction().execute(async (tx) => {
      // Blocks every write to the table (reads go on) until this transaction ends.
      await sql`LOCK TABLE market_bar_1m IN EXCLUSIVE MODE`.execute(tx);
      locked();
      await released;
    });
    await isLocked;
    try {
      store.write({ m1: [{ symbol: 'LOCK', bar: bar(MIN, 9) }] });
      // Other reads come and go (each sweeps the overlay) while the write waits.
      await store.range('1m', 'OTHER', 0, MIN, 10);
      await store.range('1m', 'OTHER', 0, MIN, 10);
      expect(await stored('LOCK')).toEqual([]);
      expect((await store.range('1m', 'LOCK', 0, MIN, 10)).map((x) => x.c)).toEqual([9]);
    } finally {
      release();
      await holder;
    }
    await store.flush();
    expect(await stored('LOCK')).toEqual([[MIN, 9]]);
  });
});
