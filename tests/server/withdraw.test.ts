// Withdrawals through the API: user/withdraw/add, order, status, config and coin/withdraw/add, order. Success
// freezes amount + fee; every refusal is -1001 with its message and changes nothing; -1000 without a token;
// another user's binding, address and record ids read like missing ones; a repeated clientId is one record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { writeSetting } from '../../server/domain/settings/settings-repo.ts';
import { approveWithdrawal, rejectWithdrawal } from '../../server/domain/withdrawals/withdrawal-review.ts';
import { get, makeTestApp, post, type TestApp } from './helpers.ts';
import {
  newClientId,
  openAllWeek,
  WITHDRAW_PASSWORD,
  withdrawCounts,
  withdrawer,
  type Withdrawer,
} from './withdraw-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '100000' });
  await openAllWeek(t.db);
});
afterAll(() => t?.close());

const en = { lang: 'en-US' };
const add = (w: Withdrawer, body: Record<string, string>, token = w.tokenReal) =>
  post(
    t.app,
    '/api/user/withdraw/add',
    {
      bindingId: String(w.bindingId),
      amount: '5000',
      password: WITHDRAW_PASSWORD,
      clientId: newClientId(),
      ...body,
    },
    { ...en, token },
  );
const money = (w: Withdrawer, asset = 'PKR') => t.app.ledger.money(w.accountId, asset);

describe('user/withdraw/add', () => {
  it('freezes amount + fee and answers the pending record; the fee is on top (max(50, 0.1 %))', async () => {
    const w = await withdrawer(t, { pkr: 10_000_000n });
    const res = await add(w, { amount: '80000.00' });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      channel: 'bank',
      asset: 'PKR',
      amount: '80000.00',
      fee: '80.00',
      total: '80080.00',
      status: 'pending',
      provider: 'HABB',
      title: 'Ali Khan',
    });
    expect(await money(w)).toEqual({ asset: 'PKR', available: 10_000_000n - 8_008_000n, frozen: 8_008_000n });
    const small = await add(w, { amount: '1000' });
    expect(small.body.data.fee).toBe('50.00');
  });

  it('the same clientId again answers the same record with one freeze', async () => {
    const w = await withdrawer(t, { pkr: 1_000_000n });
    const clientId = newClientId();
    const a = await add(w, { clientId });
    const b = await add(w, { clientId, amount: '6000' });
    expect(b.body.data.id).toBe(a.body.data.id);
    expect((await money(w)).frozen).toBe(505_000n);
  });

  const refusals: Array<[string, (w: Withdrawer) => Record<string, string>, string]> = [
    ['below the minimum', () => ({ amount: '999.99' }), 'The minimum withdrawal is 1000.00 PKR'],
    [
      'above the maximum',
      () => ({ amount: '5000000.01' }),
      'The maximum for one withdrawal is 5000000.00 PKR',
    ],
    ['zero', () => ({ amount: '0' }), 'Please enter the amount to withdraw'],
    ['more than the balance', () => ({ amount: '20000' }), 'Insufficient Balance'],
    [
      'a wrong password',
      () => ({ password: '000000' }),
      'The withdrawal password is incorrect, please re-enter it.',
    ],
    [
      'a missing binding',
      () => ({ bindingId: '999999999' }),
      'This bank account or wallet does not exist, please choose another',
    ],
  ];
  for (const [what, body, msg] of refusals) {
    it(`refuses ${what} and changes nothing`, async () => {
      const w = await withdrawer(t, { pkr: 1_000_000n });
      const before = await withdrawCounts(t.db);
      const res = await add(w, body(w));
      expect(res.body).toMatchObject({ code: -1001, msg });
      expect(await withdrawCounts(t.db)).toEqual(before);
      expect(await money(w)).toEqual({ asset: 'PKR', available: 1_000_000n, frozen: 0n });
    });
  }

  it('refuses the demo account, no KYC, no password, a deleted binding and another user’s binding', async () => {
    const w = await withdrawer(t, { pkr: 1_000_000n });
    const noKyc = await withdrawer(t, { kyc: false, pkr: 1_000_000n });
    const noPw = await withdrawer(t, { password: false, pkr: 1_000_000n });
    const other = await withdrawer(t, { pkr: 1_000_000n });
    await t.db
      .updateTable('payout_bindings')
      .set({ deleted_at: Date.now() })
      .where('id', '=', other.bindingId)
      .execute();
    const before = await withdrawCounts(t.db);
    expect((await add(w, {}, w.tokenDemo)).body.msg).toBe('The demo account has no withdrawals');
    expect((await add(noKyc, {})).body.msg).toBe('Please complete KYC first');
    expect((await add(noPw, {})).body.msg).toBe('Please set the withdrawal password first');
    const stolen = await add(w, { bindingId: String(noPw.bindingId) });
    expect(stolen.body).toMatchObject({ code: -1001, field: 'bindingId' });
    expect((await add(other, {})).body).toMatchObject({ field: 'bindingId' });
    expect(await withdrawCounts(t.db)).toEqual(before);
  });

  it('refuses outside the hours and past the daily maximum', async () => {
    const w = await withdrawer(t, { pkr: 100_000_000n });
    await writeSetting(t.db, 'withdraw.dailyMax', '7000.00', null, Date.now());
    try {
      expect((await add(w, { amount: '5000' })).body.code).toBe(0);
      const before = await withdrawCounts(t.db);
      expect((await add(w, { amount: '2000.01' })).body.msg).toBe(
        'The daily withdrawal limit is 7000.00 PKR; you can still withdraw 2000.00 PKR today',
      );
      await writeSetting(
        t.db,
        'withdraw.hours',
        { days: [], open: '09:00', close: '17:00' },
        null,
        Date.now(),
      );
      expect((await add(w, { amount: '1000' })).body.msg).toBe(
        'Withdrawal is not possible at the current time',
      );
      expect(await withdrawCounts(t.db)).toEqual(before);
    } finally {
      await writeSetting(t.db, 'withdraw.dailyMax', '10000000.00', null, Date.now());
      await openAllWeek(t.db);
    }
  });

  it('answers -1000 without a token', async () => {
    const res = await post(
      t.app,
      '/api/user/withdraw/add',
      { bindingId: '1', amount: '5000', password: WITHDRAW_PASSWORD, clientId: newClientId() },
      en,
    );
    expect(res.body.code).toBe(-1000);
  });
});

describe('coin/withdraw/add', () => {
  it('freezes amount + the chain fee in USDT; another user’s address reads as missing', async () => {
    const w = await withdrawer(t, { usdt: 100_000_000n });
    const other = await withdrawer(t);
    const body = {
      addressId: String(w.addressId),
      amount: '20.5',
      password: WITHDRAW_PASSWORD,
      clientId: newClientId(),
    };
    const res = await post(t.app, '/api/coin/withdraw/add', body, { ...en, token: w.tokenReal });
    expect(res.body.data).toMatchObject({
      channel: 'crypto',
      asset: 'USDT',
      amount: '20.500000',
      fee: '0.000000',
      networkFee: '1.000000',
      chain: 'TRC20',
    });
    expect(await money(w, 'USDT')).toEqual({ asset: 'USDT', available: 78_500_000n, frozen: 21_500_000n });
    const before = await withdrawCounts(t.db);
    const stolen = await post(
      t.app,
      '/api/coin/withdraw/add',
      { ...body, addressId: String(other.addressId), clientId: newClientId() },
      { ...en, token: w.tokenReal },
    );
    expect(stolen.body).toMatchObject({ code: -1001, field: 'addressId' });
    const small = await post(
      t.app,
      '/api/coin/withdraw/add',
      { ...body, amount: '9.99', clientId: newClientId() },
      { ...en, token: w.tokenReal },
    );
    expect(small.body.msg).toBe('The minimum withdrawal is 10.000000 USDT');
    expect(await withdrawCounts(t.db)).toEqual(before);
    const list = await post(t.app, '/api/coin/withdraw/order', {}, { ...en, token: w.tokenReal });
    expect(list.body.data.list.map((x: { id: number }) => x.id)).toEqual([res.body.data.id]);
  });
});

describe('crypto daily maximum', () => {
  it('takes exactly the daily maximum in USDT, refuses one unit more, and a rejection frees it again', async () => {
    const w = await withdrawer(t, { usdt: 1_000_000_000n });
    await writeSetting(t.db, 'crypto.withdrawDailyMax', '50', null, Date.now());
    const coin = (amount: string) =>
      post(
        t.app,
        '/api/coin/withdraw/add',
        { addressId: String(w.addressId), amount, password: WITHDRAW_PASSWORD, clientId: newClientId() },
        { ...en, token: w.tokenReal },
      );
    try {
      const first = await coin('30');
      expect(first.body.code).toBe(0);
      const before = await withdrawCounts(t.db);
      const over = await coin('20.000001');
      expect(over.body).toMatchObject({
        code: -1001,
        field: 'amount',
        msg: 'The daily crypto withdrawal limit is 50.000000 USDT; you can still withdraw 20.000000 USDT today',
      });
      const ur = await post(
        t.app,
        '/api/coin/withdraw/add',
        {
          addressId: String(w.addressId),
          amount: '21',
          password: WITHDRAW_PASSWORD,
          clientId: newClientId(),
        },
        { lang: 'ur-PK', token: w.tokenReal },
      );
      expect(ur.body.msg).toMatch(/[\u0600-\u06FF]/);
      expect(await withdrawCounts(t.db)).toEqual(before);
      expect((await coin('20')).body.code).toBe(0); // exactly at the maximum
      const full = await coin('10');
      expect(full.body.msg).toBe(
        'The daily crypto withdrawal limit is 50.000000 USDT; you can still withdraw 0.000000 USDT today',
      );
      await rejectWithdrawal(
        t.db,
        CLI_ACTOR,
        first.body.data.id as number,
        { reason: 'Wrong address' },
        Date.now(),
      );
      expect((await coin('30')).body.code).toBe(0);
    } finally {
      await writeSetting(t.db, 'crypto.withdrawDailyMax', '200000', null, Date.now());
    }
  });
});

describe('order, status, config', () => {
  it('lists the caller’s own records newest first, filtered by status; another user’s id is missing', async () => {
    const w = await withdrawer(t, { pkr: 10_000_000n });
    const other = await withdrawer(t);
    const ids: number[] = [];
    for (const amount of ['1000', '2000', '3000']) ids.push((await add(w, { amount })).body.data.id);
    await rejectWithdrawal(t.db, CLI_ACTOR, ids[0]!, { reason: 'Title mismatch' }, Date.now());
    const all = await get(t.app, '/api/user/withdraw/order', { size: '2' }, { ...en, token: w.tokenReal });
    expect(all.body.data).toMatchObject({ total: 3, page: 1, size: 2 });
    expect(all.body.data.list.map((x: { id: number }) => x.id)).toEqual([ids[2], ids[1]]);
    const rejected = await get(
      t.app,
      '/api/user/withdraw/order',
      { status: 'rejected' },
      { ...en, token: w.tokenReal },
    );
    expect(rejected.body.data.list).toMatchObject([{ id: ids[0], reason: 'Title mismatch' }]);
    const mine = await get(
      t.app,
      '/api/user/withdraw/status',
      { id: String(ids[1]) },
      { ...en, token: w.tokenReal },
    );
    expect(mine.body.data.amount).toBe('2000.00');
    const theirs = await get(
      t.app,
      '/api/user/withdraw/status',
      { id: String(ids[1]) },
      { ...en, token: other.tokenReal },
    );
    const missing = await get(
      t.app,
      '/api/user/withdraw/status',
      { id: '999999999' },
      { ...en, token: other.tokenReal },
    );
    expect(theirs.body).toEqual(missing.body);
    expect(missing.body).toMatchObject({ code: -1001, msg: 'This withdrawal does not exist' });
    expect(
      (await get(t.app, '/api/user/withdraw/order', {}, { ...en, token: other.tokenReal })).body.data.total,
    ).toBe(0);
    expect((await get(t.app, '/api/user/withdraw/order', {}, en)).body.code).toBe(-1000);
  });

  it('config answers only what is the user’s: today’s use, the available balances, the password', async () => {
    const w = await withdrawer(t, { pkr: 10_000_000n, usdt: 50_000_000n });
    await add(w, { amount: '1500' });
    await post(
      t.app,
      '/api/coin/withdraw/add',
      {
        addressId: String(w.addressId),
        amount: '12.5',
        password: WITHDRAW_PASSWORD,
        clientId: newClientId(),
      },
      { ...en, token: w.tokenReal },
    );
    const res = await get(t.app, '/api/user/withdraw/config', {}, { ...en, token: w.tokenReal });
    expect(res.body.data).toEqual({
      open: true,
      usedToday: '1500.00',
      available: '98450.00',
      hasPassword: true,
      crypto: { open: true, usedToday: '12.500000', available: '36.500000' },
    });
  });
});

describe('review', () => {
  it('funds detail: the request, then the payment and its fee as their own rows, or the return', async () => {
    const w = await withdrawer(t, { pkr: 1_000_000n });
    const paidId = (await add(w, { amount: '5000' })).body.data.id as number;
    await approveWithdrawal(t.db, CLI_ACTOR, paidId, { reference: 'HBL-9001' }, Date.now());
    const backId = (await add(w, { amount: '2000' })).body.data.id as number;
    await rejectWithdrawal(t.db, CLI_ACTOR, backId, { reason: 'Title mismatch' }, Date.now());
    const rows = async (type?: string) =>
      (
        await get(t.app, '/api/user/tx/record', type ? { type } : {}, { ...en, token: w.tokenReal })
      ).body.data.list.map((r: { type: string; amount: string; balance: string }) => [
        r.type,
        r.amount,
        r.balance,
      ]);
    // newest first; a payment leaves the frozen funds, so the available balance stays as it was
    expect(await rows()).toEqual([
      ['withdraw_return', '2050.00', '4950.00'],
      ['withdraw_freeze', '-2050.00', '2900.00'],
      ['fee', '-50.00', '4950.00'],
      ['withdraw', '-5000.00', '4950.00'],
      ['withdraw_freeze', '-5050.00', '4950.00'],
      ['deposit', '10000.00', '10000.00'],
    ]);
    expect(await rows('withdraw')).toEqual([['withdraw', '-5000.00', '4950.00']]);
    expect((await rows('withdraw_return')).length).toBe(1);
  });

  it('approve settles to clearing and the fee account once; reject after approve is refused', async () => {
    const w = await withdrawer(t, { pkr: 1_000_000n });
    const id = (await add(w, { amount: '5000' })).body.data.id as number;
    const first = await approveWithdrawal(t.db, CLI_ACTOR, id, { reference: 'HBL-123' }, Date.now());
    const again = await approveWithdrawal(t.db, CLI_ACTOR, id, { reference: 'HBL-123' }, Date.now());
    expect([first.changed, again.changed]).toEqual([true, false]);
    expect(await money(w)).toEqual({ asset: 'PKR', available: 495_000n, frozen: 0n });
    await expect(rejectWithdrawal(t.db, CLI_ACTOR, id, { reason: 'x' }, Date.now())).rejects.toThrow(
      /already paid/,
    );
    const audit = await t.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('subject_id', '=', String(id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.approve']);
  });

  it('reject returns amount + fee once; a crypto approval makes a chain-format hash', async () => {
    const w = await withdrawer(t, { pkr: 1_000_000n, usdt: 50_000_000n });
    const id = (await add(w, { amount: '5000' })).body.data.id as number;
    await rejectWithdrawal(t.db, CLI_ACTOR, id, { reason: 'Bank closed' }, Date.now());
    expect((await rejectWithdrawal(t.db, CLI_ACTOR, id, { reason: 'Bank closed' }, Date.now())).changed).toBe(
      false,
    );
    expect(await money(w)).toEqual({ asset: 'PKR', available: 1_000_000n, frozen: 0n });
    const c = await post(
      t.app,
      '/api/coin/withdraw/add',
      { addressId: String(w.addressId), amount: '10', password: WITHDRAW_PASSWORD, clientId: newClientId() },
      { ...en, token: w.tokenReal },
    );
    const paid = await approveWithdrawal(t.db, CLI_ACTOR, c.body.data.id, { reference: '' }, Date.now());
    expect(paid.withdrawal.reference).toMatch(/^[0-9a-f]{64}$/);
    expect(await money(w, 'USDT')).toEqual({ asset: 'USDT', available: 39_000_000n, frozen: 0n });
  });
});
