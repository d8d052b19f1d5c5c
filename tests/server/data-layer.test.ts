// The async data layer on this run's engine (SQLite in `server`, PostgreSQL in `server-pg`): the integer rule,
// transactions that roll back whole, and ledger postings that refuse an overdraft without spoiling the
// caller's transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traderOn } from '../support/cheap-trader.ts';
import { uniquePhone } from './helpers.ts';
import { inTx } from '../../server/db/tx.ts';
import {
  balanceFromPostings,
  balanceOf,
  LedgerError,
  postJournal,
  postJournals,
  systemLedgerAccount,
  userLedgerAccount,
} from '../../server/domain/ledger/ledger-repo.ts';
import { openTestDatabase, testDialect, type TestDatabase } from '../support/test-db.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.close();
});

const newUser = async () =>
  (await traderOn(t.db, { phone: uniquePhone(), demoFundsPaisa: 100_000n, withPassword: false })).userId;

const demoOf = async (userId: number) =>
  (
    await t.db
      .selectFrom('accounts')
      .select('id')
      .where('user_id', '=', userId)
      .where('type', '=', 'demo')
      .executeTakeFirstOrThrow()
  ).id;

describe(`data layer on ${testDialect()}`, () => {
  it('reads money as bigint and ids and times as numbers, past 2^53 exactly', async () => {
    const userId = await newUser();
    expect(typeof userId).toBe('number');
    expect(userId).toBeGreaterThan(100_000);
    const account = await userLedgerAccount(t.db, await demoOf(userId), 'big');
    const source = await systemLedgerAccount(t.db, 'test_source');
    const huge = 9_007_199_254_740_993n;
    await postJournal(t.db, {
      kind: 'test',
      ref: 'huge',
      postings: [
        { ledgerAccountId: source, asset: 'PKR', amount: -huge },
        { ledgerAccountId: account, asset: 'PKR', amount: huge },
      ],
    });
    expect(await balanceOf(t.db, account, 'PKR')).toBe(huge);
    expect(await balanceFromPostings(t.db, account, 'PKR')).toBe(huge);
    const row = await t.db
      .selectFrom('users')
      .select(['id', 'created_at'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(typeof row.id).toBe('number');
    expect(typeof row.created_at).toBe('number');
  });

  it('posts a journal once per (kind, ref)', async () => {
    const userId = await newUser();
    const a = await userLedgerAccount(t.db, await demoOf(userId), 'once');
    const src = await systemLedgerAccount(t.db, 'test_source');
    const post = () =>
      postJournal(t.db, {
        kind: 'test',
        ref: `once:${userId}`,
        postings: [
          { ledgerAccountId: src, asset: 'PKR', amount: -5n },
          { ledgerAccountId: a, asset: 'PKR', amount: 5n },
        ],
      });
    const results = await Promise.all([post(), post(), post()]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await balanceOf(t.db, a, 'PKR')).toBe(5n);
  });

  it('refuses an overdraft before writing, and the transaction goes on', async () => {
    const userId = await newUser();
    const a = await userLedgerAccount(t.db, await demoOf(userId), 'empty');
    const b = await userLedgerAccount(t.db, await demoOf(userId), 'other');
    const outcome = await inTx(t.db, async (tx) => {
      const refused = await postJournal(tx, {
        kind: 'test',
        ref: `overdraw:${userId}`,
        postings: [
          { ledgerAccountId: a, asset: 'PKR', amount: -1n },
          { ledgerAccountId: b, asset: 'PKR', amount: 1n },
        ],
      }).catch((err: unknown) => err);
      await tx.updateTable('users').set({ account: 'still-usable' }).where('id', '=', userId).execute();
      return refused;
    });
    expect(outcome).toBeInstanceOf(LedgerError);
    expect((outcome as LedgerError).reason).toBe('insufficient');
    const u = await t.db
      .selectFrom('users')
      .select('account')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(u.account).toBe('still-usable');
  });

  it('rolls a failed transaction back whole', async () => {
    const userId = await newUser();
    await expect(
      inTx(t.db, async (tx) => {
        await tx.updateTable('users').set({ account: 'changed' }).where('id', '=', userId).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const u = await t.db
      .selectFrom('users')
      .select('account')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(u.account).not.toBe('changed');
  });

  it('runs parallel transactions as if alone: the one that throws leaves nothing, the others all stay', async () => {
    const userId = await newUser();
    const a = await userLedgerAccount(t.db, await demoOf(userId), 'parallel');
    const src = await systemLedgerAccount(t.db, 'test_source');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        inTx(t.db, async (tx) => {
          await postJournal(tx, {
            kind: 'test',
            ref: `parallel:${userId}:${i}`,
            postings: [
              { ledgerAccountId: src, asset: 'PKR', amount: -7n },
              { ledgerAccountId: a, asset: 'PKR', amount: 7n },
            ],
          });
          if (i === 3) throw new Error('boom');
          return i;
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(
      Array.from({ length: 10 }, (_, i) => (i === 3 ? 'rejected' : 'fulfilled')),
    );
    expect(await balanceOf(t.db, a, 'PKR')).toBe(63n);
    expect(await balanceFromPostings(t.db, a, 'PKR')).toBe(63n);
    const failed = await t.db
      .selectFrom('ledger_journals')
      .select('id')
      .where('ref', '=', `parallel:${userId}:3`)
      .execute();
    expect(failed).toHaveLength(0);
  });

  it('posts new journals together as one after another would: all or none, in order', async () => {
    const userId = await newUser();
    const a = await userLedgerAccount(t.db, await demoOf(userId), 'several');
    const src = await systemLedgerAccount(t.db, 'test_source');
    const journal = (ref: string, amount: bigint) => ({
      kind: 'test',
      ref: `several:${userId}:${ref}`,
      postings: [
        { ledgerAccountId: src, asset: 'PKR', amount: -amount },
        { ledgerAccountId: a, asset: 'PKR', amount },
      ],
    });
    // a credit, then a debit of what it brought: fine in this order
    expect(await postJournals(t.db, [journal('in', 10n), journal('out', -10n)])).toHaveLength(2);
    expect(await balanceOf(t.db, a, 'PKR')).toBe(0n);
    // the debit first would overdraw, although the two net to zero: refused, nothing written
    const refused = await postJournals(t.db, [journal('out2', -5n), journal('in2', 5n)]).catch(
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(LedgerError);
    expect((refused as LedgerError).message).toContain('out2');
    const written = await t.db
      .selectFrom('ledger_journals')
      .select('id')
      .where('ref', 'in', [`several:${userId}:out2`, `several:${userId}:in2`])
      .execute();
    expect(written).toHaveLength(0);
    expect(await balanceOf(t.db, a, 'PKR')).toBe(0n);
    expect(await balanceFromPostings(t.db, a, 'PKR')).toBe(0n);
    // they are for journals that are new by construction: a ref posted before is an error, not a repeat
    await expect(postJournals(t.db, [journal('in', 10n)])).rejects.toThrow('exist already');
  });

  it('re-runs a unique-key race until the winner is seen, and refuses a certain duplicate after 3 runs', async () => {
    const key = `race-${uniquePhone()}`;
    // Two bodies that each insert the row unless it is there: both end well (on PostgreSQL one re-runs).
    const claim = () =>
      inTx(t.db, async (tx) => {
        const had = await tx
          .selectFrom('market_meta')
          .select('value')
          .where('key', '=', key)
          .executeTakeFirst();
        if (had) return 'seen';
        await tx.insertInto('market_meta').values({ key, value: 'x' }).execute();
        return 'inserted';
      });
    expect((await Promise.all([claim(), claim()])).sort()).toEqual(['inserted', 'seen']);
    // A body that inserts the same key whatever it finds is refused, not tried twelve times.
    let runs = 0;
    await expect(
      inTx(t.db, async (tx) => {
        runs += 1;
        await tx.insertInto('market_meta').values({ key, value: 'y' }).execute();
      }),
    ).rejects.toThrow();
    expect(runs).toBe(testDialect() === 'postgres' ? 3 : 1);
  });

  it('keeps 50 parallel debits of one balance within it', async () => {
    const userId = await newUser();
    const cash = await userLedgerAccount(t.db, await demoOf(userId));
    const sink = await systemLedgerAccount(t.db, 'test_sink');
    const tries = Array.from({ length: 50 }, (_, i) =>
      postJournal(t.db, {
        kind: 'test',
        ref: `debit:${userId}:${i}`,
        postings: [
          { ledgerAccountId: cash, asset: 'PKR', amount: -30_000n },
          { ledgerAccountId: sink, asset: 'PKR', amount: 30_000n },
        ],
      }).then(
        () => 'ok',
        (err: unknown) => (err instanceof LedgerError ? err.reason : String(err)),
      ),
    );
    const outcomes = await Promise.all(tries);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(3);
    expect(outcomes.filter((o) => o !== 'ok').every((o) => o === 'insufficient')).toBe(true);
    expect(await balanceOf(t.db, cash, 'PKR')).toBe(10_000n);
  });
});
