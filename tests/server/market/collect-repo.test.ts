// Watchlists on this run's database (SQLite or PostgreSQL): the order stars were added in, idempotent adds,
// per-kind and per-user lists, the cap, and parallel adds that cannot pass it together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traderOn } from '../../support/cheap-trader.ts';
import { uniquePhone } from '../helpers.ts';
import {
  addCollect,
  delCollect,
  listCollect,
  MAX_COLLECT,
} from '../../../server/domain/market/collect-repo.ts';
import { openTestDatabase, testDialect, type TestDatabase } from '../../support/test-db.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const newUser = async () =>
  (await traderOn(t.db, { phone: uniquePhone(), demoFundsPaisa: 0n, withPassword: false })).userId;

describe(`watchlists on ${testDialect()}`, () => {
  it('list in the order they were added, even within one millisecond; adding twice changes nothing', async () => {
    const user = await newUser();
    for (const sym of ['PSO', 'HBL', 'ENGRO', 'HBL']) {
      expect(await addCollect(t.db, user, 'stock', sym, 1_000)).toBe(true);
    }
    expect(await listCollect(t.db, user, 'stock')).toEqual(['PSO', 'HBL', 'ENGRO']);
    expect(await addCollect(t.db, user, 'stock', 'OGDC', 500)).toBe(true); // a clock that went back
    expect(await listCollect(t.db, user, 'stock')).toEqual(['PSO', 'HBL', 'ENGRO', 'OGDC']);
  });

  it('keep stocks and coins, and users, apart; delete one symbol', async () => {
    const alice = await newUser();
    const bob = await newUser();
    await addCollect(t.db, alice, 'stock', 'OGDC', 1);
    await addCollect(t.db, alice, 'coin', 'BTCUSDT', 2);
    await addCollect(t.db, bob, 'stock', 'HBL', 3);
    expect(await listCollect(t.db, alice, 'stock')).toEqual(['OGDC']);
    expect(await listCollect(t.db, alice, 'coin')).toEqual(['BTCUSDT']);
    expect(await listCollect(t.db, bob, 'stock')).toEqual(['HBL']);
    await delCollect(t.db, alice, 'stock', 'OGDC');
    await delCollect(t.db, alice, 'stock', 'NOPE');
    expect(await listCollect(t.db, alice, 'stock')).toEqual([]);
    expect(await listCollect(t.db, alice, 'coin')).toEqual(['BTCUSDT']);
  });

  it(`refuse the ${MAX_COLLECT + 1}th symbol, also when the last places are taken in parallel`, async () => {
    const user = await newUser();
    const rows = Array.from({ length: MAX_COLLECT - 3 }, (_, i) => ({
      user_id: user,
      kind: 'coin' as const,
      symbol: `S${i}`,
      created_at: i,
    }));
    await t.db.insertInto('market_collect').values(rows).execute();
    const tries = await Promise.all(
      Array.from({ length: 10 }, (_, i) => addCollect(t.db, user, 'coin', `P${i}`, 10_000)),
    );
    expect(tries.filter(Boolean)).toHaveLength(3);
    expect(await listCollect(t.db, user, 'coin')).toHaveLength(MAX_COLLECT);
    expect(await addCollect(t.db, user, 'coin', 'LATE', 20_000)).toBe(false);
  });
});
