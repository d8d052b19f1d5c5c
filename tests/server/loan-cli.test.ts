// The back-office `loan` command (in process, on this run's database): list the applications, approve one
// (disbursed), reject another with a reason, confirm a repayment, refuse one (money back, in progress again);
// repeats change nothing, a wrong state or a missing reason is refused with exit 1, bad usage exits 2, and
// every decision is audited as the CLI actor.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { moneyOf } from '../../server/domain/ledger/books.ts';
import { grantCash } from '../../server/domain/ledger/post.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { keyFacts, termsOrThrow } from '../../server/domain/loans/loan-apply.ts';
import { repayLoan } from '../../server/domain/loans/loan-repay.ts';
import { loanLimits } from '../../server/domain/loans/loans-repo.ts';
import { AttemptGuard, MemoryAttemptStore } from '../../server/domain/rate-limit/attempt-guard.ts';
import { readSettings } from '../../server/domain/settings/settings-repo.ts';
import { runBackoffice } from '../../server/tools/backoffice.ts';
import { TRADE_PASSWORD, traderOn } from '../support/cheap-trader.ts';
import { openTestDatabase, type TestDatabase } from '../support/test-db.ts';
import { uniquePhone } from './helpers.ts';
import { accountIdOf } from '../../server/domain/auth/users-repo.ts';
import { applyForLoan } from '../../server/domain/loans/loan-apply.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await openTestDatabase();
});
afterAll(async () => tdb?.close());

const cli = async (args: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runBackoffice(
    [tdb.place.dataDir, ...args],
    { ...process.env, ...tdb.place.env },
    { out: (l) => out.push(l), err: (l) => err.push(l) },
  );
  return { status, out: out.join('\n'), err: err.join('\n') };
};

const guard = new AttemptGuard(
  { free: 1_000_000, baseDelayMs: 1, maxDelayMs: 1, forgetAfterMs: 1 },
  new MemoryAttemptStore(),
);
let seq = 0;

/** A KYC-verified user's application for PKR `amount` over 14 days, through the domain call the route makes. */
async function application(amount: string) {
  const db = tdb.db;
  const tr = await traderOn(db, { phone: uniquePhone(), demoFundsPaisa: 0n });
  await db.updateTable('users').set({ id_status: 'succ' }).where('id', '=', tr.userId).execute();
  const accountId = (await accountIdOf(db, tr.userId, 'real'))!;
  const now = Date.now();
  const facts = keyFacts(termsOrThrow(loanLimits(await readSettings(db)), 100n * BigInt(amount), 14, now));
  const caller = { userId: tr.userId, accountId, accountType: 'real' as const };
  const loan = await applyForLoan(
    db,
    guard,
    caller,
    {
      amount,
      days: '14',
      total: facts.total,
      apr: facts.apr,
      password: TRADE_PASSWORD,
      clientId: `cli-${process.pid}-${++seq}`,
    },
    now,
  );
  const repay = async () => {
    const row = await db.selectFrom('loans').selectAll().where('id', '=', loan.id).executeTakeFirstOrThrow();
    const list = JSON.parse((await cli(['loan', 'list', '--status', row.status, '--limit', '999'])).out) as {
      loans: Array<{ id: number; repayNow: string }>;
    };
    const mine = list.loans.find((l) => l.id === loan.id)!;
    return repayLoan(
      db,
      guard,
      caller,
      { id: loan.id, total: mine.repayNow, password: TRADE_PASSWORD },
      Date.now(),
    );
  };
  return { id: String(loan.id), accountId, repay };
}

it('lists, approves, rejects, confirms and refuses like the console; repeats and wrong states change nothing', async () => {
  const a = await application('5000');
  const b = await application('2000');
  const listed = await cli(['loan', 'list']);
  expect(listed.status).toBe(0);
  const ids = (JSON.parse(listed.out) as { loans: Array<{ id: number }> }).loans.map((l) => String(l.id));
  expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));

  const ok = await cli(['loan', 'approve', '--id', a.id]);
  expect(ok.status, ok.err).toBe(0);
  expect(JSON.parse(ok.out)).toMatchObject({ command: 'loan approve', changed: true, status: 'active' });
  expect((await moneyOf(tdb.db, a.accountId)).available).toBe(500_000n);
  const again = await cli(['loan', 'approve', '--id', a.id]);
  expect(again.status).toBe(0);
  expect(JSON.parse(again.out)).toMatchObject({ changed: false });
  expect(again.err).toMatch(/already active/);

  expect((await cli(['loan', 'reject', '--id', b.id])).status).toBe(1); // no reason
  const no = await cli(['loan', 'reject', '--id', b.id, '--reason', 'Income not confirmed']);
  expect(no.status).toBe(0);
  expect(JSON.parse(no.out)).toMatchObject({ status: 'rejected', reason: 'Income not confirmed' });
  const late = await cli(['loan', 'approve', '--id', b.id]);
  expect(late.status).toBe(1);
  expect(late.err).toMatch(/refused \(badStatus\)/);

  // a repayment refused, then repaid again and confirmed
  await grantCash(tdb.db, a.accountId, 10_000n, `cli-grant-${a.id}`, Date.now());
  expect((await cli(['loan', 'confirm', '--id', a.id])).status).toBe(1); // not under review yet
  expect((await a.repay()).status).toBe('repaying');
  const frozen = await moneyOf(tdb.db, a.accountId);
  expect((await cli(['loan', 'refuse', '--id', a.id])).status).toBe(1); // no reason
  const refused = await cli(['loan', 'refuse', '--id', a.id, '--reason', 'Payment not received']);
  expect(refused.status, refused.err).toBe(0);
  expect(JSON.parse(refused.out)).toMatchObject({ changed: true, status: 'active' });
  expect(await moneyOf(tdb.db, a.accountId)).toMatchObject({
    available: frozen.available + frozen.frozen,
    frozen: 0n,
  });
  expect((await cli(['loan', 'refuse', '--id', a.id, '--reason', 'again'])).status).toBe(1);
  expect((await a.repay()).status).toBe('repaying');
  const done = await cli(['loan', 'confirm', '--id', a.id]);
  expect(done.status, done.err).toBe(0);
  expect(JSON.parse(done.out)).toMatchObject({ status: 'repaid' });
  expect((await moneyOf(tdb.db, a.accountId)).frozen).toBe(0n);

  const audits = await tdb.db
    .selectFrom('operator_audit')
    .select(['action', 'subject_id'])
    .where('subject_type', '=', 'loan')
    .execute();
  expect(audits.filter((x) => x.subject_id === a.id).map((x) => x.action)).toEqual([
    'loan.approve',
    'loan.refuseRepay',
    'loan.confirmRepay',
  ]);
  expect((await ledgerSelfCheck(tdb.db)).ok).toBe(true);
});

it('bad usage exits 2 and changes nothing', async () => {
  expect((await cli(['loan'])).status).toBe(2);
  expect((await cli(['loan', 'approve', '--id', 'x'])).status).toBe(2);
  expect((await cli(['loan', 'list', '--status', 'nope'])).status).toBe(2);
  expect((await cli(['loan', 'approve', '--id', '1', '--reason', 'x'])).status).toBe(2);
  const missing = await cli(['loan', 'approve', '--id', '999999']);
  expect(missing.status).toBe(1);
  expect(missing.err).toMatch(/does not exist/);
});
