// Offline placements through the API (stock/offline/*, stock/order/offline/*) and the operator's functions:
// who may apply (and why not), applying freezes price × qty, every refusal is -1001 and changes nothing, a
// repeated clientId is one application, another user's applications are never shown, and the allocation gives
// back the unallocated part at once, pays the rest, and locks the shares until the stated unlock time, when
// the T+1 engine makes them sellable; the ledger's self-check stays clean.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { userAcct, type UserBook } from '../../server/domain/ledger/books.ts';
import { balanceOf } from '../../server/domain/ledger/ledger-repo.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import {
  allocatePlacement,
  PlacementOperatorError,
} from '../../server/domain/placement/placement-operator.ts';
import { releaseDueLocks } from '../../server/domain/trading/t-plus-one.ts';
import { TRADE_PASSWORD } from '../support/cheap-trader.ts';
import { get, makeTestApp, post, type TestApp } from './helpers.ts';
import { subscriber, type Subscriber } from './ipo-helpers.ts';
import { HOUR, investor, placement, placementCounts } from './placement-helpers.ts';
import { newClientId } from './withdraw-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '100000' });
});
afterAll(() => t?.close());

const en = { lang: 'en-US' };
const apply = (s: Subscriber, placementId: number, body: Record<string, string> = {}, token = s.tokenReal) =>
  post(
    t.app,
    '/api/stock/order/offline/apply',
    {
      placementId: String(placementId),
      qty: '1000',
      clientId: newClientId(),
      tradePassword: TRADE_PASSWORD,
      ...body,
    },
    { ...en, token },
  );
const money = (accountId: number) => t.app.ledger.money(accountId);
const book = async (accountId: number, name: UserBook, asset: string) =>
  balanceOf(t.db, await userAcct(t.db, accountId, name), asset);
const closeNow = (id: number) =>
  t.db
    .updateTable('placements')
    .set({ closes_at: Date.now() - 1 })
    .where('id', '=', id)
    .execute();

describe('stock/offline/list and today', () => {
  it('shows every open placement with the rule, and whether the caller may apply and why not', async () => {
    const p = await placement(t);
    const everyone = await placement(t, { eligibility: 'everyone' });
    const guest = await get(t.app, '/api/stock/offline/list', {}, en);
    const mine = (list: Array<{ id: number; whyNot: string }>, id: number) => list.find((x) => x.id === id)!;
    expect(mine(guest.body.data, p.id)).toMatchObject({
      state: 'subscribing',
      price: '10.00',
      totalShares: 5000,
      lot: 500,
      minQty: 1000,
      lockDays: 30,
      unlockAt: p.allot_at + 30 * 24 * HOUR,
      eligibility: 'international',
      rule: 'full-or-pro-rata-lots/v1',
      eligible: false,
      whyNot: 'Log in to see whether you may apply.',
    });
    const regular = await investor(t, { regular: true });
    const intl = await investor(t);
    const r = await get(t.app, '/api/stock/offline/list', {}, { ...en, token: regular.tokenReal });
    expect(mine(r.body.data, p.id)).toMatchObject({ eligible: false });
    expect(mine(r.body.data, p.id).whyNot).toContain('Only international (high-net-worth) investors');
    expect(mine(r.body.data, everyone.id)).toMatchObject({ eligible: true, whyNot: '' });
    const i = await get(t.app, '/api/stock/offline/list', {}, { ...en, token: intl.tokenReal });
    expect(mine(i.body.data, p.id)).toMatchObject({ eligible: true, whyNot: '' });
    const ur = await get(t.app, '/api/stock/offline/list', {}, { lang: 'ur-PK', token: regular.tokenReal });
    expect(mine(ur.body.data, p.id).whyNot).toContain('بین الاقوامی');
    const today = await get(t.app, '/api/stock/offline/today', {}, en);
    expect(today.body.code).toBe(0);
    expect(Array.isArray(today.body.data)).toBe(true);
  });
});

describe('stock/order/offline/apply', () => {
  it('freezes price × qty; the list shows it to its owner only', async () => {
    const p = await placement(t);
    const s = await investor(t);
    const other = await investor(t);
    const res = await apply(s, p.id, { qty: '1500' });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      placementId: p.id,
      symbol: 'OGDC',
      state: 'applied',
      price: '10.00',
      qty: 1500,
      frozen: '15000.00',
      refunded: '0.00',
      paid: '0.00',
      unlockAt: p.unlock_at,
      unlocked: false,
    });
    expect(await money(s.accountId)).toEqual({ asset: 'PKR', available: 3_500_000n, frozen: 1_500_000n });
    const list = await get(t.app, '/api/stock/order/offline/list', {}, { ...en, token: s.tokenReal });
    expect(list.body.data).toMatchObject({ total: 1, page: 1, size: 20 });
    const theirs = await get(t.app, '/api/stock/order/offline/list', {}, { ...en, token: other.tokenReal });
    expect(theirs.body.data).toMatchObject({ total: 0, list: [] });
    // another user's clientId is only a name: it makes that user's own application
    const same = await apply(other, p.id, { clientId: res.body.data.clientId });
    expect(same.body.code).toBe(0);
    expect(same.body.data.id).not.toBe(res.body.data.id);
    expect((await get(t.app, '/api/stock/order/offline/list', {}, { ...en })).body.code).toBe(-1000);
  });

  const refusals: Array<[string, Record<string, string>, string, string?]> = [
    ['not a multiple of the lot', { qty: '1250' }, 'Apply for a multiple of 500 shares', 'qty'],
    ['below the minimum', { qty: '500' }, 'The minimum application is 1000 shares', 'qty'],
    ['more than offered', { qty: '5500' }, 'You cannot apply for more than the 5000 shares offered', 'qty'],
    [
      'more than the balance',
      { qty: '5000' },
      'The current account is insufficient for 50000.00 PKR, and cannot be subscribed',
    ],
    ['a wrong transaction password', { tradePassword: '000000' }, ''],
    ['an unknown placement', { placementId: '999999999' }, 'This placement does not exist', 'placementId'],
    ['a quantity that is not a number', { qty: '1e3' }, '', 'qty'],
    ['a negative quantity', { qty: '-500' }, '', 'qty'],
    ['a bad clientId', { clientId: 'x' }, '', 'clientId'],
    ['an unknown field', { extra: '1' }, ''],
  ];
  for (const [what, body, msg, field] of refusals) {
    it(`refuses ${what} and changes nothing`, async () => {
      const p = await placement(t);
      const s = await investor(t, { pkr: 400_000n });
      const before = await placementCounts(t);
      const res = await apply(s, p.id, body);
      expect(res.body.code).toBe(-1001);
      if (msg) expect(res.body.msg).toBe(msg);
      if (field) expect(res.body).toMatchObject({ field });
      expect(await placementCounts(t)).toEqual(before);
      expect(await money(s.accountId)).toEqual({ asset: 'PKR', available: 400_000n, frozen: 0n });
    });
  }

  it('refuses a regular investor, no KYC, an upcoming or closed placement and a second application', async () => {
    const p = await placement(t);
    const upcoming = await placement(t, {}, HOUR);
    const closed = await placement(t);
    await closeNow(closed.id);
    const s = await investor(t);
    const regular = await investor(t, { regular: true });
    const noKyc = await investor(t, { kyc: false });
    expect((await apply(s, p.id)).body.code).toBe(0);
    const before = await placementCounts(t);
    expect((await apply(regular, p.id)).body.msg).toBe(
      'This placement is only for international (high-net-worth) investors. Ask customer service to review your account type.',
    );
    expect((await apply(regular, p.id, {}, regular.tokenDemo)).body.code).toBe(-1001);
    expect((await apply(noKyc, p.id)).body.msg).toBe('Please complete KYC first');
    expect((await apply(s, upcoming.id)).body.msg).toBe('This placement is not open for applications now');
    expect((await apply(s, closed.id)).body.msg).toBe('This placement is not open for applications now');
    expect((await apply(s, p.id)).body.msg).toBe('You have already applied for this placement');
    expect(await placementCounts(t)).toEqual(before);
    const ur = await post(
      t.app,
      '/api/stock/order/offline/apply',
      { placementId: String(p.id), qty: '1000', clientId: newClientId(), tradePassword: TRADE_PASSWORD },
      { lang: 'ur-PK', token: regular.tokenReal },
    );
    expect(ur.body.msg).toContain('بین الاقوامی');
  });

  it('the demo account of an eligible user applies without KYC, from demo money', async () => {
    const p = await placement(t);
    const s = await investor(t, { kyc: false });
    const res = await apply(s, p.id, {}, s.tokenDemo);
    expect(res.body.code).toBe(0);
    expect((await money(s.demoAccountId)).frozen).toBe(1_000_000n);
    expect((await money(s.accountId)).frozen).toBe(0n);
  });

  it('100 identical applications at once: one application, one freeze, every answer the same', async () => {
    const p = await placement(t);
    const s = await investor(t, { pkr: 50_000_000n });
    const clientId = newClientId();
    const answers = await Promise.all(Array.from({ length: 100 }, () => apply(s, p.id, { clientId })));
    expect(answers.every((a) => a.body.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect((await money(s.accountId)).frozen).toBe(1_000_000n);
  });

  it('100 applications with different clientIds at once: exactly one is accepted', async () => {
    const p = await placement(t);
    const s = await investor(t, { pkr: 50_000_000n });
    const answers = await Promise.all(Array.from({ length: 100 }, () => apply(s, p.id)));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.msg === 'You have already applied for this placement')).toHaveLength(
      99,
    );
    expect((await money(s.accountId)).frozen).toBe(1_000_000n);
  });
});

describe('allocation', () => {
  it('pro rata when oversubscribed: refunds exact, the rest paid, shares locked until the unlock time, then sellable', async () => {
    const p = await placement(t, { totalShares: 5_000 });
    const a = await investor(t, { pkr: 10_000_000n });
    const b = await investor(t, { pkr: 10_000_000n });
    const c = await investor(t, { pkr: 10_000_000n });
    const demo = await investor(t);
    const sharesBefore = await book(a.accountId, 'shares', 'OGDC');
    expect((await apply(a, p.id, { qty: '6000' })).body.code).toBe(-1001); // more than offered
    expect((await apply(a, p.id, { qty: '5000' })).body.code).toBe(0);
    expect((await apply(b, p.id, { qty: '3000' })).body.code).toBe(0);
    expect((await apply(c, p.id, { qty: '2000' })).body.code).toBe(0);
    expect((await apply(demo, p.id, { qty: '1000' }, demo.tokenDemo)).body.code).toBe(0);
    await expect(allocatePlacement(t.db, CLI_ACTOR, p.id, Date.now())).rejects.toMatchObject({
      reason: 'stillSubscribing',
    });
    await closeNow(p.id);
    const run = await allocatePlacement(t.db, CLI_ACTOR, p.id, Date.now());
    // 10 lots offered, 20 asked (10, 6, 4): 5, 3, 2 lots; the demo pool alone (2 lots) in full
    expect(run).toMatchObject({ allocated: 6000, applications: 4 });
    expect(run.placement).toMatchObject({
      phase: 'allocated',
      applied_shares: 10_000,
      allocated_shares: 5_000,
    });
    await expect(allocatePlacement(t.db, CLI_ACTOR, p.id, Date.now())).rejects.toBeInstanceOf(
      PlacementOperatorError,
    );
    const expectations: Array<[Subscriber, number]> = [
      [a, 2500],
      [b, 1500],
      [c, 1000],
    ];
    for (const [s, won] of expectations) {
      const list = await get(t.app, '/api/stock/order/offline/list', {}, { ...en, token: s.tokenReal });
      const row = list.body.data.list[0];
      const applied = row.qty as number;
      expect(row).toMatchObject({
        state: 'allocated',
        wonQty: won,
        frozen: '0.00',
        paid: `${won * 10}.00`,
        refunded: `${(applied - won) * 10}.00`,
        unlocked: false,
      });
      expect(await money(s.accountId)).toEqual({
        asset: 'PKR',
        available: 10_000_000n - BigInt(won) * 1_000n,
        frozen: 0n,
      });
      expect(await book(s.accountId, 'shares_locked', 'OGDC')).toBe(BigInt(won));
    }
    expect(await book(demo.demoAccountId, 'shares_locked', 'OGDC')).toBe(1000n);
    const locks = await t.db
      .selectFrom('share_locks')
      .selectAll()
      .where('account_id', '=', a.accountId)
      .execute();
    expect(locks).toEqual([expect.objectContaining({ qty: 2500n, unlock_at: p.unlock_at, fill_id: null })]);
    // before the unlock time nothing is released; at it, the T+1 engine makes the shares ordinary
    expect(await releaseDueLocks(t.db, a.accountId, p.unlock_at - 1)).toEqual([]);
    expect(await releaseDueLocks(t.db, a.accountId, p.unlock_at)).toHaveLength(1);
    expect(await book(a.accountId, 'shares_locked', 'OGDC')).toBe(0n);
    expect(await book(a.accountId, 'shares', 'OGDC')).toBe(sharesBefore + 2500n);
    const pos = await t.db
      .selectFrom('stock_positions')
      .selectAll()
      .where('account_id', '=', a.accountId)
      .where('symbol', '=', 'OGDC')
      .executeTakeFirstOrThrow();
    expect(pos).toMatchObject({ qty: 2500n, cost: 2_500_000n });
    const msgs = await t.db.selectFrom('user_messages').selectAll().where('user_id', '=', b.userId).execute();
    expect(msgs.map((m) => m.text_key)).toEqual(['placementAllocated']);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });

  it('in full when not oversubscribed; an application with nothing allocated gets everything back', async () => {
    const p = await placement(t, { totalShares: 5_000 });
    const a = await investor(t);
    expect((await apply(a, p.id, { qty: '2000' })).body.code).toBe(0);
    await closeNow(p.id);
    await allocatePlacement(t.db, CLI_ACTOR, p.id, Date.now());
    const row = (await get(t.app, '/api/stock/order/offline/list', {}, { ...en, token: a.tokenReal })).body
      .data.list[0];
    expect(row).toMatchObject({ state: 'allocated', wonQty: 2000, refunded: '0.00', paid: '20000.00' });
    // one lot offered, one lot asked by each of two users: the earlier application gets it (tie), the later nothing
    const q = await placement(t, { totalShares: 500, minQty: 500 });
    const x = await investor(t);
    const y = await investor(t);
    expect((await apply(x, q.id, { qty: '500' })).body.code).toBe(0);
    expect((await apply(y, q.id, { qty: '500' })).body.code).toBe(0);
    await closeNow(q.id);
    await allocatePlacement(t.db, CLI_ACTOR, q.id, Date.now());
    const yRow = (await get(t.app, '/api/stock/order/offline/list', {}, { ...en, token: y.tokenReal })).body
      .data.list[0];
    expect(yRow).toMatchObject({ state: 'not_allocated', wonQty: 0, refunded: '5000.00', paid: '0.00' });
    expect(await money(y.accountId)).toEqual({ asset: 'PKR', available: 5_000_000n, frozen: 0n });
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });
});

it('a subscriber without an investor type row is regular', async () => {
  const s = await subscriber(t, { pkr: 1n });
  const p = await placement(t);
  expect((await apply(s, p.id)).body.code).toBe(-1001);
});
