// VIP membership through the API (user/vip/get, user/vip/buy): the trial once per user (from either
// account), plans paid from the real account only through one vip_buy journal to fee_vip, buying while a
// trial or membership runs extends it, every refusal is -1001 with its message and changes nothing, a
// repeated clientId (20 at once) has one effect, and another user's membership is untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysAcct } from '../../server/domain/ledger/books.ts';
import { balanceOf } from '../../server/domain/ledger/ledger-repo.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { DAY_MS } from '../../server/domain/vip/vip-status.ts';
import { TRADE_PASSWORD } from '../support/cheap-trader.ts';
import { get, makeTestApp, post, type TestApp } from './helpers.ts';
import { subscriber, type Subscriber } from './ipo-helpers.ts';
import { newClientId } from './withdraw-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  // 100 days of daily bars: enough for the 50-day average and the records of the signals
  t = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '100000', MARKET_HISTORY_DAYS: '100' });
});
afterAll(() => t?.close());

const en = { lang: 'en-US' };
const status = (token: string) => get(t.app, '/api/user/vip/get', {}, { ...en, token });
const buy = (token: string, body: Record<string, string>) =>
  post(t.app, '/api/user/vip/buy', { clientId: newClientId(), ...body }, { ...en, token });
const paid = (s: Subscriber, plan = 'm1', extra: Record<string, string> = {}) =>
  buy(s.tokenReal, { plan, tradePassword: TRADE_PASSWORD, ...extra });

const COUNTED = ['vip_memberships', 'vip_purchases', 'ledger_journals'] as const;
async function vipCounts(): Promise<Record<(typeof COUNTED)[number], number>> {
  const out = { vip_memberships: 0, vip_purchases: 0, ledger_journals: 0 };
  for (const table of COUNTED) {
    const r = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(r.n);
  }
  return out;
}
const feeVip = async () => balanceOf(t.db, await sysAcct(t.db, 'fee_vip'), 'PKR');

async function refused(res: Awaited<ReturnType<typeof buy>>, message: string, before: object) {
  expect(res.body.code).toBe(-1001);
  expect(res.body.msg).toBe(message);
  expect(await vipCounts()).toEqual(before);
}

describe('user/vip/get', () => {
  it('answers none with the plans for a new user, on either account', async () => {
    const s = await subscriber(t);
    for (const token of [s.tokenReal, s.tokenDemo]) {
      const res = await status(token);
      expect(res.body.code).toBe(0);
      expect(res.body.data).toMatchObject({
        state: 'none',
        startedAt: null,
        expiresAt: null,
        daysLeft: 0,
        trialUsed: false,
        trialDays: 7,
        strategyService: false,
        canPay: token === s.tokenReal,
      });
      expect(res.body.data.plans).toEqual([
        { id: 'm1', days: 30, price: '1500.00' },
        { id: 'm3', days: 90, price: '4000.00' },
        { id: 'y1', days: 365, price: '15000.00' },
      ]);
    }
  });

  it('refuses a guest', async () => {
    const res = await get(t.app, '/api/user/vip/get', {}, en);
    expect(res.body.code).toBe(-1000);
  });
});

describe('user/vip/buy: the trial', () => {
  it('starts once per user, from the demo account too, and is shared by both accounts', async () => {
    const s = await subscriber(t);
    const before = Date.now();
    const res = await buy(s.tokenDemo, { plan: 'trial' });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ state: 'trial', trialUsed: true, daysLeft: 7, canPay: false });
    expect(res.body.data.expiresAt - res.body.data.startedAt).toBe(7 * DAY_MS);
    expect(res.body.data.startedAt).toBeGreaterThanOrEqual(before);
    expect((await status(s.tokenReal)).body.data.state).toBe('trial');

    const counts = await vipCounts();
    await refused(
      await buy(s.tokenReal, { plan: 'trial' }),
      'You have already used the free VIP trial',
      counts,
    );
    const ur = await post(
      t.app,
      '/api/user/vip/buy',
      { plan: 'trial', clientId: newClientId() },
      { lang: 'ur-PK', token: s.tokenReal },
    );
    expect(ur.body.msg).toBe('آپ مفت وی آئی پی ٹرائل پہلے ہی استعمال کر چکے ہیں');
  });

  it('a repeated clientId is one trial; 10 at once start it once', async () => {
    const s = await subscriber(t);
    const clientId = newClientId();
    const before = await vipCounts();
    const all = await Promise.all(
      Array.from({ length: 10 }, () => buy(s.tokenReal, { plan: 'trial', clientId })),
    );
    for (const r of all) expect(r.body.code).toBe(0);
    const after = await vipCounts();
    expect(after.vip_purchases - before.vip_purchases).toBe(1);
    expect(after.ledger_journals).toBe(before.ledger_journals);
  });

  it('is not offered after a paid membership', async () => {
    const s = await subscriber(t, { pkr: 200_000n });
    expect((await paid(s)).body.code).toBe(0);
    const counts = await vipCounts();
    await refused(
      await buy(s.tokenReal, { plan: 'trial' }),
      'The free trial is for new members only',
      counts,
    );
  });
});

describe('user/vip/buy: a plan', () => {
  it('charges the real account exactly the price through one vip_buy journal to fee_vip', async () => {
    const s = await subscriber(t, { pkr: 500_000n });
    const fee0 = await feeVip();
    const res = await paid(s);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ state: 'active', daysLeft: 30, trialUsed: false });
    expect(await t.app.ledger.money(s.accountId)).toEqual({ asset: 'PKR', available: 350_000n, frozen: 0n });
    expect((await feeVip()) - fee0).toBe(150_000n);
    const j = await t.db
      .selectFrom('ledger_journals')
      .innerJoin('trade_journals', 'trade_journals.journal_id', 'ledger_journals.id')
      .select(['ledger_journals.kind', 'ledger_journals.ref'])
      .where('trade_journals.account_id', '=', s.accountId)
      .where('ledger_journals.kind', '=', 'vip_buy')
      .execute();
    expect(j).toHaveLength(1);
    expect(j[0]!.ref).toMatch(/^vip:\d+$/);
    const rec = await get(t.app, '/api/user/tx/record', {}, { ...en, token: s.tokenReal });
    expect(rec.body.data.list[0]).toMatchObject({ type: 'fee', amount: '-1500.00' });
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });

  it('extends from the current expiry while a trial or membership runs', async () => {
    const s = await subscriber(t, { pkr: 2_000_000n });
    const trial = (await buy(s.tokenReal, { plan: 'trial' })).body.data;
    const first = (await paid(s)).body.data;
    expect(first.expiresAt).toBe(trial.expiresAt + 30 * DAY_MS);
    expect(first.state).toBe('active');
    const second = (await paid(s, 'm3')).body.data;
    expect(second.expiresAt).toBe(first.expiresAt + 90 * DAY_MS);
    expect(second.startedAt).toBe(first.startedAt);
    expect(await t.app.ledger.money(s.accountId)).toMatchObject({
      available: 2_000_000n - 150_000n - 400_000n,
    });
  });

  it('20 parallel buys with one clientId charge once', async () => {
    const s = await subscriber(t, { pkr: 1_000_000n });
    const clientId = newClientId();
    const all = await Promise.all(Array.from({ length: 20 }, () => paid(s, 'm1', { clientId })));
    for (const r of all) expect(r.body.code).toBe(0);
    expect(await t.app.ledger.money(s.accountId)).toMatchObject({ available: 850_000n });
    const rows = await t.db.selectFrom('vip_purchases').selectAll().where('user_id', '=', s.userId).execute();
    expect(rows).toHaveLength(1);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });

  it('refuses, changing nothing: the demo account, an unknown plan, no or a wrong password, too little money', async () => {
    const s = await subscriber(t, { pkr: 100_000n });
    const counts = await vipCounts();
    await refused(
      await buy(s.tokenDemo, { plan: 'm1', tradePassword: TRADE_PASSWORD }),
      'VIP plans are paid from the real account: switch to it to buy',
      counts,
    );
    await refused(await paid(s, 'zz9'), 'This VIP plan does not exist', counts);
    await refused(await buy(s.tokenReal, { plan: 'm1' }), 'Enter the transaction password', counts);
    const wrong = await paid(s, 'm1', { tradePassword: '999999' });
    expect(wrong.body.code).toBe(-1001);
    expect(wrong.body.msg).toBe('The transaction password is incorrect, please re-enter it.');
    expect(await vipCounts()).toEqual(counts);
    await refused(await paid(s), 'Insufficient Balance', counts);
    expect(await t.app.ledger.money(s.accountId)).toMatchObject({ available: 100_000n });
    expect((await status(s.tokenReal)).body.data.state).toBe('none');
  });

  it('refuses bad input with a field message', async () => {
    const s = await subscriber(t);
    const counts = await vipCounts();
    for (const body of [
      { plan: 'trial', clientId: 'short' },
      { plan: 'TRIAL!', clientId: newClientId() },
      { plan: 'm1', clientId: newClientId(), tradePassword: '12ab56' },
    ]) {
      const res = await post(t.app, '/api/user/vip/buy', body, { ...en, token: s.tokenReal });
      expect(res.body.code).toBe(-1001);
      expect(res.body.msg).toBeTruthy();
    }
    expect(await vipCounts()).toEqual(counts);
  });

  it('one user’s purchase leaves another’s membership alone', async () => {
    const a = await subscriber(t, { pkr: 200_000n });
    const b = await subscriber(t);
    expect((await paid(a)).body.code).toBe(0);
    expect((await status(b.tokenReal)).body.data.state).toBe('none');
  });
});

describe('stock/vip/advice', () => {
  const advice = (token: string, lang = 'en-US') => get(t.app, '/api/stock/vip/advice', {}, { lang, token });

  it('refuses a non-member, an expired trial and an expired membership with the spec’s texts, never the data', async () => {
    const s = await subscriber(t, { pkr: 200_000n });
    const none = await advice(s.tokenReal);
    expect(none.body).toMatchObject({
      code: -1001,
      msg: 'Please become a VIP member first before you can view it.',
    });
    expect(none.body.data ?? null).toBeNull();
    expect((await advice(s.tokenDemo, 'ur-PK')).body.msg).toBe('اسے دیکھنے کے لیے پہلے وی آئی پی ممبر بنیں۔');

    expect((await buy(s.tokenDemo, { plan: 'trial' })).body.code).toBe(0);
    expect((await advice(s.tokenDemo)).body.code).toBe(0);
    const ended = Date.now() - 1;
    await t.db
      .updateTable('vip_memberships')
      .set({ expires_at: ended })
      .where('user_id', '=', s.userId)
      .execute();
    expect((await status(s.tokenReal)).body.data).toMatchObject({ state: 'expired_trial', daysLeft: 0 });
    const trialOver = await advice(s.tokenReal);
    expect(trialOver.body).toMatchObject({
      code: -1001,
      msg: 'Your free VIP trial has expired. Become a VIP member to keep viewing it.',
    });

    expect((await paid(s)).body.data.state).toBe('active');
    await t.db
      .updateTable('vip_memberships')
      .set({ expires_at: ended })
      .where('user_id', '=', s.userId)
      .execute();
    expect((await advice(s.tokenReal)).body.msg).toBe(
      'Your VIP membership has expired. Renew it to view this.',
    );
  });

  it('gives a member advice with measured records; strategies only once the service is on', async () => {
    const s = await subscriber(t);
    expect((await buy(s.tokenReal, { plan: 'trial' })).body.code).toBe(0);
    const res = await advice(s.tokenReal);
    expect(res.body.code).toBe(0);
    const d = res.body.data;
    expect(d.strategyService).toBe(false);
    expect(d.strategies).toBeNull();
    expect(d.blockTrades).toEqual({ available: false });
    expect(d.rules.note).toContain('past results do not predict future results');
    expect(d.rules.note).toContain('simulated');
    expect(d.advice.length).toBeGreaterThan(0);
    const a = d.advice[0];
    expect(['buy', 'hold', 'sell']).toContain(a.action);
    expect(a.record.since).toBeLessThan(a.record.until);
    expect(a.record.horizonDays).toBe(5);
    expect(a.record.hits).toBeLessThanOrEqual(a.record.signals);
    if (a.record.signals > 0) expect(a.record.hitRatePct).toMatch(/^\d{1,3}\.\d{2}$/);

    await t.db
      .updateTable('vip_memberships')
      .set({ strategy_service: 1 })
      .where('user_id', '=', s.userId)
      .execute();
    const on = (await advice(s.tokenReal)).body.data;
    expect(on.strategyService).toBe(true);
    expect(on.strategies.length).toBeGreaterThan(0);
    expect(on.strategies[0].record.horizonDays).toBe(10);
    const ur = (await advice(s.tokenReal, 'ur-PK')).body.data;
    expect(ur.rules.note).toContain('نقلی');
  });
});
