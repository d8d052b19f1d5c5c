// IPO subscriptions through the API (stock/new/*, stock/order/new/apply and list) and the operator's
// functions: applying freezes price × qty, every refusal is -1001 with its message and changes nothing, another
// user's application reads like a missing one, a repeated clientId is one application, and the allotment
// releases or spends every frozen paisa exactly once (the ledger's self-check stays clean).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { issuerAccount } from '../../server/domain/ipo/ipo-apply.ts';
import { markListed, payDue, runAllotment } from '../../server/domain/ipo/ipo-operator.ts';
import { ballotOrder } from '../../server/domain/ipo/allotment.ts';
import { sysAcct, userAcct, type UserBook } from '../../server/domain/ledger/books.ts';
import { balanceOf } from '../../server/domain/ledger/ledger-repo.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { TRADE_PASSWORD } from '../support/cheap-trader.ts';
import { get, makeTestApp, post, type TestApp } from './helpers.ts';
import { HOUR, ipoCounts, offering, subscriber, type Subscriber } from './ipo-helpers.ts';
import { newClientId } from './withdraw-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '100000' });
});
afterAll(() => t?.close());

const en = { lang: 'en-US' };
const apply = (s: Subscriber, offeringId: number, body: Record<string, string> = {}, token = s.tokenReal) =>
  post(
    t.app,
    '/api/stock/order/new/apply',
    {
      action: 'apply',
      offeringId: String(offeringId),
      qty: '1000',
      clientId: newClientId(),
      tradePassword: TRADE_PASSWORD,
      ...body,
    },
    { ...en, token },
  );
const act = (s: Subscriber, action: 'cancel' | 'pay', id: number, token = s.tokenReal) =>
  post(t.app, '/api/stock/order/new/apply', { action, applicationId: String(id) }, { ...en, token });
const money = (accountId: number) => t.app.ledger.money(accountId);
const book = async (accountId: number, name: UserBook, asset: string) =>
  balanceOf(t.db, await userAcct(t.db, accountId, name), asset);

describe('stock/order/new/apply: apply', () => {
  it('freezes price × qty and answers the application; list and info show it', async () => {
    const o = await offering(t);
    const s = await subscriber(t, { pkr: 5_000_000n });
    const res = await apply(s, o.id, { qty: '1500' });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      offeringId: o.id,
      symbol: o.symbol,
      state: 'applied',
      price: '10.00',
      qty: 1500,
      lots: 3,
      wonQty: 0,
      frozen: '15000.00',
      refunded: '0.00',
      paid: '0.00',
    });
    expect(await money(s.accountId)).toEqual({ asset: 'PKR', available: 3_500_000n, frozen: 1_500_000n });
    const list = await get(t.app, '/api/stock/order/new/list', {}, { ...en, token: s.tokenReal });
    expect(list.body.data).toMatchObject({ total: 1, page: 1, size: 20 });
    expect(list.body.data.list[0].id).toBe(res.body.data.id);
    const info = await get(t.app, '/api/stock/new/info', { id: String(o.id) }, en);
    expect(info.body.data).toMatchObject({
      state: 'subscribing',
      appliedQty: 1500,
      applicants: 1,
      lot: 500,
      rule: 'ballot-then-pro-rata/v1',
      seed: '',
      oversubscription: '',
    });
    expect(info.body.data.ruleText).toContain('ballot');
    const ur = await get(t.app, '/api/stock/new/info', { id: String(o.id) }, { lang: 'ur-PK' });
    expect(ur.body.data.ruleText).toContain('قرعہ');
  });

  it('the same clientId again answers the same application with one freeze', async () => {
    const o = await offering(t);
    const s = await subscriber(t, { pkr: 5_000_000n });
    const clientId = newClientId();
    const a = await apply(s, o.id, { clientId });
    const b = await apply(s, o.id, { clientId, qty: '2000' });
    expect(b.body.data.id).toBe(a.body.data.id);
    expect((await money(s.accountId)).frozen).toBe(1_000_000n);
  });

  it('the demo account applies without KYC, from its own money', async () => {
    const o = await offering(t);
    const s = await subscriber(t, { kyc: false });
    const res = await apply(s, o.id, {}, s.tokenDemo);
    expect(res.body.code).toBe(0);
    expect((await money(s.demoAccountId)).frozen).toBe(1_000_000n);
    expect((await money(s.accountId)).frozen).toBe(0n);
    // The public demand is the real accounts': a demo application does not count in it.
    const info = await get(t.app, '/api/stock/new/info', { id: String(o.id) }, en);
    expect(info.body.data).toMatchObject({ applicants: 0 });
  });

  const refusals: Array<[string, Record<string, string>, string, string?]> = [
    ['not a multiple of the lot', { qty: '750' }, 'Apply for a multiple of 500 shares', 'qty'],
    ['below the minimum', { qty: '500' }, 'The minimum application is 1000 shares', 'qty'],
    ['above the maximum', { qty: '10500' }, 'The maximum application is 10000 shares', 'qty'],
    [
      'more than the balance',
      { qty: '6000' },
      'The current account is insufficient for 60000.00 PKR, and cannot be subscribed',
    ],
    ['a wrong transaction password', { tradePassword: '000000' }, ''],
    ['an unknown offering', { offeringId: '999999999' }, 'This IPO does not exist', 'offeringId'],
    ['no quantity', { qty: '' }, '', 'qty'],
    ['a quantity that is not a number', { qty: '1e3' }, '', 'qty'],
    ['no action', { action: 'buy' }, '', 'action'],
  ];
  for (const [what, body, msg, field] of refusals) {
    it(`refuses ${what} and changes nothing`, async () => {
      const o = await offering(t, { minQty: 1000 });
      const s = await subscriber(t, { pkr: 5_000_000n });
      const before = await ipoCounts(t);
      const fields = { ...body };
      if (fields.qty === '') delete fields.qty;
      const res =
        fields.qty === undefined && 'qty' in body
          ? await post(
              t.app,
              '/api/stock/order/new/apply',
              {
                action: 'apply',
                offeringId: String(o.id),
                clientId: newClientId(),
                tradePassword: TRADE_PASSWORD,
              },
              { ...en, token: s.tokenReal },
            )
          : await apply(s, o.id, fields);
      expect(res.body.code).toBe(-1001);
      if (msg) expect(res.body.msg).toBe(msg);
      if (field) expect(res.body).toMatchObject({ field });
      expect(await ipoCounts(t)).toEqual(before);
      expect(await money(s.accountId)).toEqual({ asset: 'PKR', available: 5_000_000n, frozen: 0n });
    });
  }

  it('refuses without KYC on the real account, an upcoming offering, a closed one and a second application', async () => {
    const o = await offering(t);
    const upcoming = await offering(t, {}, HOUR);
    const closed = await offering(t);
    await t.db
      .updateTable('ipo_offerings')
      .set({ closes_at: Date.now() - 1 })
      .where('id', '=', closed.id)
      .execute();
    const s = await subscriber(t, { pkr: 5_000_000n });
    const noKyc = await subscriber(t, { kyc: false, pkr: 5_000_000n });
    expect((await apply(s, o.id)).body.code).toBe(0);
    const before = await ipoCounts(t);
    expect((await apply(noKyc, o.id)).body.msg).toBe('Please complete KYC first');
    expect((await apply(s, upcoming.id)).body.msg).toBe('This IPO is not open for subscription now');
    expect((await apply(s, closed.id)).body.msg).toBe('This IPO is not open for subscription now');
    expect((await apply(s, o.id)).body.msg).toBe('You have already applied for this IPO');
    expect((await apply(s, o.id, {}, '')).body.code).toBe(-1000);
    expect(await ipoCounts(t)).toEqual(before);
  });

  it('100 identical applications at once: one application, one freeze, every answer the same', async () => {
    const o = await offering(t);
    const s = await subscriber(t, { pkr: 50_000_000n });
    const clientId = newClientId();
    const answers = await Promise.all(Array.from({ length: 100 }, () => apply(s, o.id, { clientId })));
    expect(answers.every((a) => a.body.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect((await money(s.accountId)).frozen).toBe(1_000_000n);
  });

  it('100 applications with different clientIds at once: exactly one is accepted', async () => {
    const o = await offering(t);
    const s = await subscriber(t, { pkr: 50_000_000n });
    const answers = await Promise.all(Array.from({ length: 100 }, () => apply(s, o.id)));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.msg === 'You have already applied for this IPO')).toHaveLength(99);
    expect((await money(s.accountId)).frozen).toBe(1_000_000n);
  });
});

describe('stock/order/new/apply: cancel and pay', () => {
  it('cancel during the window gives the money back at once; again changes nothing; then a new application', async () => {
    const o = await offering(t);
    const s = await subscriber(t, { pkr: 5_000_000n });
    const a = (await apply(s, o.id)).body.data;
    const c = await act(s, 'cancel', a.id);
    expect(c.body.data).toMatchObject({ state: 'cancelled', frozen: '0.00', refunded: '10000.00' });
    expect(await money(s.accountId)).toEqual({ asset: 'PKR', available: 5_000_000n, frozen: 0n });
    const before = await ipoCounts(t);
    expect((await act(s, 'cancel', a.id)).body.data.state).toBe('cancelled');
    expect(await ipoCounts(t)).toEqual(before);
    expect((await apply(s, o.id)).body.code).toBe(0);
  });

  it('another user’s application reads like a missing one; pay before the allotment and cancel after the window are refused', async () => {
    const o = await offering(t);
    const s = await subscriber(t, { pkr: 5_000_000n });
    const other = await subscriber(t, { pkr: 5_000_000n });
    const a = (await apply(s, o.id)).body.data;
    const before = await ipoCounts(t);
    for (const action of ['cancel', 'pay'] as const) {
      const r = await act(other, action, a.id);
      expect(r.body).toMatchObject({
        code: -1001,
        msg: 'This IPO application does not exist',
        field: 'applicationId',
      });
      // the same user's demo account is another account too
      expect((await act(s, action, a.id, s.tokenDemo)).body).toMatchObject({ field: 'applicationId' });
    }
    expect((await act(s, 'pay', a.id)).body.msg).toBe(
      'This application has no allotment waiting for payment',
    );
    await t.db
      .updateTable('ipo_offerings')
      .set({ closes_at: Date.now() - 1 })
      .where('id', '=', o.id)
      .execute();
    expect((await act(s, 'cancel', a.id)).body.msg).toBe('This application can no longer be cancelled');
    expect(await ipoCounts(t)).toEqual(before);
    expect((await money(s.accountId)).frozen).toBe(1_000_000n);
  });

  it('20 cancels at once give the money back once', async () => {
    const o = await offering(t);
    const s = await subscriber(t, { pkr: 5_000_000n });
    const a = (await apply(s, o.id)).body.data;
    const answers = await Promise.all(Array.from({ length: 20 }, () => act(s, 'cancel', a.id)));
    expect(answers.every((r) => r.body.data?.state === 'cancelled')).toBe(true);
    expect(await money(s.accountId)).toEqual({ asset: 'PKR', available: 5_000_000n, frozen: 0n });
  });
});

describe('allotment, payment and listing', () => {
  it('oversubscribed: ballot then pro rata, refunds at once, pay or automatic payment, listing; every paisa once', async () => {
    // 5,000 retail shares (10 lots); applications of 4,000 + 3,000 + 2,000 + 1,000 = 10,000 shares (2×).
    const o = await offering(t);
    const subs = await Promise.all([0, 1, 2, 3].map(() => subscriber(t, { pkr: 10_000_000n })));
    const qtys = [4000, 3000, 2000, 1000];
    const apps = [];
    for (const [i, s] of subs.entries())
      apps.push((await apply(s, o.id, { qty: String(qtys[i]) })).body.data);
    const issuer = await sysAcct(t.db, issuerAccount(o.id));

    // too early, then the run with a given seed
    await expect(runAllotment(t.db, CLI_ACTOR, o.id, 'seed-1', o.closes_at - 1)).rejects.toThrow(
      /open until/,
    );
    const run = await runAllotment(t.db, CLI_ACTOR, o.id, 'seed-1', o.closes_at);
    expect(run).toMatchObject({ allotted: 5000, applications: 4 });
    await expect(runAllotment(t.db, CLI_ACTOR, o.id, 'seed-2', o.closes_at)).rejects.toThrow(
      /allotted already/,
    );
    expect((await apply(subs[0]!, o.id)).body.msg).toBe('This IPO is not open for subscription now');

    const info = (await get(t.app, '/api/stock/new/info', { id: String(o.id) }, en)).body.data;
    expect(info).toMatchObject({
      state: 'allotted',
      seed: 'seed-1',
      oversubscription: '2.00',
      allottedQty: 5000,
    });

    const mine = async (s: Subscriber) =>
      (await get(t.app, '/api/stock/order/new/list', {}, { ...en, token: s.tokenReal })).body.data.list[0];
    const after = await Promise.all(subs.map(mine));
    const won = after.map((a) => a.wonQty as number);
    expect(won.reduce((x, y) => x + y, 0)).toBe(5000);
    // everyone wins at least one lot (10 lots, 4 applicants), nobody more than they asked for
    for (const [i, a] of after.entries()) {
      expect(a.wonQty).toBeGreaterThanOrEqual(500);
      expect(a.wonQty).toBeLessThanOrEqual(qtys[i]!);
      expect(a.state).toBe('allotted');
      expect(a.lots).toBe(qtys[i]! / 500);
      expect(await money(subs[i]!.accountId)).toEqual({
        asset: 'PKR',
        available: 10_000_000n - BigInt(a.wonQty) * 1000n,
        frozen: BigInt(a.wonQty) * 1000n,
      });
    }
    expect(
      ballotOrder(
        'seed-1',
        apps.map((a) => a.id as number),
      ),
    ).toHaveLength(4);

    // the first user pays; the others are paid automatically at payBy; again changes nothing
    const paid = await act(subs[0]!, 'pay', apps[0].id);
    expect(paid.body.data).toMatchObject({ state: 'paid', autoPaid: false, frozen: '0.00' });
    expect((await act(subs[0]!, 'pay', apps[0].id)).body.data.state).toBe('paid');
    expect(await payDue(t.db, o.pay_by - 1, o.id)).toBe(0);
    expect(await payDue(t.db, o.pay_by, o.id)).toBe(3);
    expect(await payDue(t.db, o.pay_by, o.id)).toBe(0);
    for (const [i, s] of subs.entries()) {
      const a = await mine(s);
      expect(a).toMatchObject({ state: 'paid', autoPaid: i !== 0, frozen: '0.00', listed: false });
      expect(await money(s.accountId)).toEqual({
        asset: 'PKR',
        available: 10_000_000n - BigInt(won[i]!) * 1000n,
        frozen: 0n,
      });
      expect(await book(s.accountId, 'shares_ipo', o.symbol)).toBe(BigInt(won[i]!));
      expect(await book(s.accountId, 'shares', o.symbol)).toBe(0n);
    }
    expect(await balanceOf(t.db, issuer, 'PKR')).toBe(5_000_000n);
    expect(await balanceOf(t.db, issuer, o.symbol)).toBe(-5000n);

    // listing: not before listAt, then shares_ipo → shares, once
    await expect(markListed(t.db, CLI_ACTOR, o.id, o.list_at - 1)).rejects.toThrow(/lists at/);
    await markListed(t.db, CLI_ACTOR, o.id, o.list_at);
    await expect(markListed(t.db, CLI_ACTOR, o.id, o.list_at)).rejects.toThrow(/listed already/);
    for (const [i, s] of subs.entries()) {
      expect(await book(s.accountId, 'shares_ipo', o.symbol)).toBe(0n);
      expect(await book(s.accountId, 'shares', o.symbol)).toBe(BigInt(won[i]!));
      expect((await mine(s)).listed).toBe(true);
    }
    expect((await get(t.app, '/api/stock/new/info', { id: String(o.id) }, en)).body.data.state).toBe(
      'listed',
    );
    const audit = await t.db
      .selectFrom('operator_audit')
      .select('action')
      .where('subject_type', '=', 'ipo_offering')
      .where('subject_id', '=', String(o.id))
      .orderBy('id')
      .execute();
    expect(audit.map((r) => r.action)).toEqual(['ipo.create', 'ipo.allot', 'ipo.list']);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });

  it('not oversubscribed: everyone gets what they applied for; a cancelled one takes no part; one not allotted gets everything back', async () => {
    const o = await offering(t, { retailShares: 5000 });
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => subscriber(t, { pkr: 10_000_000n })));
    const ra = (await apply(a!, o.id, { qty: '2000' })).body.data;
    const rb = (await apply(b!, o.id, { qty: '1000' })).body.data;
    const rc = (await apply(c!, o.id, { qty: '1000' })).body.data;
    await act(c!, 'cancel', rc.id);
    const run = await runAllotment(t.db, CLI_ACTOR, o.id, '', o.closes_at);
    expect(run.offering.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(run.allotted).toBe(3000);
    const info = (await get(t.app, '/api/stock/new/info', { id: String(o.id) }, en)).body.data;
    expect(info.oversubscription).toBe('0.60');
    for (const [s, r, qty] of [
      [a!, ra, 2000],
      [b!, rb, 1000],
    ] as const) {
      const row = (await get(t.app, '/api/stock/order/new/list', {}, { ...en, token: s.tokenReal })).body.data
        .list[0];
      expect(row).toMatchObject({ id: r.id, state: 'allotted', wonQty: qty, refunded: '0.00' });
    }
    expect((await money(c!.accountId)).frozen).toBe(0n);

    // a tiny offering: one lot, two applicants — the ballot leaves one with nothing, all refunded
    const tiny = await offering(t, { retailShares: 500, totalShares: 500, minQty: 500 });
    const [x, y] = await Promise.all([0, 1].map(() => subscriber(t, { pkr: 1_000_000n })));
    await apply(x!, tiny.id, { qty: '500' });
    await apply(y!, tiny.id, { qty: '500' });
    await runAllotment(t.db, CLI_ACTOR, tiny.id, 'tiny', tiny.closes_at);
    const states = await Promise.all(
      [x!, y!].map(async (s) => ({
        a: (await get(t.app, '/api/stock/order/new/list', {}, { ...en, token: s.tokenReal })).body.data
          .list[0],
        m: await money(s.accountId),
      })),
    );
    const lost = states.find((s) => s.a.state === 'not_allotted')!;
    expect(lost.a).toMatchObject({ wonQty: 0, frozen: '0.00', refunded: '5000.00' });
    expect(lost.m).toEqual({ asset: 'PKR', available: 1_000_000n, frozen: 0n });
    expect(states.filter((s) => s.a.state === 'allotted')).toHaveLength(1);
    const pending = await get(
      t.app,
      '/api/stock/order/new/list',
      { state: 'not_allotted' },
      { ...en, token: (states[0] === lost ? x : y)!.tokenReal },
    );
    expect(pending.body.data.total).toBe(1);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });

  it('a user’s pay racing the automatic payment pays once', async () => {
    const o = await offering(t);
    const s = await subscriber(t, { pkr: 10_000_000n });
    const a = (await apply(s, o.id, { qty: '2000' })).body.data;
    await runAllotment(t.db, CLI_ACTOR, o.id, 'race', o.closes_at);
    const [p1, p2, n] = await Promise.all([
      act(s, 'pay', a.id),
      act(s, 'pay', a.id),
      payDue(t.db, o.pay_by, o.id),
    ]);
    expect(p1.body.data.state).toBe('paid');
    expect(p2.body.data.state).toBe('paid');
    expect(n).toBeLessThanOrEqual(1);
    expect(await money(s.accountId)).toEqual({ asset: 'PKR', available: 8_000_000n, frozen: 0n });
    expect(await book(s.accountId, 'shares_ipo', o.symbol)).toBe(2000n);
  });
});

describe('stock/new/list, list/coming, today, info', () => {
  it('lists offerings by state, publicly; an unknown id is refused', async () => {
    const open = await offering(t);
    const coming = await offering(t, {}, 3 * 24 * HOUR);
    const list = (await get(t.app, '/api/stock/new/list', {}, en)).body.data as Array<{ id: number }>;
    expect(list.map((o) => o.id)).toContain(open.id);
    expect(list.map((o) => o.id)).not.toContain(coming.id);
    const soon = (await get(t.app, '/api/stock/new/list/coming', {}, en)).body.data as Array<{
      id: number;
      state: string;
    }>;
    expect(soon.find((o) => o.id === coming.id)?.state).toBe('upcoming');
    expect(soon.map((o) => o.id)).not.toContain(open.id);
    const today = await get(t.app, '/api/stock/new/today', {}, en);
    expect(today.body.code).toBe(0);
    expect((await get(t.app, '/api/stock/new/info', { id: '999999999' }, en)).body).toMatchObject({
      code: -1001,
      msg: 'This IPO does not exist',
    });
    expect((await get(t.app, '/api/stock/new/info', { id: 'x' }, en)).body.code).toBe(-1001);
  });

  it('stock/new/list?state= lists closed, allotted and listed offerings; a bad state is refused', async () => {
    const ids = async (state: string) =>
      (
        (await get(t.app, '/api/stock/new/list', { state }, en)).body.data as Array<{
          id: number;
          state: string;
        }>
      )
        .filter((o) => [closed.id, allotted.id, listed.id].includes(o.id))
        .map((o) => `${o.id}:${o.state}`);
    const closed = await offering(t, {}, -3 * HOUR);
    const allotted = await offering(t, {}, -6 * HOUR);
    const listed = await offering(t, {}, -6 * HOUR);
    const now = Date.now();
    await runAllotment(t.db, CLI_ACTOR, allotted.id, 'seed-a', now);
    await runAllotment(t.db, CLI_ACTOR, listed.id, 'seed-l', now);
    await markListed(t.db, CLI_ACTOR, listed.id, now);
    expect(await ids('to_be_allocated')).toEqual([`${closed.id}:to_be_allocated`]);
    expect(await ids('allotted')).toEqual([`${allotted.id}:allotted`]);
    expect(await ids('listed')).toEqual([`${listed.id}:listed`]);
    expect(await ids('subscribing')).toEqual([]);
    const bad = await get(t.app, '/api/stock/new/list', { state: 'upcoming' }, en);
    expect(bad.body.code).toBe(-1001);
  });
});
