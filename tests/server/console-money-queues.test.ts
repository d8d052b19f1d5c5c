// The console's deposit and withdrawal queues (finance): roles (a kyc reviewer and support are refused, admin
// may), the list and detail with what the operator checks, approve and reject through the review domain
// functions with their ledger effect, idempotent repeats, one audit entry per change, and every refusal a
// localised -1001 on the field at fault that changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import { get, makeTestApp, post, registerUser, rowCounts, type TestApp } from './helpers.ts';
import { asOperator, cookieOf, makeOperator } from './console-helpers.ts';
import { newClientId, openAllWeek, WITHDRAW_PASSWORD, withdrawer } from './withdraw-helpers.ts';

let t: TestApp;
const cookies: Record<string, string> = {};
const ops: Record<string, number> = {};
beforeAll(async () => {
  t = await makeTestApp({ SIM_CHAIN_BLOCK_MS: '0', SIM_CHAIN_WATCH_MS: '0' });
  for (const role of ['kyc', 'finance', 'support', 'admin']) {
    const op = await makeOperator(t, role);
    ops[role] = op.id;
    cookies[role] = await cookieOf(t, op);
  }
  await openAllWeek(t.db);
});
afterAll(async () => t?.close());

const as = (role: string) => asOperator(cookies[role] ?? '');
const FORBIDDEN = 'Your role does not allow this.';

async function counts(db: Db) {
  const out = await rowCounts(db);
  for (const table of ['deposits', 'withdrawals', 'operator_audit'] as const) {
    const r = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(r.n);
  }
  return out;
}
const auditOf = (subjectType: string, id: number) =>
  t.db
    .selectFrom('operator_audit')
    .selectAll()
    .where('subject_type', '=', subjectType)
    .where('subject_id', '=', String(id))
    .execute();

/** A verified user's pending bank deposit of 2500.75 PKR; its id, owner and real account. */
async function pendingDeposit() {
  const u = await registerUser(t.app);
  await t.db.updateTable('users').set({ id_status: 'succ' }).where('id', '=', u.user.id).execute();
  const accs = await get(t.app, '/api/index/bank/recharge', {}, { token: u.tokenReal });
  const bank = (accs.body.data.list as { id: number; channel: string }[]).find((a) => a.channel === 'bank');
  const r = await post(
    t.app,
    '/api/user/recharge/add',
    { channel: 'bank', amount: '2500.75', clientId: newClientId(), receivingAccountId: String(bank!.id) },
    { token: u.tokenReal },
  );
  expect(r.body.code).toBe(0);
  const row = await t.db
    .selectFrom('deposits')
    .selectAll()
    .where('id', '=', r.body.data.id as number)
    .executeTakeFirstOrThrow();
  return { id: row.id, userId: u.user.id, accountId: row.account_id, reference: row.reference };
}

async function pendingWithdrawal(kind: 'bank' | 'crypto') {
  const w = await withdrawer(t, { pkr: 10_000_000n, usdt: 100_000_000n });
  const r =
    kind === 'bank'
      ? await post(
          t.app,
          '/api/user/withdraw/add',
          {
            bindingId: String(w.bindingId),
            amount: '5000',
            password: WITHDRAW_PASSWORD,
            clientId: newClientId(),
          },
          { token: w.tokenReal },
        )
      : await post(
          t.app,
          '/api/coin/withdraw/add',
          {
            addressId: String(w.addressId),
            amount: '20',
            password: WITHDRAW_PASSWORD,
            clientId: newClientId(),
          },
          { token: w.tokenReal },
        );
  expect(r.body.code).toBe(0);
  return { id: r.body.data.id as number, w };
}

describe('roles', () => {
  it('lets finance and admin reach both queues; kyc and support are refused and change nothing', async () => {
    const d = await pendingDeposit();
    const { id } = await pendingWithdrawal('bank');
    for (const name of ['deposits', 'withdrawals']) {
      for (const role of ['finance', 'admin'])
        expect((await get(t.app, `/admin/api/queues/${name}`, {}, as(role))).body.code).toBe(0);
      for (const role of ['kyc', 'support'])
        expect((await get(t.app, `/admin/api/queues/${name}`, {}, as(role))).body).toMatchObject({
          code: -1001,
          msg: FORBIDDEN,
        });
      expect((await get(t.app, `/admin/api/queues/${name}`, {})).body.code).toBe(-1000);
    }
    const before = await counts(t.db);
    const r1 = await post(
      t.app,
      `/admin/api/queues/deposits/${d.id}/approve`,
      { reference: 'HBL-1' },
      as('kyc'),
    );
    expect(r1.body).toMatchObject({ code: -1001, msg: FORBIDDEN });
    const r2 = await post(
      t.app,
      `/admin/api/queues/withdrawals/${id}/reject`,
      { reason: 'nope nope' },
      as('kyc'),
    );
    expect(r2.body).toMatchObject({ code: -1001, msg: FORBIDDEN });
    const r3 = await post(
      t.app,
      `/admin/api/queues/withdrawals/${id}/approve`,
      { reference: 'X1' },
      { headers: { 'x-console': '1' } },
    );
    expect(r3.body.code).toBe(-1000);
    expect(await counts(t.db)).toEqual(before);
  });
});

describe('deposit queue', () => {
  it('lists pending newest first with the detail the operator matches, and credits with a bank reference', async () => {
    const a = await pendingDeposit();
    const b = await pendingDeposit();
    const list = await get(t.app, '/admin/api/queues/deposits', {}, as('finance'));
    const ids = (list.body.data.list as { id: number }[]).map((i) => i.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    const detail = await get(t.app, `/admin/api/queues/deposits/${a.id}`, {}, as('finance'));
    expect(detail.body.data).toMatchObject({ id: a.id, status: 'pending', title: '2500.75 PKR' });
    const fields = detail.body.data.fields as { label: string; value: string }[];
    const value = (label: string) => fields.find((f) => f.label === label)?.value;
    expect(value('money.userId')).toBe(String(a.userId));
    expect(value('money.channel')).toBe('bank');
    expect(value('deposit.reference')).toBe(a.reference);
    expect(value('deposit.receivingAccount')).toMatch(/PK\d{2}[A-Z]{4}\d{16}/);
    expect(value('money.createdAt')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d PKT$/);
    expect(value('money.phone')).toMatch(/^\+92/);

    const cash0 = (await t.app.ledger.money(a.accountId, 'PKR')).available;
    const ok = await post(
      t.app,
      `/admin/api/queues/deposits/${a.id}/approve`,
      { reference: 'HBL-778899' },
      as('finance'),
    );
    expect(ok.body.code).toBe(0);
    expect((await t.app.ledger.money(a.accountId, 'PKR')).available).toBe(cash0 + 250_075n);
    const row = await t.db
      .selectFrom('deposits')
      .selectAll()
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'credited',
      bank_reference: 'HBL-778899',
      reviewed_by: ops['finance'],
    });
    const audit = await auditOf('deposit', a.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'deposit.credit',
      source: 'console',
      operator_id: ops['finance'],
    });

    // the same credit again: one effect; a different decision or reference is refused
    const before = await counts(t.db);
    const again = await post(
      t.app,
      `/admin/api/queues/deposits/${a.id}/approve`,
      { reference: 'HBL-778899' },
      as('finance'),
    );
    expect(again.body.code).toBe(0);
    const other = await post(
      t.app,
      `/admin/api/queues/deposits/${a.id}/approve`,
      { reference: 'HBL-000001' },
      as('admin'),
    );
    expect(other.body).toMatchObject({
      code: -1001,
      msg: 'This deposit was already credited (bank reference HBL-778899)',
    });
    const rej = await post(
      t.app,
      `/admin/api/queues/deposits/${a.id}/reject`,
      { reason: 'not seen' },
      as('finance'),
    );
    expect(rej.body.code).toBe(-1001);
    expect(await counts(t.db)).toEqual(before);
    expect((await t.app.ledger.money(a.accountId, 'PKR')).available).toBe(cash0 + 250_075n);

    // the credited list shows it
    const credited = await get(t.app, '/admin/api/queues/deposits', { status: 'credited' }, as('finance'));
    expect((credited.body.data.list as { id: number }[]).map((i) => i.id)).toContain(a.id);
  });

  it('refuses bad and reused references and short reasons on their field, changing nothing', async () => {
    const a = await pendingDeposit();
    const b = await pendingDeposit();
    await post(
      t.app,
      `/admin/api/queues/deposits/${a.id}/approve`,
      { reference: 'MEZN-4242' },
      as('finance'),
    );
    const before = await counts(t.db);
    const cases: [string, Record<string, string>, string, string][] = [
      [
        'approve',
        { reference: '' },
        'reference',
        'Enter the bank or transaction reference (at least 3 characters).',
      ],
      [
        'approve',
        { reference: 'HBL 12 34' },
        'reference',
        'The bank reference must be 1-64 letters, digits or . _ : / # - without spaces',
      ],
      [
        'approve',
        { reference: 'MEZN-4242' },
        'reference',
        `This bank reference was already used for deposit ${a.id}`,
      ],
      ['reject', { reason: 'no' }, 'reason', 'Give a reason of 3 to 200 characters.'],
    ];
    for (const [action, body, fieldName, msg] of cases) {
      const r = await post(t.app, `/admin/api/queues/deposits/${b.id}/${action}`, body, as('finance'));
      expect(r.body).toMatchObject({ code: -1001, field: fieldName, msg });
    }
    const missing = await post(
      t.app,
      '/admin/api/queues/deposits/999999/approve',
      { reference: 'HBL-1' },
      as('finance'),
    );
    expect(missing.body).toMatchObject({ code: -1001, msg: 'Deposit 999999 does not exist' });
    expect((await get(t.app, '/admin/api/queues/deposits/999999', {}, as('finance'))).body.code).toBe(-1001);
    expect(await counts(t.db)).toEqual(before);
    // in Urdu too
    const ur = await t.app.inject({
      method: 'POST',
      url: `/admin/api/queues/deposits/${b.id}/approve`,
      headers: { ...as('finance').headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'reference=HBL%2012',
    });
    expect(ur.json<{ msg: string }>().msg).toMatch(/[\u0600-\u06FF]/);
  });

  it('rejects with the reason the user reads, once', async () => {
    const a = await pendingDeposit();
    const r = await post(
      t.app,
      `/admin/api/queues/deposits/${a.id}/reject`,
      { reason: 'No matching transfer' },
      as('finance'),
    );
    expect(r.body.code).toBe(0);
    const again = await post(
      t.app,
      `/admin/api/queues/deposits/${a.id}/reject`,
      { reason: 'No matching transfer' },
      as('finance'),
    );
    expect(again.body.code).toBe(0);
    const row = await t.db
      .selectFrom('deposits')
      .selectAll()
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'rejected', reason: 'No matching transfer' });
    expect(await auditOf('deposit', a.id)).toHaveLength(1);
    const detail = await get(t.app, `/admin/api/queues/deposits/${a.id}`, {}, as('finance'));
    expect(detail.body.data.fields).toContainEqual({ label: 'money.reason', value: 'No matching transfer' });
  });
});

describe('crypto deposits in the deposit queue', () => {
  it('refuses to credit or reject a chain-credited deposit, localised, changing nothing', async () => {
    const u = await registerUser(t.app);
    await t.db.updateTable('users').set({ id_status: 'succ' }).where('id', '=', u.user.id).execute();
    await post(t.app, '/api/coin/recharge/address/generate', { chain: 'TRC20' }, { token: u.tokenReal });
    const r = await post(
      t.app,
      '/api/coin/recharge/add',
      { chain: 'TRC20', amount: '25', clientId: newClientId() },
      { token: u.tokenReal },
    );
    expect(r.body.code).toBe(0);
    const id = r.body.data.id as number;
    const before = await counts(t.db);
    const msg = 'Crypto deposits are credited or refused by the chain watcher, not by hand';
    const rej = await post(
      t.app,
      `/admin/api/queues/deposits/${id}/reject`,
      { reason: 'No matching transfer' },
      as('finance'),
    );
    expect(rej.body).toMatchObject({ code: -1001, msg });
    const credit = await post(
      t.app,
      `/admin/api/queues/deposits/${id}/approve`,
      { reference: 'HBL-4455' },
      as('finance'),
    );
    expect(credit.body).toMatchObject({ code: -1001, msg });
    const ur = await t.app.inject({
      method: 'POST',
      url: `/admin/api/queues/deposits/${id}/reject`,
      headers: { ...as('finance').headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'reason=No%20matching%20transfer',
    });
    expect(ur.json<{ code: number; msg: string }>()).toMatchObject({ code: -1001 });
    expect(ur.json<{ msg: string }>().msg).toMatch(/[\u0600-\u06FF]/);
    expect(await counts(t.db)).toEqual(before);
    const row = await t.db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', reason: '' });
    expect(await auditOf('deposit', id)).toHaveLength(0);
  });
});

describe('withdrawal queue', () => {
  it('shows the destination, amount and fee, and pays a bank withdrawal with its reference', async () => {
    const { id, w } = await pendingWithdrawal('bank');
    const list = await get(t.app, '/admin/api/queues/withdrawals', {}, as('finance'));
    expect((list.body.data.list as { id: number }[]).map((i) => i.id)).toContain(id);
    const detail = await get(t.app, `/admin/api/queues/withdrawals/${id}`, {}, as('finance'));
    expect(detail.body.data).toMatchObject({ id, status: 'pending', title: '5000.00 PKR' });
    expect(detail.body.data.fields).toEqual(
      expect.arrayContaining([
        { label: 'withdrawal.destination', value: 'HABB · PK36HABB0000001123456702 · Ali Khan' },
        { label: 'withdrawal.fee', value: '50.00 PKR' },
        { label: 'withdrawal.total', value: '5050.00 PKR' },
        { label: 'money.userId', value: String(w.userId) },
      ]),
    );
    const before = await t.app.ledger.money(w.accountId, 'PKR');
    expect(before.frozen).toBe(505_000n);

    const bad = await counts(t.db);
    const r0 = await post(
      t.app,
      `/admin/api/queues/withdrawals/${id}/approve`,
      { reference: '' },
      as('finance'),
    );
    expect(r0.body).toMatchObject({ code: -1001, field: 'reference' });
    expect(r0.body.msg).toContain('Enter the bank reference');
    expect(await counts(t.db)).toEqual(bad);

    const ok = await post(
      t.app,
      `/admin/api/queues/withdrawals/${id}/approve`,
      { reference: 'IBFT-5566' },
      as('finance'),
    );
    expect(ok.body.code).toBe(0);
    expect(await t.app.ledger.money(w.accountId, 'PKR')).toMatchObject({
      available: before.available,
      frozen: 0n,
    });
    const again = await post(
      t.app,
      `/admin/api/queues/withdrawals/${id}/approve`,
      { reference: 'IBFT-5566' },
      as('finance'),
    );
    expect(again.body.code).toBe(0);
    const audit = await auditOf('withdrawal', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'withdrawal.approve',
      operator_id: ops['finance'],
      source: 'console',
    });
    const row = await t.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'paid', reference: 'IBFT-5566' });
    const done = await counts(t.db);
    const rej = await post(
      t.app,
      `/admin/api/queues/withdrawals/${id}/reject`,
      { reason: 'too late' },
      as('finance'),
    );
    expect(rej.body).toMatchObject({ code: -1001, msg: 'This withdrawal has already been decided.' });
    expect(await counts(t.db)).toEqual(done);
  });

  it('approves a crypto withdrawal with no hash (a simulated one) and shows the network fee', async () => {
    const { id } = await pendingWithdrawal('crypto');
    const detail = await get(t.app, `/admin/api/queues/withdrawals/${id}`, {}, as('finance'));
    const labels = (detail.body.data.fields as { label: string }[]).map((f) => f.label);
    expect(labels).toContain('withdrawal.networkFee');
    const bad = await post(
      t.app,
      `/admin/api/queues/withdrawals/${id}/approve`,
      { reference: '0xabc' },
      as('finance'),
    );
    expect(bad.body).toMatchObject({ code: -1001, field: 'reference' });
    const ok = await post(t.app, `/admin/api/queues/withdrawals/${id}/approve`, {}, as('admin'));
    expect(ok.body.code).toBe(0);
    const row = await t.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
    expect(row.reference).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rejects: the frozen total goes back to available, once, with the reason; unknown ids are refused', async () => {
    const { id, w } = await pendingWithdrawal('bank');
    const start = await t.app.ledger.money(w.accountId, 'PKR');
    const r = await post(
      t.app,
      `/admin/api/queues/withdrawals/${id}/reject`,
      { reason: 'Title does not match' },
      as('finance'),
    );
    expect(r.body.code).toBe(0);
    expect(await t.app.ledger.money(w.accountId, 'PKR')).toMatchObject({
      available: start.available + start.frozen,
      frozen: 0n,
    });
    const before = await counts(t.db);
    const again = await post(
      t.app,
      `/admin/api/queues/withdrawals/${id}/reject`,
      { reason: 'Title does not match' },
      as('finance'),
    );
    expect(again.body.code).toBe(0);
    expect(await counts(t.db)).toEqual(before);
    expect(await auditOf('withdrawal', id)).toHaveLength(1);
    const pay = await post(
      t.app,
      `/admin/api/queues/withdrawals/${id}/approve`,
      { reference: 'IBFT-1' },
      as('finance'),
    );
    expect(pay.body).toMatchObject({ code: -1001, msg: 'This withdrawal has already been decided.' });
    const missing = await post(
      t.app,
      '/admin/api/queues/withdrawals/999999/reject',
      { reason: 'whatever' },
      as('finance'),
    );
    expect(missing.body).toMatchObject({ code: -1001, msg: 'This withdrawal does not exist.' });
    expect(await counts(t.db)).toEqual(before);
    const rejected = await get(t.app, '/admin/api/queues/withdrawals', { status: 'rejected' }, as('finance'));
    expect((rejected.body.data.list as { id: number }[]).map((i) => i.id)).toContain(id);
  });
});
