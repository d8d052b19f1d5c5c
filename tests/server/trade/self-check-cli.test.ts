// The ledger self-check as a command: a clean data directory reports ok (exit 0), a tampered one lists the
// difference (exit 1), a missing argument prints the usage (exit 2).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDb } from '../../support/raw-db.ts';
import { grantCash } from '../../../server/domain/trading/trade-ledger.ts';

const CLI = path.resolve('server/domain/ledger/self-check.ts');
let dir: string;

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { encoding: 'utf8', timeout: 30_000 });

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-trade-selfcheck-'));
  const db = openDb(dir);
  db.prepare(
    "INSERT INTO users (id, area_code, phone, account, password_hash, invite_code, created_at) VALUES (1, '+92', '+923000000009', 'a', 'x', 'SC01', 0)",
  ).run();
  db.prepare("INSERT INTO accounts (id, user_id, type, created_at) VALUES (1, 1, 'demo', 0)").run();
  grantCash(db, 1, 12_345n, 'cli', 0);
  db.close();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('reports a clean ledger, then a tampered balance', () => {
  const clean = run(dir);
  expect(clean.status).toBe(0);
  const report = JSON.parse(clean.stdout) as {
    ledger: { ok: boolean; journals: number };
    trading: { ok: boolean };
  };
  expect(report.ledger).toMatchObject({ ok: true, journals: 1 });
  expect(report.trading.ok).toBe(true);
  const db = openDb(dir);
  db.prepare('UPDATE ledger_balances SET amount = amount + 5 WHERE amount > 0').run();
  db.close();
  const bad = run(dir);
  expect(bad.status).toBe(1);
  expect(JSON.parse(bad.stdout).ledger.differences).toEqual([
    expect.objectContaining({ asset: 'PKR', cached: '12350', fromPostings: '12345' }),
  ]);
  expect(run().status).toBe(2);
});
