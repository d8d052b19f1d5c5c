// SQLite group commit (server/db/tx.ts): the transactions waiting for the one writer run one after another in
// one transaction, each in a savepoint of its own, and share one COMMIT. Failure isolation: a body that throws
// (an error of its own, a failed statement) is rolled back to its savepoint alone, never touching what the
// bodies before or after it did, and a statement a body left running after it ended is refused instead of
// landing in another body's savepoint. Crash safety: kill -9 at random moments loses only what was never
// acknowledged; every acknowledged body is there whole, no refused body left anything, the balances replay.
// PostgreSQL runs each transaction on its own: the file runs in `server` only.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { inTx } from '../../server/db/tx.ts';
import {
  balanceFromPostings,
  balanceOf,
  systemLedgerAccount,
} from '../../server/domain/ledger/ledger-repo.ts';
import { openDatabase } from '../../server/db/database.ts';
import { freshDbPlace, openTestDatabase, testDialect, type TestDatabase } from '../support/test-db.ts';

const onSqlite = testDialect() === 'sqlite';

let t: TestDatabase;
beforeAll(async () => {
  if (!onSqlite) return;
  t = await openTestDatabase();
  await sql`create table gc_rows (id integer primary key, body text not null) strict`.execute(t.db);
});
afterAll(async () => {
  await t?.close();
});

const insert = (tx: Db, id: number, body: string) =>
  tx
    .insertInto('gc_rows' as never)
    .values({ id, body } as never)
    .execute();

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe.skipIf(!onSqlite)('SQLite group commit', () => {
  it('rolls back a failing body alone: the bodies before and after it, in the same COMMIT, all stay', async () => {
    const strays: Array<Promise<unknown>> = [];
    /** what a stray statement came to: 'ran', or the error that refused it */
    const settle = (p: Promise<unknown>) =>
      strays.push(
        p.then(
          () => 'ran',
          (err: unknown) => String(err),
        ),
      );
    let seenByOthers = -1;
    let seenInGroup = -1;
    // Queued in one turn of the event loop: they run in one group, one transaction.
    const bodies: Record<string, (tx: Db) => Promise<unknown>> = {
      a: async (tx) => insert(tx, 1, 'a'),
      b: async (tx) => {
        await insert(tx, 2, 'b');
        throw new Error('b fails');
      },
      c: async (tx) => {
        await insert(tx, 3, 'c');
        await insert(tx, 1, 'c'); // a primary key taken by a: the statement fails
      },
      d: async (tx) => {
        await insert(tx, 4, 'd1');
        // a nested savepoint of its own, rolled back, then more work: d stands with d1 and d3
        await sql`SAVEPOINT inner_step`.execute(tx);
        await insert(tx, 5, 'd2');
        await sql`ROLLBACK TO SAVEPOINT inner_step`.execute(tx);
        await sql`RELEASE SAVEPOINT inner_step`.execute(tx);
        await insert(tx, 6, 'd3');
      },
      e: async (tx) => {
        await insert(tx, 7, 'e');
        // a statement started after the body ended (a timer): it must not run in f's savepoint
        settle(turn().then(() => insert(tx, 8, 'e-stray')));
        throw new Error('e fails');
      },
      f: async (tx) => {
        await turn();
        await turn();
        await insert(tx, 9, 'f');
        // the group is one uncommitted transaction: f sees a and d, another connection sees nothing yet
        seenInGroup = Number(
          (await sql<{ n: number }>`select count(*) as n from gc_rows`.execute(tx)).rows[0]!.n,
        );
        const other = new BetterSqlite3(t.database.file!, { readonly: true });
        try {
          seenByOthers = (other.prepare('select count(*) as n from gc_rows').get() as { n: number }).n;
        } finally {
          other.close();
        }
      },
      g: async (tx) => {
        await insert(tx, 10, 'g');
        // a statement a successful body leaves running: refused too, g's own write stays
        settle(turn().then(() => insert(tx, 11, 'g-stray')));
      },
      h: async (tx) => {
        await turn();
        await turn();
        await insert(tx, 12, 'h');
      },
    };
    const outcomes = await Promise.allSettled(Object.values(bodies).map((fn) => inTx(t.db, fn)));
    expect(Object.fromEntries(Object.keys(bodies).map((k, i) => [k, outcomes[i]!.status]))).toEqual({
      a: 'fulfilled',
      b: 'rejected',
      c: 'rejected',
      d: 'fulfilled',
      e: 'rejected',
      f: 'fulfilled',
      g: 'fulfilled',
      h: 'fulfilled',
    });
    const strayOutcomes = await Promise.all(strays);
    expect(strayOutcomes).toHaveLength(2);
    for (const o of strayOutcomes) expect(o).toContain('already ended');
    expect(seenInGroup).toBe(4); // a, d1, d3, f
    expect(seenByOthers).toBe(0);
    const rows = await t.db
      .selectFrom('gc_rows' as never)
      .select(['id', 'body'] as never)
      .orderBy('id' as never)
      .execute();
    expect(rows).toEqual([
      { id: 1, body: 'a' },
      { id: 4, body: 'd1' },
      { id: 6, body: 'd3' },
      { id: 9, body: 'f' },
      { id: 10, body: 'g' },
      { id: 12, body: 'h' },
    ]);
  });

  it('loses only unacknowledged work when killed with SIGKILL mid-group', async () => {
    const place = await freshDbPlace();
    const acked = new Set<number>();
    const failed = new Set<number>();
    try {
      for (let run = 0; run < 6; run++) {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'tests/support/group-commit-child.ts', place.dataDir, String(run * 1_000_000)],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        let out = '';
        const ready = new Promise<void>((resolve, reject) => {
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            if (out.includes('ready\n')) resolve();
          });
          child.on('exit', (code) => reject(new Error(`child exited early (${code})`)));
        });
        await ready;
        await new Promise((resolve) => setTimeout(resolve, 50 + randomInt(400)));
        const exited = new Promise((resolve) => child.on('exit', resolve));
        child.kill('SIGKILL');
        await exited;
        for (const line of out.split('\n')) {
          const [what, n] = line.split(' ');
          if (what === 'ack') acked.add(Number(n));
          if (what === 'fail') failed.add(Number(n));
        }
      }
      expect(acked.size).toBeGreaterThan(0);
      const database = await openDatabase({ dataDir: place.dataDir });
      try {
        const db = database.db;
        const probes = new Set(
          (
            await db
              .selectFrom('gc_probe' as never)
              .select('n' as never)
              .execute()
          ).map((r) => Number((r as { n: number }).n)),
        );
        const journals = new Set(
          (await db.selectFrom('ledger_journals').select('ref').where('kind', '=', 'gc_test').execute()).map(
            (r) => Number(r.ref.slice(3)),
          ),
        );
        // every acknowledged body is there, whole
        for (const n of acked) {
          expect(probes.has(n)).toBe(true);
          expect(journals.has(n)).toBe(true);
        }
        // a body is all there or not at all, and no refused body left anything
        expect([...probes].sort()).toEqual([...journals].sort());
        for (const n of probes) expect(n % 5).not.toBe(4);
        for (const n of failed) expect(probes.has(n)).toBe(false);
        // the cached balances (written at the shared COMMIT) replay from the postings
        for (const name of ['gc_from', 'gc_to']) {
          const id = await systemLedgerAccount(db, name);
          expect(await balanceOf(db, id, 'PKR')).toBe(await balanceFromPostings(db, id, 'PKR'));
        }
        const total = [...journals].reduce((s, n) => s + BigInt(n + 1), 0n);
        expect(await balanceOf(db, await systemLedgerAccount(db, 'gc_to'), 'PKR')).toBe(total);
      } finally {
        await database.close();
      }
    } finally {
      await place.remove();
    }
  }, 180_000);
});
