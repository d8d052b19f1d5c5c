// The double-entry ledger: pure posting rules, journals with cached balances, idempotency, no overdraft.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../support/raw-db.ts';
import type { RawDb as Db } from '../../server/db/database.ts';
import {
  balanceFromPostings,
  balanceOf,
  LedgerError,
  postJournal,
  systemLedgerAccount,
  userLedgerAccount,
} from '../../server/domain/ledger/ledger-repo.sync.ts';
import { formatMinor, parseMinor } from '../../contract/money.ts';
import { balanceChanges, checkPostings } from '../../server/domain/ledger/postings.ts';

describe('money', () => {
  it.each([
    ['0', 0n],
    ['1', 100n],
    ['1000000.00', 100_000_000n],
    ['12.3', 1230n],
    ['0.01', 1n],
  ])('parses %s into paisa', (text, paisa) => expect(parseMinor(text, 2)).toBe(paisa));

  it.each(['', '1.234', '-1', '+1', '1e3', '0x10', 'Infinity', '01', ' 1', '1.'])('refuses %j', (text) =>
    expect(parseMinor(text, 2)).toBeNull(),
  );

  it('formats paisa exactly, beyond float precision', () => {
    expect(formatMinor(5n, 2)).toBe('0.05');
    expect(formatMinor(-123450n, 2)).toBe('-1234.50');
    expect(formatMinor(123456789012345678901n, 2)).toBe('1234567890123456789.01');
    expect(formatMinor(7n, 0)).toBe('7');
  });
});

describe('checkPostings', () => {
  const p = (ledgerAccountId: number, amount: bigint, asset = 'PKR') => ({ ledgerAccountId, asset, amount });
  it('accepts postings that sum to zero per asset', () => {
    expect(checkPostings([p(1, -5n), p(2, 5n)])).toBeNull();
    expect(checkPostings([p(1, -5n), p(2, 3n), p(3, 2n), p(1, -1n, 'BTC'), p(4, 1n, 'BTC')])).toBeNull();
  });
  it('refuses unbalanced, zero, single and badly named postings', () => {
    expect(checkPostings([p(1, -5n), p(2, 4n)])).toBe('unbalanced');
    expect(checkPostings([p(1, -5n, 'PKR'), p(2, 5n, 'USD')])).toBe('unbalanced');
    expect(checkPostings([p(1, 0n), p(2, 0n)])).toBe('zeroAmount');
    expect(checkPostings([p(1, 5n)])).toBe('tooFewPostings');
    expect(checkPostings([p(1, -5n, 'pkr'), p(2, 5n, 'pkr')])).toBe('badAsset');
  });
  it('nets changes per account and asset', () => {
    expect([...balanceChanges([p(1, -5n), p(2, 5n), p(1, 2n), p(3, -2n)])]).toEqual([
      ['1:PKR', -3n],
      ['2:PKR', 5n],
      ['3:PKR', -2n],
    ]);
  });
});

describe('ledger in SQLite', () => {
  let dir: string;
  let db: Db;
  let alice: number;
  let bob: number;
  let faucet: number;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-trade-ledger-'));
    db = openDb(dir);
    db.prepare(
      "INSERT INTO users (id, area_code, phone, account, password_hash, invite_code, created_at) VALUES (1, '+92', '+923000000001', 'a', 'x', 'AAAA', 0)",
    ).run();
    db.prepare(
      "INSERT INTO accounts (id, user_id, type, created_at) VALUES (1, 1, 'demo', 0), (2, 1, 'real', 0)",
    ).run();
    alice = userLedgerAccount(db, 1);
    bob = userLedgerAccount(db, 2);
    faucet = systemLedgerAccount(db, 'demo_funding');
  });
  afterAll(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates ledger accounts once', () => {
    expect(userLedgerAccount(db, 1)).toBe(alice);
    expect(systemLedgerAccount(db, 'demo_funding')).toBe(faucet);
  });

  it('posts a journal, moving cached balances that agree with the postings', () => {
    const r = postJournal(db, {
      kind: 'test_fund',
      ref: 'one',
      postings: [
        { ledgerAccountId: faucet, asset: 'PKR', amount: -1000n },
        { ledgerAccountId: alice, asset: 'PKR', amount: 1000n },
      ],
    });
    expect(r.created).toBe(true);
    expect(balanceOf(db, alice, 'PKR')).toBe(1000n);
    expect(balanceOf(db, faucet, 'PKR')).toBe(-1000n);
    expect(balanceFromPostings(db, alice, 'PKR')).toBe(1000n);
    expect(balanceOf(db, alice, 'USD')).toBe(0n);
  });

  it('has one effect per (kind, ref)', () => {
    const input = {
      kind: 'test_fund',
      ref: 'one',
      postings: [
        { ledgerAccountId: faucet, asset: 'PKR', amount: -1000n },
        { ledgerAccountId: alice, asset: 'PKR', amount: 1000n },
      ],
    };
    expect(postJournal(db, input).created).toBe(false);
    expect(balanceOf(db, alice, 'PKR')).toBe(1000n);
  });

  it('refuses to overdraw a user account and leaves nothing behind', () => {
    const journals = db.prepare('SELECT COUNT(*) FROM ledger_journals').pluck().get();
    expect(() =>
      postJournal(db, {
        kind: 'transfer',
        ref: 'too-much',
        postings: [
          { ledgerAccountId: alice, asset: 'PKR', amount: -1001n },
          { ledgerAccountId: bob, asset: 'PKR', amount: 1001n },
        ],
      }),
    ).toThrow(LedgerError);
    expect(db.prepare('SELECT COUNT(*) FROM ledger_journals').pluck().get()).toBe(journals);
    expect(balanceOf(db, alice, 'PKR')).toBe(1000n);
    expect(balanceOf(db, bob, 'PKR')).toBe(0n);
  });

  it('refuses an unbalanced journal before touching the database', () => {
    expect(() =>
      postJournal(db, {
        kind: 'transfer',
        ref: 'bad',
        postings: [
          { ledgerAccountId: alice, asset: 'PKR', amount: -1n },
          { ledgerAccountId: bob, asset: 'PKR', amount: 2n },
        ],
      }),
    ).toThrow(/unbalanced/);
  });

  it('keeps every journal balanced (sum of all postings per asset is zero)', () => {
    const sums = db
      .prepare('SELECT asset, SUM(amount) AS s FROM ledger_postings GROUP BY asset')
      .all() as Array<{ s: number }>;
    for (const row of sums) expect(row.s).toBe(0);
  });
});
