// Automatic IPO subscription (issue 17 §3; contract/ipo-auto.ts): openAutoApply follows the broker's setting,
// each account's switch is its own (bad input refused, nothing changed), and the opening pass applies for the
// minimum application once per offering per account (re-run as after a restart, or five at once: one
// application, one freeze, one message), or records why not (balance, KYC, cap) and says so in a message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAutoApplyPass } from '../../server/domain/ipo/auto-apply.ts';
import { writeSetting } from '../../server/domain/settings/settings-repo.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { TRADE_PASSWORD } from '../support/cheap-trader.ts';
import { get, makeTestApp, post, type TestApp } from './helpers.ts';
import { HOUR, offering, subscriber, type Subscriber } from './ipo-helpers.ts';
import { newClientId } from './withdraw-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '100000' });
});
afterAll(() => t?.close());

const en = { lang: 'en-US' };
const setSwitch = (token: string, fields: Record<string, string>) =>
  post(t.app, '/api/user/update/autoapply', fields, { ...en, token });
const state = (token: string) => get(t.app, '/api/user/autoapply', {}, { ...en, token });
const money = (accountId: number) => t.app.ledger.money(accountId);

async function applicationsOf(accountId: number, offeringId: number) {
  return t.db
    .selectFrom('ipo_applications')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('offering_id', '=', offeringId)
    .execute();
}
// Offerings of earlier tests may still be open (and the leader's own pass runs beside these): look at one.
async function messagesOf(userId: number, offeringId: number) {
  return t.db
    .selectFrom('user_messages')
    .select(['text_key', 'params_json', 'link', 'event_key'])
    .where('user_id', '=', userId)
    .where('event_key', 'like', `ipo:auto:${offeringId}:%`)
    .execute();
}
async function runsOf(accountId: number, offeringId: number) {
  return t.db
    .selectFrom('ipo_auto_runs')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('offering_id', '=', offeringId)
    .execute();
}
async function switchOn(s: Subscriber, token = s.tokenReal, extra: Record<string, string> = {}) {
  const res = await setSwitch(token, { enabled: '1', ...extra });
  expect(res.body.code).toBe(0);
}

describe('openAutoApply and the switch', () => {
  it('login-info and user/info say 1 while the broker offers it, 0 when the setting is off', async () => {
    const s = await subscriber(t);
    const info = await get(t.app, '/api/user/login/info', {}, { token: s.tokenReal });
    expect(info.body.data.openAutoApply).toBe(1);
    expect((await get(t.app, '/api/user/info', {}, { token: s.tokenDemo })).body.data.openAutoApply).toBe(1);
    await writeSetting(t.db, 'ipo.autoApply', 0, null, Date.now());
    try {
      const off = await get(t.app, '/api/user/login/info', {}, { token: s.tokenReal });
      expect(off.body.data.openAutoApply).toBe(0);
      const refused = await setSwitch(s.tokenReal, { enabled: '1' });
      expect(refused.body).toMatchObject({
        code: -1001,
        msg: 'Automatic IPO subscription is not offered at the moment',
      });
      expect((await state(s.tokenReal)).body.data).toMatchObject({ offered: 0, enabled: false });
    } finally {
      await writeSetting(t.db, 'ipo.autoApply', 1, null, Date.now());
    }
  });

  it('is off until turned on; real and demo each keep their own switch and cap', async () => {
    const s = await subscriber(t);
    expect((await state(s.tokenReal)).body.data).toEqual({
      offered: 1,
      accountType: 'real',
      enabled: false,
      maxAmount: '',
      recent: [],
    });
    const on = await setSwitch(s.tokenReal, { enabled: '1', maxAmount: '25000.5' });
    expect(on.body.data).toMatchObject({ enabled: true, maxAmount: '25000.50', accountType: 'real' });
    expect((await state(s.tokenDemo)).body.data).toMatchObject({ enabled: false, accountType: 'demo' });
    await switchOn(s, s.tokenDemo);
    const off = await setSwitch(s.tokenReal, { enabled: '0' });
    expect(off.body.data).toMatchObject({ enabled: false, maxAmount: '' });
    expect((await state(s.tokenDemo)).body.data).toMatchObject({ enabled: true, maxAmount: '' });
    // another user sees only their own
    const other = await subscriber(t);
    expect((await state(other.tokenReal)).body.data).toMatchObject({ enabled: false });
  });

  it('refuses bad input with a localised -1001 and changes nothing; needs a token', async () => {
    const s = await subscriber(t);
    await switchOn(s, s.tokenReal, { maxAmount: '1000' });
    const before = await t.db.selectFrom('ipo_auto_apply').selectAll().execute();
    for (const fields of [
      {},
      { enabled: '2' },
      { enabled: 'on' },
      { enabled: '1', maxAmount: 'abc' },
      { enabled: '1', maxAmount: '-5' },
      { enabled: '1', maxAmount: '1.234' },
      { enabled: '1', maxAmount: '0' },
      { enabled: '1', maxAmount: '0.00' },
      { enabled: '1', maxAmount: '1'.repeat(20) },
    ]) {
      const res = await setSwitch(s.tokenReal, fields);
      expect(res.status).toBeLessThan(500);
      expect(res.body.code, JSON.stringify(fields)).toBe(-1001);
      expect(res.body.msg).not.toBe('');
    }
    const ur = await post(
      t.app,
      '/api/user/update/autoapply',
      { enabled: '1', maxAmount: '0' },
      { token: s.tokenReal, lang: 'ur-PK' },
    );
    expect(ur.body.msg).toBe('حد صفر سے زیادہ روپے کی رقم ہونی چاہیے');
    expect(await t.db.selectFrom('ipo_auto_apply').selectAll().execute()).toEqual(before);
    expect((await setSwitch('', { enabled: '1' })).body.code).toBe(-1000);
    expect((await state('')).body.code).toBe(-1000);
  });
});

describe('the opening pass', () => {
  it('applies for the minimum application once, freezes price × shares and tells the user', async () => {
    const o = await offering(t, { minQty: 1000 });
    const s = await subscriber(t, { pkr: 5_000_000n });
    await switchOn(s);
    const cashBefore = (await money(s.accountId)).available;
    // five passes at once (two leaders, a timer and a restart) and one after: one decision
    await Promise.all(Array.from({ length: 5 }, () => runAutoApplyPass(t.db, Date.now())));
    await runAutoApplyPass(t.db, Date.now());
    const apps = await applicationsOf(s.accountId, o.id);
    expect(apps).toHaveLength(1);
    expect(apps[0]).toMatchObject({
      shares: 1000,
      amount: 1_000_000n,
      state: 'applied',
      client_id: `auto-ipo-${o.id}`,
    });
    expect(await money(s.accountId)).toMatchObject({
      available: cashBefore - 1_000_000n,
      frozen: 1_000_000n,
    });
    const msgs = await messagesOf(s.userId, o.id);
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({ text_key: 'ipoAutoApplied', link: '/pages/stockIPO/ipoRecord' });
    const st = await state(s.tokenReal);
    expect(st.body.data.recent.filter((r: { offeringId: number }) => r.offeringId === o.id)).toEqual([
      expect.objectContaining({
        offeringId: o.id,
        symbol: o.symbol,
        outcome: 'applied',
        shares: 1000,
        amount: '10000.00',
        applicationId: apps[0]!.id,
      }),
    ]);
    // the message reads in the user's language with the account named
    const notice = await get(
      t.app,
      '/api/user/notice',
      { page: '1', size: '50' },
      { token: s.tokenReal, lang: 'en-US' },
    );
    expect(JSON.stringify(notice.body.data)).toContain(`We applied for 1000 shares of ${o.symbol}`);
    expect(JSON.stringify(notice.body.data)).toContain('from your real account; PKR 10000.00 is held');
    // it is an ordinary application: the user may cancel it, and the pass does not apply again
    const cancel = await post(
      t.app,
      '/api/stock/order/new/apply',
      { action: 'cancel', applicationId: String(apps[0]!.id) },
      { ...en, token: s.tokenReal },
    );
    expect(cancel.body.data.state).toBe('cancelled');
    await runAutoApplyPass(t.db, Date.now());
    expect(await applicationsOf(s.accountId, o.id)).toHaveLength(1);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });

  it('does not apply without the balance, without KYC on the real account, or over the cap, and says why', async () => {
    const o = await offering(t);
    const poor = await subscriber(t, { pkr: 400_000n }); // PKR 4,000 < 500 × PKR 10
    const noKyc = await subscriber(t, { kyc: false, pkr: 5_000_000n });
    const capped = await subscriber(t, { pkr: 5_000_000n });
    await switchOn(poor);
    await switchOn(noKyc);
    await switchOn(capped, capped.tokenReal, { maxAmount: '4999.99' });
    await runAutoApplyPass(t.db, Date.now());
    for (const [s, outcome, key] of [
      [poor, 'no_balance', 'ipoAutoNoBalance'],
      [noKyc, 'no_kyc', 'ipoAutoNoKyc'],
      [capped, 'over_cap', 'ipoAutoOverCap'],
    ] as const) {
      expect(await applicationsOf(s.accountId, o.id)).toEqual([]);
      expect((await money(s.accountId)).frozen).toBe(0n);
      expect(await runsOf(s.accountId, o.id)).toEqual([
        expect.objectContaining({ offering_id: o.id, outcome, application_id: null, amount: 500_000n }),
      ]);
      const msgs = await messagesOf(s.userId, o.id);
      expect(msgs).toEqual([
        expect.objectContaining({ text_key: key, link: `/pages/stockIPO/ipoDetail?id=${o.id}` }),
      ]);
    }
    // money arriving later does not retry an offering already decided
    await runAutoApplyPass(t.db, Date.now());
    expect(await runsOf(poor.accountId, o.id)).toHaveLength(1);
  });

  it('applies for the demo account with demo money (no KYC needed), apart from the real one', async () => {
    const o = await offering(t);
    const s = await subscriber(t, { kyc: false });
    await switchOn(s, s.tokenDemo);
    await runAutoApplyPass(t.db, Date.now());
    // (the earlier tests' offerings are open too: each gets its own automatic application)
    expect(await applicationsOf(s.demoAccountId, o.id)).toEqual([
      expect.objectContaining({ shares: 500, amount: 500_000n, state: 'applied' }),
    ]);
    expect(await applicationsOf(s.accountId, o.id)).toEqual([]);
    expect(await runsOf(s.accountId, o.id)).toEqual([]);
    const demoApps = await t.db
      .selectFrom('ipo_applications')
      .select('amount')
      .where('account_id', '=', s.demoAccountId)
      .execute();
    expect((await money(s.demoAccountId)).frozen).toBe(demoApps.reduce((sum, a) => sum + a.amount, 0n));
    expect((await money(s.accountId)).frozen).toBe(0n);
    const [m] = await messagesOf(s.userId, o.id);
    expect(JSON.parse(m!.params_json)).toMatchObject({ account: 'demo', qty: 500, amount: '5000.00' });
  });

  it('leaves alone: a switch turned off, an offering not open yet, an account that applied by hand', async () => {
    const later = await offering(t, {}, HOUR);
    const open = await offering(t);
    const off = await subscriber(t, { pkr: 5_000_000n });
    await switchOn(off);
    await setSwitch(off.tokenReal, { enabled: '0' });
    const hand = await subscriber(t, { pkr: 5_000_000n });
    const applied = await post(
      t.app,
      '/api/stock/order/new/apply',
      {
        action: 'apply',
        offeringId: String(open.id),
        qty: '1500',
        clientId: newClientId(),
        tradePassword: TRADE_PASSWORD,
      },
      { ...en, token: hand.tokenReal },
    );
    expect(applied.body.code).toBe(0);
    await switchOn(hand);
    await runAutoApplyPass(t.db, Date.now());
    expect(await runsOf(off.accountId, open.id)).toEqual([]);
    expect(await applicationsOf(hand.accountId, open.id)).toEqual([
      expect.objectContaining({ shares: 1500 }),
    ]);
    expect(await runsOf(hand.accountId, open.id)).toEqual([
      expect.objectContaining({ offering_id: open.id, outcome: 'already_applied' }),
    ]);
    expect(await messagesOf(hand.userId, open.id)).toEqual([]);
    expect(await applicationsOf(hand.accountId, later.id)).toEqual([]);
    // when the later offering's window starts, the pass applies for it
    await runAutoApplyPass(t.db, later.opens_at + 1);
    expect(await applicationsOf(hand.accountId, later.id)).toEqual([
      expect.objectContaining({ shares: 500, state: 'applied' }),
    ]);
  });
});
