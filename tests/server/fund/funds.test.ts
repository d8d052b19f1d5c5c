// AI funds over HTTP on a hand-stepped simulator, the clock set by hand (PSX_ALWAYS_OPEN: the sim trades at any
// hour, the calendar's closes still come): a subscription is pending until the next close and converts at that
// close's NAV exactly; the fund trades in its own account; a redemption is paid exactly at the next NAV with a
// personal message; units inside the lock-in are refused; 50 parallel identical subscriptions make one; other
// users see nothing of it; bad input changes nothing; the fund's books reconcile with the ledger.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cashFor,
  feeOf,
  managementFee,
  navPerUnit,
  unitsFor,
  UNIT_SCALE,
} from '../../../server/domain/fund/nav.ts';
import { moneyOf } from '../../../server/domain/ledger/books.ts';
import { poolBooks } from '../../../server/domain/fund/valuation.ts';
import { createSession } from '../../../server/domain/auth/sessions-repo.ts';
import { creditDeposit } from '../../../server/domain/backoffice/deposits.ts';
import { setKycStatus } from '../../../server/domain/backoffice/kyc.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { expiresAt } from '../../../server/domain/trading/day-orders.ts';
import { get, post } from '../helpers.ts';
import {
  makeTradeApp,
  newClientOrderId,
  pkt,
  step,
  trader,
  TRADE_PASSWORD,
  type Trader,
  type TradeTestApp,
} from '../trade/trade-helpers.ts';

const MON_10AM = pkt(23, 10);

let t: TradeTestApp;
let u: Trader;
let other: Trader;
let balanced: number; // psx-balanced: no lock-in, 0.50 % entry fee
let energy: number; // psx-energy: 7-day lock-in, 1.00 % entry fee

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(MON_10AM);
  t = await makeTradeApp('funds');
  // sessions that outlive the clock's jumps over three days
  const long = async (x: Trader): Promise<Trader> => {
    const s = await createSession(t.db, x.userId, 30, { ip: '127.0.0.1', userAgent: 'test' });
    return { ...x, tokenReal: s.tokenReal, tokenDemo: s.tokenDemo };
  };
  u = await long(await trader(t));
  other = await long(await trader(t));
  const list = await get(t.app, '/api/stock/fund/list', {}, { lang: 'en-US' });
  const id = (code: string) => list.body.data.find((f: { code: string }) => f.code === code).id as number;
  balanced = id('psx-balanced');
  energy = id('psx-energy');
});
afterAll(async () => {
  await t?.close();
  vi.useRealTimers();
});

async function demoAccount(userId: number): Promise<number> {
  const row = await t.db
    .selectFrom('accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', 'demo')
    .executeTakeFirstOrThrow();
  return row.id;
}

const cashOfUser = async (userId: number) => (await moneyOf(t.db, await demoAccount(userId))).available;

const sub = (
  who: Trader,
  fundId: number,
  amount: string,
  clientId = newClientOrderId(),
  password = TRADE_PASSWORD,
) =>
  post(
    t.app,
    '/api/stock/fund/subscribe',
    { fundId: String(fundId), amount, clientId, tradePassword: password },
    { token: who.tokenDemo, lang: 'en-US' },
  );

const red = (who: Trader, fundId: number, units: string, clientId = newClientOrderId()) =>
  post(
    t.app,
    '/api/stock/fund/redeem',
    { fundId: String(fundId), units, clientId, tradePassword: TRADE_PASSWORD },
    { token: who.tokenDemo, lang: 'en-US' },
  );

/** Units (4 places) as the redeem call takes them. */
const formatUnits = (units: bigint) => {
  const s = units.toString().padStart(5, '0');
  return `${s.slice(0, -4)}.${s.slice(-4)}`;
};

async function pool(fundId: number) {
  return t.db
    .selectFrom('fund_pools')
    .selectAll()
    .where('fund_id', '=', fundId)
    .where('kind', '=', 'demo')
    .executeTakeFirstOrThrow();
}

/** The pool's value from its ledger books at the simulator's last prices (the test's own sum). */
async function bookValue(accountId: number): Promise<bigint> {
  const rows = await t.db
    .selectFrom('ledger_accounts as a')
    .innerJoin('ledger_balances as b', 'b.ledger_account_id', 'a.id')
    .select(['a.name', 'b.asset', 'b.amount'])
    .where('a.account_id', '=', accountId)
    .execute();
  let v = 0n;
  for (const r of rows) {
    if (r.asset === 'PKR') v += r.amount;
    else {
      const p = t.sim.ticker(r.asset)!.p;
      const [i, f = ''] = p.split('.');
      v += r.amount * BigInt(`${i}${f.padEnd(2, '0')}`);
    }
  }
  return v;
}

/** Make the close `closeAt` happen: the clock past it and one pass of the fund runner (no price moves). */
async function closeHappens(closeAt: number) {
  vi.setSystemTime(closeAt + 60_000);
  await t.engine.idle();
  await t.app.funds.idle();
  await t.app.funds.pass(closeAt + 60_000);
  await t.engine.idle();
}

async function reconcile() {
  for (const id of [balanced, energy]) {
    const p = await t.db.selectFrom('fund_pools').selectAll().where('fund_id', '=', id).execute();
    for (const row of p) {
      const held = await t.db
        .selectFrom('fund_holdings')
        .select('units')
        .where('pool_id', '=', row.id)
        .execute();
      expect(held.reduce((s, h) => s + h.units, 0n)).toBe(row.units);
    }
  }
  const pending = await t.db
    .selectFrom('fund_orders')
    .select('amount')
    .where('side', '=', 'subscribe')
    .where('state', '=', 'pending')
    .execute();
  const sys = await t.db
    .selectFrom('ledger_accounts as a')
    .innerJoin('ledger_balances as b', 'b.ledger_account_id', 'a.id')
    .select('b.amount')
    .where('a.name', '=', 'fund_pending')
    .executeTakeFirst();
  expect(sys?.amount ?? 0n).toBe(pending.reduce((s, o) => s + o.amount, 0n));
  expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  expect((await tradingSelfCheck(t.db)).problems).toEqual([]);
}

describe('fund reads', () => {
  it('lists the funds with terms, the next cut-off and no record yet; bad ids are refused', async () => {
    const r = await get(t.app, '/api/stock/fund/list', {}, { lang: 'en-US' });
    expect(r.body.code).toBe(0);
    expect(r.body.data.map((f: { code: string }) => f.code)).toEqual(['psx-energy', 'psx-balanced']);
    const f = r.body.data[1];
    expect(f.nav).toBe('10.00');
    expect(f.performance.profitRatio).toBe('');
    expect(f.nextCutoff).toBe(expiresAt(MON_10AM));
    expect(f.terms.length).toBeGreaterThan(4);
    const ur = await get(t.app, '/api/stock/fund/info', { id: String(balanced) }, { lang: 'ur-PK' });
    expect(ur.body.data.fund.name).toBe('پی ایس ایکس متوازن (آدھا نقد)');
    for (const id of ['999', 'x', '0']) {
      const bad = await get(t.app, '/api/stock/fund/info', { id }, { lang: 'en-US' });
      expect(bad.body.code).not.toBe(0);
      expect(bad.status).toBeLessThan(500);
    }
    const nav = await get(t.app, '/api/stock/fund/nav', { id: String(balanced) });
    expect(nav.body.data).toEqual([]);
  });
});

describe('refusals change nothing', () => {
  it('refuses bad amounts, a missing fund, a wrong password, units not held and no sign-in', async () => {
    const before = await cashOfUser(u.userId);
    for (const [fundId, amount] of [
      [balanced, '0'],
      [balanced, '999.99'], // under the minimum
      [balanced, '-5'],
      [balanced, '1.234'],
      [balanced, 'abc'],
      [999, '5000'],
    ] as const) {
      const r = await sub(u, fundId, amount);
      expect(r.body.code).not.toBe(0);
      expect(r.status).toBeLessThan(500);
    }
    const wrong = await sub(u, balanced, '5000', newClientOrderId(), '000000');
    expect(wrong.body.code).not.toBe(0);
    const tooMuch = await sub(u, balanced, '2000000');
    expect(tooMuch.body.code).not.toBe(0);
    const none = await red(other, balanced, '1');
    expect(none.body.msg).toBe('You can redeem at most 0.0000 units now');
    const anon = await post(t.app, '/api/stock/fund/subscribe', {
      fundId: String(balanced),
      amount: '5000',
      clientId: newClientOrderId(),
      tradePassword: TRADE_PASSWORD,
    });
    expect(anon.body.code).not.toBe(0);
    expect(await cashOfUser(u.userId)).toBe(before);
    expect(await t.db.selectFrom('fund_orders').select('id').execute()).toEqual([]);
  });
});

describe('forward pricing', () => {
  let closeMon = 0;
  let closeTue = 0;

  it('a subscription freezes the cash at once and converts at the next close’s NAV exactly', async () => {
    const before = await cashOfUser(u.userId);
    const clientId = newClientOrderId();
    const r = { ...(await sub(u, balanced, '10000', clientId)), clientId };
    expect(r.body.code).toBe(0);
    const o = r.body.data;
    expect(o.state).toBe('pending');
    expect(o.nav).toBe('');
    closeMon = o.dealAt;
    expect(closeMon).toBe(expiresAt(MON_10AM));
    expect(await cashOfUser(u.userId)).toBe(before - 1_000_000n);
    const again = await sub(u, balanced, '10000', r.clientId);
    expect(again.body.data.id).toBe(o.id); // the same clientId answers the first request
    expect(await cashOfUser(u.userId)).toBe(before - 1_000_000n);
    await closeHappens(closeMon);
    const list = await get(t.app, '/api/stock/fund/order/list', {}, { token: u.tokenDemo });
    const first = list.body.data.list.find((x: { id: number }) => x.id === o.id);
    // launch NAV 10.00; 0.50 % fee on 10,000.00 = 50.00; 9,950.00 ÷ 10.00 = 995.0000 units
    expect(first).toMatchObject({ state: 'confirmed', nav: '10.00', fee: '50.00', units: '995.0000' });
    await reconcile();
  });

  it('the fund trades its basket in its own account through the engine', async () => {
    const p = await pool(balanced);
    await step(t, 2);
    await t.app.funds.idle();
    await expect
      .poll(
        async () =>
          (
            await t.db
              .selectFrom('stock_orders')
              .select('id')
              .where('account_id', '=', p.account_id)
              .execute()
          ).length,
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    const info = await get(t.app, '/api/stock/fund/info', { id: String(balanced) }, { token: u.tokenDemo });
    expect(info.body.data.holdings.length).toBeGreaterThan(0);
    expect(info.body.data.fund.myUnits).toBe('995.0000');
  });

  it('a later subscription converts at the NAV of its own close, computed from the books', async () => {
    const p0 = await pool(balanced);
    const r = await sub(other, balanced, '5000');
    expect(r.body.code).toBe(0);
    closeTue = r.body.data.dealAt;
    expect(closeTue).toBeGreaterThan(closeMon);
    vi.setSystemTime(closeTue + 60_000);
    await t.engine.idle();
    const assets = await bookValue(p0.account_id);
    const units = (await pool(balanced)).units;
    // The management fee (1.00 % a year) of the day since Monday's close comes off before the NAV.
    expect(p0.fee_through).toBe(closeMon);
    const mgmt = managementFee(assets, 100, closeTue - closeMon);
    expect(mgmt).toBeGreaterThan(0n);
    const nav = navPerUnit(assets - mgmt, units, 1_000n);
    await closeHappens(closeTue);
    const row = await t.db
      .selectFrom('fund_nav')
      .selectAll()
      .where('pool_id', '=', p0.id)
      .where('t', '=', closeTue)
      .executeTakeFirstOrThrow();
    expect(row.mgmt_fee).toBe(mgmt);
    expect(row.assets).toBe(assets - mgmt);
    expect(row.nav).toBe(nav);
    // paid from the pool's cash to fee_fund, one journal for the pool and the close
    const paid = await t.db
      .selectFrom('ledger_journals as j')
      .innerJoin('ledger_postings as p', 'p.journal_id', 'j.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.ledger_account_id')
      .select(['a.name', 'a.account_id', 'p.amount'])
      .where('j.kind', '=', 'fund_mgmt_fee')
      .where('j.ref', '=', `fund-fee:${p0.id}:${closeTue}`)
      .orderBy('p.amount')
      .execute();
    expect(paid).toEqual([
      { name: 'cash', account_id: p0.account_id, amount: -mgmt },
      { name: 'fee_fund', account_id: null, amount: mgmt },
    ]);
    expect((await pool(balanced)).fee_through).toBe(closeTue);
    const got = await t.db
      .selectFrom('fund_orders')
      .selectAll()
      .where('id', '=', r.body.data.id)
      .executeTakeFirstOrThrow();
    const fee = feeOf(500_000n, 50);
    expect(got.state).toBe('confirmed');
    expect(got.fee).toBe(fee);
    expect(got.units).toBe(unitsFor(500_000n - fee, nav));
    expect(got.nav).toBe(nav);
    await reconcile();
  });

  it('a redemption is paid exactly at the next NAV, with a personal message', async () => {
    const p0 = await pool(balanced);
    const before = await cashOfUser(u.userId);
    const r = await red(u, balanced, '400');
    expect(r.body.code).toBe(0);
    expect(r.body.data.state).toBe('pending');
    const closeWed = r.body.data.dealAt;
    expect(closeWed).toBeGreaterThan(closeTue);
    vi.setSystemTime(closeWed + 60_000);
    await t.engine.idle();
    const assets = await bookValue(p0.account_id);
    const mgmt = managementFee(assets, 100, closeWed - closeTue);
    const nav = navPerUnit(assets - mgmt, (await pool(balanced)).units, 1_000n);
    await closeHappens(closeWed);
    const pay = cashFor(400n * UNIT_SCALE, nav);
    const got = await t.db
      .selectFrom('fund_orders')
      .selectAll()
      .where('id', '=', r.body.data.id)
      .executeTakeFirstOrThrow();
    expect(got).toMatchObject({ state: 'confirmed', amount: pay, nav });
    expect(await cashOfUser(u.userId)).toBe(before + pay);
    const msgs = await get(t.app, '/api/user/notice', {}, { token: u.tokenDemo, lang: 'en-US' });
    expect(JSON.stringify(msgs.body)).toContain('Fund redemption paid');
    await reconcile();
  });

  it('a redemption larger than the pool’s cash is raised by sells before its close and paid in full at it', async () => {
    const p0 = await pool(balanced);
    const ordersOf = (suffix: string) =>
      t.db
        .selectFrom('stock_orders')
        .select(['side', 'status', 'client_order_id'])
        .where('account_id', '=', p0.account_id)
        .where('client_order_id', 'like', `%.${suffix}`)
        .execute();
    // a rebalance (due: the last was on Monday) invests the cash Tuesday's subscription brought
    let ts = Date.now() + 60_000;
    vi.setSystemTime(ts);
    await t.app.funds.idle();
    await t.app.funds.pass(ts);
    await step(t, 3);
    await t.app.funds.idle();
    const held = await t.db
      .selectFrom('fund_holdings')
      .select('units')
      .where('pool_id', '=', p0.id)
      .where('account_id', '=', await demoAccount(u.userId))
      .executeTakeFirstOrThrow();
    const lastNav = (
      await t.db
        .selectFrom('fund_nav')
        .select('nav')
        .where('pool_id', '=', p0.id)
        .orderBy('t', 'desc')
        .executeTakeFirstOrThrow()
    ).nav;
    const owed = cashFor(held.units, lastNav);
    // the case: what u redeems is more than the pool holds in cash
    expect((await poolBooks(t.db, p0.account_id)).cash).toBeLessThan(owed);
    const before = await cashOfUser(u.userId);
    const r = await red(u, balanced, formatUnits(held.units));
    expect(r.body.code).toBe(0);
    const closeThu = r.body.data.dealAt as number;
    expect(await ordersOf('raise')).toEqual([]);
    // two minutes on, long before the next rebalance (30 min): the shortfall check sells for it
    ts += 2 * 60_000;
    vi.setSystemTime(ts);
    await t.app.funds.idle();
    await t.app.funds.pass(ts);
    await step(t, 3);
    await t.app.funds.idle();
    const raised = await ordersOf('raise');
    expect(raised.length).toBeGreaterThan(0);
    expect(raised.every((o) => o.side === 'sell' && o.status === 'filled')).toBe(true);
    expect((await poolBooks(t.db, p0.account_id)).cash).toBeGreaterThan(owed);
    // another check a minute later sells nothing more: the cash covers it
    ts += 61_000;
    vi.setSystemTime(ts);
    await t.app.funds.pass(ts);
    await step(t, 1);
    expect((await ordersOf('raise')).length).toBe(raised.length);
    await closeHappens(closeThu);
    const got = await t.db
      .selectFrom('fund_orders')
      .selectAll()
      .where('id', '=', r.body.data.id)
      .executeTakeFirstOrThrow();
    expect(got.state).toBe('confirmed');
    expect(got.amount).toBe(cashFor(held.units, got.nav!));
    expect(await cashOfUser(u.userId)).toBe(before + got.amount!);
    await reconcile();
  });
});

describe('the lock-in, retries and other users', () => {
  it('refuses to redeem units inside the lock-in, with the date they are free', async () => {
    const s = await sub(other, energy, '2000');
    expect(s.body.code).toBe(0);
    await closeHappens(s.body.data.dealAt);
    const r = await red(other, energy, '1');
    expect(r.body.code).not.toBe(0);
    expect(r.body.msg).toMatch(/leave the lock-in on \d{4}-\d{2}-\d{2}/);
    await reconcile();
  });

  it('50 parallel identical subscriptions with one client id make one', async () => {
    const before = await cashOfUser(u.userId);
    const clientId = newClientOrderId();
    const all = await Promise.all(Array.from({ length: 50 }, () => sub(u, energy, '1500', clientId)));
    const ids = new Set(all.map((r) => r.body.data?.id));
    expect(ids.size).toBe(1);
    expect(await cashOfUser(u.userId)).toBe(before - 150_000n);
    const rows = await t.db
      .selectFrom('fund_orders')
      .select('id')
      .where('client_id', '=', clientId)
      .execute();
    expect(rows.length).toBe(1);
  });

  it('another user sees none of the caller’s requests and cannot redeem their units', async () => {
    const mine = await get(t.app, '/api/stock/fund/order/list', {}, { token: u.tokenDemo });
    const theirs = await get(t.app, '/api/stock/fund/order/list', {}, { token: other.tokenDemo });
    const a = new Set(mine.body.data.list.map((o: { id: number }) => o.id));
    for (const o of theirs.body.data.list) expect(a.has(o.id)).toBe(false);
    const info = await get(
      t.app,
      '/api/stock/fund/info',
      { id: String(balanced) },
      { token: other.tokenDemo },
    );
    const held = info.body.data.fund.myUnits;
    const grab = await red(other, balanced, (Number(held) + 1).toFixed(4));
    expect(grab.body.code).not.toBe(0);
    await reconcile();
  });
});

describe('the real account', () => {
  it('needs KYC, then subscribes into the real pool, apart from the demo one', async () => {
    const body = { fundId: String(balanced), amount: '3000', tradePassword: TRADE_PASSWORD };
    const refused = await post(
      t.app,
      '/api/stock/fund/subscribe',
      { ...body, clientId: newClientOrderId() },
      { token: u.tokenReal, lang: 'en-US' },
    );
    expect(refused.body.code).not.toBe(0);
    await setKycStatus(t.db, u.userId, 'succ');
    await creditDeposit(t.db, {
      userId: u.userId,
      amountPaisa: 1_000_000n,
      reference: 'FUND-1',
      channel: 'bank',
    });
    const demoUnits = (await pool(balanced)).units;
    const r = await post(
      t.app,
      '/api/stock/fund/subscribe',
      { ...body, clientId: newClientOrderId() },
      { token: u.tokenReal, lang: 'en-US' },
    );
    expect(r.body.code).toBe(0);
    await closeHappens(r.body.data.dealAt);
    const real = await t.db
      .selectFrom('fund_pools')
      .selectAll()
      .where('fund_id', '=', balanced)
      .where('kind', '=', 'real')
      .executeTakeFirstOrThrow();
    // the real pool's first units at the launch NAV: (3,000.00 − 15.00) ÷ 10.00
    expect(real.units).toBe(2_985_000n);
    expect((await pool(balanced)).units).toBe(demoUnits);
    const demoList = await get(t.app, '/api/stock/fund/order/list', {}, { token: u.tokenDemo });
    expect(demoList.body.data.list.some((o: { id: number }) => o.id === r.body.data.id)).toBe(false);
    await reconcile();
  });
});
