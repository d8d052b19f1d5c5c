// The lock-out guard on the shared stores: the database (attempt_guards, on this run's engine) and Redis
// (project server-pg only). The behaviour suite of the in-memory store (tests/support/attempt-guard-suite.ts)
// holds on both; a database record outlives the guard that wrote it (a restart); and two processes (two
// handles on one database, two connections to one Redis) never admit the last free attempt twice.
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { AttemptGuard, type AttemptStore } from '../../server/domain/rate-limit/attempt-guard.ts';
import { DbAttemptStore } from '../../server/domain/rate-limit/attempt-store-db.ts';
import { RedisAttemptStore } from '../../server/domain/rate-limit/attempt-store-redis.ts';
import { attemptGuardSuite, clock, heldBurst, rule } from '../support/attempt-guard-suite.ts';
import { openTestDatabase, testDialect, type TestDatabase } from '../support/test-db.ts';
import { testRedisClient, testRedisUrl, uniquePrefix } from '../support/test-redis.ts';

/** 60 parallel attempts on one key, alternating between two stores: only the free ones reach their check. */
async function raceTwoNodes(a: AttemptStore, b: AttemptStore) {
  const c = clock();
  const guards = [new AttemptGuard(rule, a, c.now), new AttemptGuard(rule, b, c.now)];
  const bursts = await Promise.all(guards.map((g) => heldBurst(g, 'k', 30)));
  expect(bursts.reduce((n, x) => n + x.checks(), 0)).toBe(rule.free);
  for (const x of bursts) for (const d of x.held) d.resolve(false);
  const results = (await Promise.all(bursts.map((x) => x.results))).flat();
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(rule.free);
  expect(await guards[1]!.failures('k')).toBe(rule.free);
}

describe('in the database', () => {
  let t: TestDatabase;
  let second: Database;
  beforeAll(async () => {
    t = await openTestDatabase();
    // Another process on the same database (SQLite file or PostgreSQL database).
    second = await openDatabase({
      dataDir: t.place.dataDir,
      ...(t.place.databaseUrl ? { databaseUrl: t.place.databaseUrl } : {}),
    });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  let scope = 0;
  attemptGuardSuite('the guard', () => new DbAttemptStore(t.db, `test_${++scope}`));

  it('a record outlives the guard that wrote it (a restart does not reset the lock-out)', async () => {
    const c = clock();
    const a = new AttemptGuard(rule, new DbAttemptStore(t.db, 'restart'), c.now);
    for (let i = 0; i < 3; i++) await a.check('7', async () => false);
    const b = new AttemptGuard(rule, new DbAttemptStore(second.db, 'restart'), c.now);
    expect(await b.waitMs('7')).toBe(1_000);
    expect(await new AttemptGuard(rule, new DbAttemptStore(t.db, 'other'), c.now).waitMs('7')).toBe(0);
  });

  it('two processes bursting on one key admit only the free attempts between them', async () => {
    // SQLite is one node: its writers queue on the one connection of the process. A second handle in this
    // same process would block the event loop in its busy wait while the first holds the write lock across an
    // await, so the SQLite run races two stores on one handle; PostgreSQL races two pools.
    const other = testDialect() === 'postgres' ? second.db : t.db;
    await raceTwoNodes(new DbAttemptStore(t.db, 'race'), new DbAttemptStore(other, 'race'));
  });
});

describe.skipIf(!testRedisUrl())('in Redis', () => {
  const ttl = rule.forgetAfterMs;
  let one: Redis;
  let two: Redis;
  beforeAll(() => {
    one = testRedisClient();
    two = testRedisClient();
  });
  afterAll(async () => {
    await Promise.all([one?.quit(), two?.quit()]);
  });

  attemptGuardSuite('the guard', () => new RedisAttemptStore(one, uniquePrefix(), ttl));

  it('two nodes bursting on one key admit only the free attempts between them', async () => {
    const prefix = uniquePrefix();
    await raceTwoNodes(new RedisAttemptStore(one, prefix, ttl), new RedisAttemptStore(two, prefix, ttl));
  });

  it('a record expires once it would be forgotten, and an empty one is not stored', async () => {
    const prefix = uniquePrefix();
    const g = new AttemptGuard(rule, new RedisAttemptStore(one, prefix, ttl), clock().now);
    await g.check('k', async () => false);
    const left = await one.pttl(`${prefix}k`);
    expect(left).toBeGreaterThan(ttl - 5_000);
    expect(left).toBeLessThanOrEqual(ttl);
    await g.clear('k');
    expect(await one.exists(`${prefix}k`)).toBe(0);
    expect(await g.check('k', async () => true)).toBe(true);
    expect(await one.exists(`${prefix}k`)).toBe(0);
  });
});
