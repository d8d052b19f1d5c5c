// The double-entry ledger: pure posting rules, journals with cached balances, idempotency, no overdraft.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../support/test-db.ts';
import type { Db } from '../../server/db/database.ts';
import {
  balanceFromPostings,
  balanceOf,
  LedgerError,
  postJournal,
  systemLedgerAccount,
  userLedgerAccount,
} from '../../server/domain/ledger/ledger-repo.ts';
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

describe('ledger on the database', () => {
  let tdb: TestDatabase;
  let db: Db;
  let alice: number;
  let bob: number;
  let faucet: number;
  let demo: number;
  beforeAll(async () => {
    tdb = await openTestDatabase();
    db = tdb.db;
    const { id: userId } = await db
      .insertInto('users')
      .values({
        area_code: '+92',
        phone: '+923000000001',
        account: 'a',
        password_hash: 'x',
        invite_code: 'AAAA',
        created_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [a, b] = await db
      .insertInto('accounts')
      .values([
        { user_id: userId, type: 'demo', created_at: 0 },
        { user_id: userId, type: 'real', created_at: 0 },
      ])
      .returning('id')
      .execute();
    demo = a!.id;
    alice = await userLedgerAccount(db, demo);
    bob = await userLedgerAccount(db, b!.id);
    faucet = await systemLedgerAccount(db, 'demo_funding');
  });
  afterAll(async () => tdb.close());
  const journals = async () =>
    Number(
      (
        await db
          .selectFrom('ledger_journals')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates ledger accounts once', async () => {
    expect(await userLedgerAccount(db, demo)).toBe(alice);
    expect(await systemLedgerAccount(db, 'demo_funding')).toBe(faucet);
  });

  it('posts a journal, moving cached balances that agree with the postings', async () => {
    const r = await postJournal(db, {
      kind: 'test_fund',
      ref: 'one',
      postings: [
        { ledgerAccountId: faucet, asset: 'PKR', amount: -1000n },
        { ledgerAccountId: alice, asset: 'PKR', amount: 1000n },
      ],
    });
    expect(r.created).toBe(true);
    expect(await balanceOf(db, alice, 'PKR')).toBe(1000n);
    expect(await balanceOf(db, faucet, 'PKR')).toBe(-1000n);
    expect(await balanceFromPostings(db, alice, 'PKR')).toBe(1000n);
    expect(await balanceOf(db, alice, 'USD')).toBe(0n);
  });

  it('has one effect per (kind, ref)', async () => {
    const input = {
      kind: 'test_fund',
      ref: 'one',
      postings: [
        { ledgerAccountId: faucet, asset: 'PKR', amount: -1000n },
        { ledgerAccountId: alice, asset: 'PKR', amount: 1000n },
      ],
    };
    expect((await postJournal(db, input)).created).toBe(false);
    expect(await balanceOf(db, alice, 'PKR')).toBe(1000n);
  });

  it('refuses to overdraw a user account and leaves nothing behind', async () => {
    const before = await journals();
    await expect(
      postJournal(db, {
        kind: 'transfer',
        ref: 'too-much',
        postings: [
          { ledgerAccountId: alice, asset: 'PKR', amount: -1001n },
          { ledgerAccountId: bob, asset: 'PKR', amount: 1001n },
        ],
      }),
    ).rejects.toThrow(LedgerError);
    expect(await journals()).toBe(before);
    expect(await balanceOf(db, alice, 'PKR')).toBe(1000n);
    expect(await balanceOf(db, bob, 'PKR')).toBe(0n);
  });

  it('refuses an unbalanced journal before touching the database', async () => {
    await expect(
      postJournal(db, {
        kind: 'transfer',
        ref: 'bad',
        postings: [
          { ledgerAccountId: alice, asset: 'PKR', amount: -1n },
          { ledgerAccountId: bob, asset: 'PKR', amount: 2n },
        ],
      }),
    ).rejects.toThrow(/unbalanced/);
  });

  it('keeps every journal balanced (sum of all postings per asset is zero)', async () => {
    const sums = await db
      .selectFrom('ledger_postings')
      .select((eb) => ['asset', eb.fn.sum<bigint>('amount').as('amount')])
      .groupBy('asset')
      .execute();
    expect(sums.length).toBeGreaterThan(0);
    for (const row of sums) expect(BigInt(row.amount)).toBe(0n);
  });
});
