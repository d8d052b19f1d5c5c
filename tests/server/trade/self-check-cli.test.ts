// The ledger self-check as a command, on this run's engine (DATABASE_URL on PostgreSQL, the data directory on
// SQLite): a clean database reports ok (exit 0), a tampered one lists the difference (exit 1), a missing
// argument or database prints the usage (exit 2).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { grantCash } from '../../../server/domain/ledger/post.ts';
import { openTestDatabase, type TestDatabase } from '../../support/test-db.ts';

const CLI = path.resolve('server/domain/ledger/self-check.ts');
let tdb: TestDatabase;

const run = (args: string[], env: Record<string, string> = tdb.place.env) =>
  spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...withoutDatabaseUrl(process.env), ...env },
  });

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _, ...rest } = env;
  return rest;
}

beforeAll(async () => {
  tdb = await openTestDatabase();
  const { id: userId } = await tdb.db
    .insertInto('users')
    .values({
      area_code: '+92',
      phone: '+923000000009',
      account: 'a',
      password_hash: 'x',
      invite_code: 'SC01',
      created_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: accountId } = await tdb.db
    .insertInto('accounts')
    .values({ user_id: userId, type: 'demo', created_at: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await grantCash(tdb.db, accountId, 12_345n, 'cli', 0);
});
afterAll(async () => tdb.close());

it('reports a clean ledger, then a tampered balance', async () => {
  const clean = run([tdb.place.dataDir]);
  expect(clean.stderr).toBe('');
  expect(clean.status).toBe(0);
  const report = JSON.parse(clean.stdout) as {
    ledger: { ok: boolean; journals: number };
    trading: { ok: boolean };
  };
  expect(report.ledger).toMatchObject({ ok: true, journals: 1 });
  expect(report.trading.ok).toBe(true);
  await tdb.db
    .updateTable('ledger_balances')
    .set((eb) => ({ amount: eb('amount', '+', 5n) }))
    .where('amount', '>', 0n)
    .execute();
  const bad = run([tdb.place.dataDir]);
  expect(bad.status).toBe(1);
  expect(JSON.parse(bad.stdout).ledger.differences).toEqual([
    expect.objectContaining({ asset: 'PKR', cached: '12350', fromPostings: '12345' }),
  ]);
});

it('prints the usage without a database to look at', () => {
  expect(run([], {}).status).toBe(2);
  const missing = run([path.join(tdb.place.dataDir, 'nothing-here')], {});
  expect(missing.status).toBe(2);
  expect(missing.stderr).toMatch(/no database at/);
});
