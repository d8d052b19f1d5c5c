// The console's loans queue (role manager, the user's account manager; admin may too): roles, the list and
// detail with the accepted key facts and the credit score, approve = disburse (one loan_disburse journal),
// approve of a repayment = confirm (settled), reject with a reason, idempotent repeats, one audit entry per
// change; reject of a repayment under review = refuse it (money back, in progress again, the reason in a
// message); and the user lookup shows the score and the loans.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountIdOf } from '../../server/domain/auth/users-repo.ts';
import { TRADE_PASSWORD, traderOn } from '../support/cheap-trader.ts';
import { asOperator, cookieOf, makeOperator } from './console-helpers.ts';
import { get, makeTestApp, post, uniquePhone, type TestApp } from './helpers.ts';
import { grant, newClientId } from './withdraw-helpers.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';

let t: TestApp;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  t = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '100000' });
  for (const role of ['kyc', 'finance', 'support', 'manager', 'admin']) {
    cookies[role] = await cookieOf(t, await makeOperator(t, role));
  }
});
afterAll(() => t?.close());
const as = (role: string) => asOperator(cookies[role] ?? '');
const en = { lang: 'en-US' };

async function application(amount: string) {
  const tr = await traderOn(t.db, { phone: uniquePhone(), demoFundsPaisa: t.config.demoFundsPaisa });
  await t.db.updateTable('users').set({ id_status: 'succ' }).where('id', '=', tr.userId).execute();
  const accountId = (await accountIdOf(t.db, tr.userId, 'real'))!;
  const facts = (await get(t.app, '/api/user/loan', { amount, days: '14' }, { ...en, token: tr.tokenReal }))
    .body.data.facts;
  const r = await post(
    t.app,
    '/api/user/loan/apply',
    {
      amount,
      days: '14',
      total: facts.total,
      apr: facts.apr,
      accept: '1',
      password: TRADE_PASSWORD,
      clientId: newClientId(),
    },
    { ...en, token: tr.tokenReal },
  );
  expect(r.body.code).toBe(0);
  return { ...tr, accountId, id: r.body.data.id as number };
}
const audits = (id: number) =>
  t.db
    .selectFrom('operator_audit')
    .select('action')
    .where('subject_type', '=', 'loan')
    .where('subject_id', '=', String(id))
    .execute();

describe('loans queue', () => {
  it('is for the manager and admin only', async () => {
    for (const role of ['manager', 'admin'])
      expect((await get(t.app, '/admin/api/queues/loans', {}, as(role))).body.code).toBe(0);
    for (const role of ['kyc', 'finance', 'support'])
      expect((await get(t.app, '/admin/api/queues/loans', {}, as(role))).body).toMatchObject({
        code: -1001,
        msg: 'Your role does not allow this.',
      });
  });

  it('approve disburses, approve again changes nothing, the repayment is confirmed; each audited', async () => {
    const a = await application('5000');
    const list = (await get(t.app, '/admin/api/queues/loans', {}, as('manager'))).body.data.list;
    expect(list.map((i: { id: number }) => i.id)).toContain(a.id);
    const detail = (await get(t.app, `/admin/api/queues/loans/${a.id}`, {}, as('manager'))).body.data;
    expect(detail.fields).toContainEqual({ label: 'loan.total', value: '5085.00 PKR' }); // 35.00 interest + 50.00 fee
    expect(detail.fields).toContainEqual({ label: 'loan.score', value: '60 (qualified)' });

    expect((await post(t.app, `/admin/api/queues/loans/${a.id}/approve`, {}, as('manager'))).body.code).toBe(
      0,
    );
    expect((await post(t.app, `/admin/api/queues/loans/${a.id}/approve`, {}, as('manager'))).body.code).toBe(
      0,
    );
    expect(await t.app.ledger.money(a.accountId)).toMatchObject({ available: 500_000n });
    const journals = await t.db
      .selectFrom('ledger_journals')
      .selectAll()
      .where('ref', '=', `loan:${a.id}`)
      .execute();
    expect(journals).toHaveLength(1);

    await grant(t.db, a.accountId, 'PKR', 10_000n);
    const loan = (await get(t.app, '/api/user/loan/order/list', {}, { ...en, token: a.tokenReal })).body.data
      .list[0];
    const rp = await post(
      t.app,
      '/api/user/loan/repay',
      { id: String(a.id), total: loan.repayNow, password: TRADE_PASSWORD },
      { ...en, token: a.tokenReal },
    );
    expect(rp.body.data.status).toBe('repaying');
    const repaying = (await get(t.app, '/admin/api/queues/loans', { status: 'repaying' }, as('manager'))).body
      .data.list;
    expect(repaying.map((i: { id: number }) => i.id)).toContain(a.id);
    expect((await post(t.app, `/admin/api/queues/loans/${a.id}/approve`, {}, as('admin'))).body.code).toBe(0);
    const done = (await get(t.app, '/api/user/loan/order/list', {}, { ...en, token: a.tokenReal })).body.data
      .list[0];
    expect(done).toMatchObject({ status: 'repaid', repaidTotal: '5052.50' }); // 1 day: 2.50 + 50.00 fee
    expect(await t.app.ledger.money(a.accountId)).toMatchObject({
      available: 510_000n - 505_250n,
      frozen: 0n,
    });
    expect((await audits(a.id)).map((r) => r.action).sort()).toEqual(['loan.approve', 'loan.confirmRepay']);

    const look = (await get(t.app, '/admin/api/lookup', { q: String(a.userId) }, as('manager'))).body.data;
    expect(look.credit.score).toBe(65);
    expect(look.loans[0]).toMatchObject({ id: a.id, status: 'repaid', amount: '5000.00' });
  });

  it('reject needs a reason, tells the user, and cannot be approved after', async () => {
    const a = await application('2000');
    expect(
      (await post(t.app, `/admin/api/queues/loans/${a.id}/reject`, { reason: 'x' }, as('manager'))).body.code,
    ).toBe(-1001);
    expect(
      (
        await post(
          t.app,
          `/admin/api/queues/loans/${a.id}/reject`,
          { reason: 'Income not confirmed' },
          as('manager'),
        )
      ).body.code,
    ).toBe(0);
    const after = await post(t.app, `/admin/api/queues/loans/${a.id}/approve`, {}, as('manager'));
    expect(after.body.code).toBe(-1001);
    const mine = (await get(t.app, '/api/user/loan/order/list', {}, { ...en, token: a.tokenReal })).body.data
      .list[0];
    expect(mine).toMatchObject({ status: 'rejected', reason: 'Income not confirmed' });
    expect(await t.app.ledger.money(a.accountId)).toMatchObject({ available: 0n });
    expect((await audits(a.id)).map((r) => r.action)).toEqual(['loan.reject']);
  });

  it('reject of a repayment under review refuses it: money back, in progress again, the reason sent', async () => {
    const a = await application('3000');
    expect((await post(t.app, `/admin/api/queues/loans/${a.id}/approve`, {}, as('manager'))).body.code).toBe(
      0,
    );
    const repay = async () => {
      const loan = (await get(t.app, '/api/user/loan/order/list', {}, { ...en, token: a.tokenReal })).body
        .data.list[0];
      return post(
        t.app,
        '/api/user/loan/repay',
        { id: String(a.id), total: loan.repayNow, password: TRADE_PASSWORD },
        { ...en, token: a.tokenReal },
      );
    };
    await grant(t.db, a.accountId, 'PKR', 10_000n);
    expect((await repay()).body.data.status).toBe('repaying');
    const frozen = await t.app.ledger.money(a.accountId);
    expect(frozen.frozen).toBeGreaterThan(0n);
    // a reason is required; a refusal of a bad reason changes nothing
    const bad = await post(
      t.app,
      `/admin/api/queues/loans/${a.id}/reject`,
      { reason: 'x' },
      { ...as('manager'), ...en },
    );
    expect(bad.body.code).toBe(-1001);
    expect(await t.app.ledger.money(a.accountId)).toEqual(frozen);
    const no = await post(
      t.app,
      `/admin/api/queues/loans/${a.id}/reject`,
      { reason: 'Payment not received' },
      as('manager'),
    );
    expect(no.body.code, no.raw).toBe(0);
    expect(await t.app.ledger.money(a.accountId)).toMatchObject({
      available: frozen.available + frozen.frozen,
      frozen: 0n,
    });
    const mine = (await get(t.app, '/api/user/loan/order/list', {}, { ...en, token: a.tokenReal })).body.data
      .list[0];
    expect(mine.status).toBe('active');
    // refusing again: it is no longer under review (localised)
    const again = await post(
      t.app,
      `/admin/api/queues/loans/${a.id}/reject`,
      { reason: 'Payment not received' },
      { ...as('manager'), ...en },
    );
    expect(again.body).toMatchObject({ code: -1001, msg: expect.stringContaining('already been decided') });
    const ur = await post(
      t.app,
      `/admin/api/queues/loans/${a.id}/reject`,
      { reason: 'Payment not received' },
      { ...as('manager'), lang: 'ur-PK' },
    );
    expect(ur.body.code).toBe(-1001);
    expect(ur.body.msg).not.toBe(again.body.msg);
    // the user's message, in both languages, with the reason and a link to the loan screen
    for (const [lang, text] of [
      ['en-US', 'was not accepted: Payment not received'],
      ['ur-PK', 'قبول نہیں کی گئی: Payment not received'],
    ] as const) {
      const msgs = (await get(t.app, '/api/user/notice', {}, { lang, token: a.tokenReal })).body.data;
      const list = (msgs.list ?? msgs) as Array<{ kind: string; body: string; link: string }>;
      const m = list.find((x) => x.kind === 'loan' && x.body.includes(text));
      expect(m, JSON.stringify(list)).toBeDefined();
      expect(m!.link).toContain('loan');
    }
    // the user repays again and the manager confirms it this time
    expect((await repay()).body.data.status).toBe('repaying');
    const yes = await post(t.app, `/admin/api/queues/loans/${a.id}/approve`, {}, as('manager'));
    expect(yes.body.code, yes.raw).toBe(0);
    expect((await audits(a.id)).map((r) => r.action).sort()).toEqual([
      'loan.approve',
      'loan.confirmRepay',
      'loan.refuseRepay',
    ]);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });
});
