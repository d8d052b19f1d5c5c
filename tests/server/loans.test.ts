// Loans and the credit score through the API (issue 18 items 5, 6): what a user may borrow by tier, the key
// fact statement, applying (every refusal changes nothing; 30 identical applies are one loan), the manager's
// approval (one loan_disburse journal from loan_book), repayment (frozen) and its confirmation (settled exactly
// to loan_book, loan_interest and fee_loan), other users' ids, the demo account, and the score's change log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../contract/loan-terms.ts';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { sysAcct } from '../../server/domain/ledger/books.ts';
import { balanceOf } from '../../server/domain/ledger/ledger-repo.ts';
import { approveLoan, confirmRepayment, rejectLoan } from '../../server/domain/loans/loan-review.ts';
import { TRADE_PASSWORD, traderOn } from '../support/cheap-trader.ts';
import { get, makeTestApp, post, rowCounts, uniquePhone, type TestApp } from './helpers.ts';
import { grant, newClientId } from './withdraw-helpers.ts';
import { accountIdOf } from '../../server/domain/auth/users-repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '100000' });
});
afterAll(() => t?.close());

const en = { lang: 'en-US' };

async function borrower(opts: { kyc?: boolean; pkr?: bigint; ageDays?: number } = {}) {
  const tr = await traderOn(t.db, { phone: uniquePhone(), demoFundsPaisa: t.config.demoFundsPaisa });
  await t.db
    .updateTable('users')
    .set({
      id_status: (opts.kyc ?? true) ? 'succ' : 'none',
      created_at: Date.now() - (opts.ageDays ?? 0) * DAY_MS,
    })
    .where('id', '=', tr.userId)
    .execute();
  const accountId = (await accountIdOf(t.db, tr.userId, 'real'))!;
  if (opts.pkr) await grant(t.db, accountId, 'PKR', opts.pkr);
  return { ...tr, accountId };
}
type Borrower = Awaited<ReturnType<typeof borrower>>;

const overview = (b: Borrower, q: Record<string, string> = {}, token = b.tokenReal) =>
  get(t.app, '/api/user/loan', q, { ...en, token });

async function applyFor(b: Borrower, amount: string, days: string, over: Record<string, string> = {}) {
  const facts = (await overview(b, { amount, days })).body.data?.facts;
  return post(
    t.app,
    '/api/user/loan/apply',
    {
      amount,
      days,
      total: facts?.total ?? '0',
      apr: facts?.apr ?? '0.00',
      accept: '1',
      password: TRADE_PASSWORD,
      clientId: newClientId(),
      ...over,
    },
    { ...en, token: b.tokenReal },
  );
}

const sys = async (name: string) => balanceOf(t.db, await sysAcct(t.db, name), 'PKR');

describe('user/loan', () => {
  it('answers the score, the tier limits and, for amount + days, the key fact statement', async () => {
    const b = await borrower();
    const r = await overview(b, { amount: '10000', days: '30' });
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({
      credit: { score: 60, tier: 'qualified' },
      canApply: true,
      blockedBy: '',
      min: '1000.00',
      max: '20000.00',
      openCap: '100000.00',
      dailyRate: '0.05',
      feeRate: '1',
      open: [],
      facts: {
        amount: '10000.00',
        days: 30,
        interest: '150.00',
        fee: '100.00',
        cost: '250.00',
        total: '10250.00',
        apr: '30.42',
        lateFee: '0.00',
      },
    });
    expect(r.body.data.facts.schedule).toHaveLength(1);
  });

  it('an unverified user is Risk and may not apply; the demo account may not either', async () => {
    const u = await borrower({ kyc: false });
    expect((await overview(u)).body.data).toMatchObject({
      credit: { score: 40, tier: 'risk' },
      canApply: false,
      blockedBy: 'kyc.required',
    });
    const v = await borrower();
    expect((await overview(v, {}, v.tokenDemo)).body.data).toMatchObject({
      canApply: false,
      blockedBy: 'loan.demo',
      open: [],
    });
    const before = await rowCounts(t.db);
    const demo = await post(
      t.app,
      '/api/user/loan/apply',
      {
        amount: '5000',
        days: '30',
        total: '5125',
        apr: '30.42',
        accept: '1',
        password: TRADE_PASSWORD,
        clientId: newClientId(),
      },
      { ...en, token: v.tokenDemo },
    );
    expect(demo.body.msg).toMatch(/real account only/);
    expect(await rowCounts(t.db)).toEqual(before);
  });
});

describe('user/loan/apply refusals change nothing', () => {
  it('refuses bad days, amounts past the tier, changed terms, a wrong password, no KYC', async () => {
    const b = await borrower();
    const nokyc = await borrower({ kyc: false });
    const before = await rowCounts(t.db);
    const loansBefore = (await t.db.selectFrom('loans').selectAll().execute()).length;
    expect((await applyFor(b, '5000', '31')).body).toMatchObject({ field: 'days' });
    expect((await applyFor(b, '500', '30')).body.msg).toBe('The smallest loan is PKR 1000.00');
    expect((await applyFor(b, '20000.01', '30')).body.msg).toBe(
      'Your credit score allows a loan of at most PKR 20000.00',
    );
    expect((await applyFor(b, '5000', '30', { total: '5124.99' })).body.msg).toMatch(/terms have changed/);
    expect((await applyFor(b, '5000', '30', { apr: '1.00' })).body.msg).toMatch(/terms have changed/);
    expect((await applyFor(b, '5000', '30', { password: '000000' })).body.code).not.toBe(0);
    expect((await applyFor(b, '5000', '30', { accept: '0' })).body.code).not.toBe(0);
    expect((await applyFor(b, '5000', '30', { amount: '-5' })).body.code).not.toBe(0);
    expect((await applyFor(nokyc, '5000', '30', { total: '5125.00', apr: '30.42' })).body.code).not.toBe(0);
    expect((await t.db.selectFrom('loans').selectAll().execute()).length).toBe(loansBefore);
    const after = await rowCounts(t.db);
    expect({ ...after, attempt_guards: 0 }).toEqual({ ...before, attempt_guards: 0 });
  });

  it('30 parallel identical applies are one loan; the open-total cap holds across loans', async () => {
    // 150 days old: +10, so the usage part (−10 past 80 % of the cap) keeps the tier Qualified
    const b = await borrower({ ageDays: 150 });
    const facts = (await overview(b, { amount: '20000', days: '30' })).body.data.facts;
    const body = {
      amount: '20000',
      days: '30',
      total: facts.total,
      apr: facts.apr,
      accept: '1',
      password: TRADE_PASSWORD,
      clientId: newClientId(),
    };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        post(t.app, '/api/user/loan/apply', body, { ...en, token: b.tokenReal }),
      ),
    );
    expect(answers.every((a) => a.body.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await t.db.selectFrom('loans').selectAll().where('user_id', '=', b.userId).execute()).toHaveLength(
      1,
    );
    for (let i = 0; i < 4; i++) expect((await applyFor(b, '20000', '30')).body.code).toBe(0);
    expect((await applyFor(b, '1000', '30')).body.msg).toMatch(/you may borrow PKR 0.00 more/);
  });
});

describe('the loan from application to repaid', () => {
  it('disburses and settles exact ledger amounts; another user cannot see or repay it', async () => {
    const b = await borrower({ pkr: 100_000n });
    const other = await borrower({ pkr: 10_000_000n });
    const bookBefore = await sys('loan_book');
    const interestBefore = await sys('loan_interest');
    const feeBefore = await sys('fee_loan');
    const applied = await applyFor(b, '10000', '30');
    expect(applied.body.data).toMatchObject({
      status: 'review',
      amount: '10000.00',
      total: '10250.00',
      dueAt: null,
    });
    const id = applied.body.data.id as number;

    const approved = await approveLoan(t.db, CLI_ACTOR, id, Date.now());
    expect(approved.changed).toBe(true);
    expect((await approveLoan(t.db, CLI_ACTOR, id, Date.now())).changed).toBe(false);
    expect(await t.app.ledger.money(b.accountId)).toMatchObject({ available: 1_100_000n, frozen: 0n });
    expect(await sys('loan_book')).toBe(bookBefore - 1_000_000n);

    const mine = await get(t.app, '/api/user/loan/order/list', {}, { ...en, token: b.tokenReal });
    expect(mine.body.data.total).toBe(1);
    const loan = mine.body.data.list[0];
    expect(loan).toMatchObject({ status: 'active', lateDays: 0, repayNow: '10105.00' }); // 1 day used: 5.00 + 100.00
    expect(
      (await get(t.app, '/api/user/loan/order/list', {}, { ...en, token: other.tokenReal })).body.data.total,
    ).toBe(0);

    const theirs = await post(
      t.app,
      '/api/user/loan/repay',
      { id: String(id), total: loan.repayNow, password: TRADE_PASSWORD },
      { ...en, token: other.tokenReal },
    );
    expect(theirs.body.msg).toBe('Loan not found');
    const stale = await post(
      t.app,
      '/api/user/loan/repay',
      { id: String(id), total: '10250.00', password: TRADE_PASSWORD },
      { ...en, token: b.tokenReal },
    );
    expect(stale.body.msg).toBe('The amount to repay is now PKR 10105.00; please confirm again');

    const repaid = await post(
      t.app,
      '/api/user/loan/repay',
      { id: String(id), total: loan.repayNow, password: TRADE_PASSWORD },
      { ...en, token: b.tokenReal },
    );
    expect(repaid.body.data).toMatchObject({ status: 'repaying', repaidTotal: '10105.00' });
    expect(await t.app.ledger.money(b.accountId)).toMatchObject({
      available: 1_100_000n - 1_010_500n,
      frozen: 1_010_500n,
    });

    await confirmRepayment(t.db, CLI_ACTOR, id, Date.now());
    expect(await t.app.ledger.money(b.accountId)).toMatchObject({ available: 89_500n, frozen: 0n });
    expect(await sys('loan_book')).toBe(bookBefore);
    expect(await sys('loan_interest')).toBe(interestBefore + 500n);
    expect(await sys('fee_loan')).toBe(feeBefore + 10_000n);
    const log = await get(t.app, '/api/user/point/change/log', {}, { ...en, token: b.tokenReal });
    expect(log.body.data.credit.parts.find((p: { key: string }) => p.key === 'repaid').points).toBe(5);
    expect(log.body.data.list[0].moved).toContainEqual({ key: 'repaid', delta: 5 });
    const msgs = await t.db
      .selectFrom('user_messages')
      .select('text_key')
      .where('user_id', '=', b.userId)
      .execute();
    expect(msgs.map((m) => m.text_key).sort()).toEqual(['loanDisbursed', 'loanRepaid']);
  });

  it('refuses a repayment the balance cannot cover, changing nothing; a rejected loan shows its reason', async () => {
    const b = await borrower();
    const id = (await applyFor(b, '2000', '7')).body.data.id as number;
    await approveLoan(t.db, CLI_ACTOR, id, Date.now());
    // spend the loan: move the cash away
    await t.db
      .updateTable('loans')
      .set({ disbursed_at: Date.now() - 10 * DAY_MS, due_at: Date.now() - 3 * DAY_MS + 60_000 })
      .where('id', '=', id)
      .execute();
    const l = (await get(t.app, '/api/user/loan/order/list', {}, { ...en, token: b.tokenReal })).body.data
      .list[0];
    expect(l).toMatchObject({ lateDays: 3, repayNow: '2027.00' }); // 7 days' interest (7.00) + 20.00 fee: no late fee
    const credit = (await get(t.app, '/api/user/point/change/log', {}, { ...en, token: b.tokenReal })).body
      .data.credit;
    expect(credit.parts.find((p: { key: string }) => p.key === 'overdue').points).toBe(-6);
    const before = await rowCounts(t.db);
    const poor = await post(
      t.app,
      '/api/user/loan/repay',
      { id: String(id), total: '2027.00', password: TRADE_PASSWORD },
      { ...en, token: b.tokenReal },
    );
    expect(poor.body.msg).toBe('Insufficient balance: PKR 2027.00 is needed to repay this loan');
    expect(await rowCounts(t.db)).toEqual(before);

    const r = await applyFor(await borrower(), '3000', '14');
    const rid = r.body.data.id as number;
    await expect(rejectLoan(t.db, CLI_ACTOR, rid, { reason: ' ' }, Date.now())).rejects.toThrow(/reason/);
    await rejectLoan(t.db, CLI_ACTOR, rid, { reason: 'Income not confirmed' }, Date.now());
    await expect(approveLoan(t.db, CLI_ACTOR, rid, Date.now())).rejects.toThrow(/rejected/);
  });

  it('answers in Urdu', async () => {
    const b = await borrower();
    const r = await post(
      t.app,
      '/api/user/loan/repay',
      { id: '999999', total: '1.00', password: TRADE_PASSWORD },
      { lang: 'ur-PK', token: b.tokenReal },
    );
    expect(r.body.msg).toBe('قرض نہیں ملا');
  });
});
