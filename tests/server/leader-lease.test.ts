// The leader lease (domain/cluster/leader-lease.ts). On SQLite it always leads. On PostgreSQL (project
// server-pg), two nodes' leases on one database: exactly one leads; when the leader stops, or the server ends
// its connection (pg_terminate_backend), it stops leading at once and the other leads within 2 s; the node that
// lost its connection can lead again later.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { LeaderLease, leaseKey } from '../../server/domain/cluster/leader-lease.ts';
import { openTestDatabase, testDialect, type TestDatabase } from '../support/test-db.ts';
import { waitFor } from '../support/wait-for.ts';

/** A lease with the log of its changes. */
function lease(pool: Database['pool'], name?: string) {
  const l = new LeaderLease({ pool, ...(name ? { name } : {}) });
  const changes: boolean[] = [];
  l.onChange((leading) => changes.push(leading));
  return { l, changes };
}

it('without PostgreSQL (one node) it leads from start to stop', async () => {
  const { l, changes } = lease(undefined);
  expect(l.leading).toBe(false);
  l.start();
  expect(l.leading).toBe(true);
  await l.stop();
  expect(changes).toEqual([true, false]);
});

it('derives a stable 64-bit key from the name', () => {
  expect(leaseKey('x')).toBe(leaseKey('x'));
  expect(leaseKey('x')).not.toBe(leaseKey('y'));
  expect(BigInt.asIntN(64, leaseKey('x'))).toBe(leaseKey('x'));
});

describe.skipIf(testDialect() !== 'postgres')('on PostgreSQL', () => {
  let t: TestDatabase;
  let nodeA: Database;
  let nodeB: Database;
  beforeAll(async () => {
    t = await openTestDatabase();
    const open = () => openDatabase({ dataDir: t.place.dataDir, databaseUrl: t.place.databaseUrl! });
    [nodeA, nodeB] = [await open(), await open()];
  });
  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await t?.close();
  });

  /** Backends of this database holding an advisory lock. */
  async function lockHolders(): Promise<number[]> {
    const { rows } = await sql<{ pid: number }>`
      SELECT pid FROM pg_locks
      WHERE locktype = 'advisory' AND granted
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(t.db);
    return rows.map((r) => r.pid);
  }

  const leaders = (...ls: LeaderLease[]) => ls.filter((l) => l.leading);

  it('two nodes: exactly one leads; when it stops the other leads within 2 s', async () => {
    const a = lease(nodeA.pool, 'stop-test');
    const b = lease(nodeB.pool, 'stop-test');
    try {
      a.l.start();
      b.l.start();
      await waitFor(() => leaders(a.l, b.l).length > 0, { what: 'a leader' });
      // Both have tried by now; give the follower two more polls to show it stays a follower.
      await new Promise((r) => setTimeout(r, 2_100));
      expect(leaders(a.l, b.l)).toHaveLength(1);
      expect(await lockHolders()).toHaveLength(1);
      const [leader, follower] = a.l.leading ? [a, b] : [b, a];
      await leader.l.stop();
      expect(leader.changes).toEqual([true, false]);
      const took = await waitFor(() => follower.l.leading, {
        timeoutMs: 2_000,
        what: 'the other node to lead',
      });
      expect(took).toBeLessThan(2_000);
      expect(follower.changes).toEqual([true]);
    } finally {
      await Promise.all([a.l.stop(), b.l.stop()]);
    }
  });

  it('a leader whose connection the server ends stops leading at once; the other leads within 2 s', async () => {
    const a = lease(nodeA.pool, 'kill-test');
    const b = lease(nodeB.pool, 'kill-test');
    try {
      a.l.start();
      await waitFor(() => a.l.leading, { what: 'node a to lead' });
      b.l.start();
      const [pid] = await lockHolders();
      await sql`SELECT pg_terminate_backend(${pid})`.execute(t.db);
      await waitFor(() => !a.l.leading, { timeoutMs: 1_000, what: 'node a to stop leading' });
      const took = await waitFor(() => b.l.leading, { timeoutMs: 2_000, what: 'node b to lead' });
      expect(took).toBeLessThan(2_000);
      expect(a.changes).toEqual([true, false]);
      expect(leaders(a.l, b.l)).toEqual([b.l]);
      // node a kept trying with a fresh connection: when b stops, a leads again
      await b.l.stop();
      await waitFor(() => a.l.leading, { timeoutMs: 2_000, what: 'node a to lead again' });
      expect(a.changes).toEqual([true, false, true]);
    } finally {
      await Promise.all([a.l.stop(), b.l.stop()]);
    }
  });

  it('leases of different names do not exclude each other', async () => {
    const a = lease(nodeA.pool, 'one');
    const b = lease(nodeB.pool, 'two');
    try {
      a.l.start();
      b.l.start();
      await waitFor(() => a.l.leading && b.l.leading, { what: 'both to lead' });
    } finally {
      await Promise.all([a.l.stop(), b.l.stop()]);
    }
    // stopping closed their connections: PostgreSQL frees the locks with the sessions
    await expect.poll(lockHolders, { timeout: 2_000, interval: 20 }).toEqual([]);
  });
});
