// AI robots over HTTP on a hand-stepped simulator (PSX always open): products, a DCA robot that buys on the
// next market step in its own account, its report equal to its books, an early exit settled with the stated
// fee, refusals that change nothing, other users' ids, and 50 parallel identical allocations → one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moneyOf } from '../../../server/domain/ledger/books.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { get, post } from '../helpers.ts';
import {
  makeTradeApp,
  newClientOrderId,
  tableCounts,
  trader,
  TRADE_PASSWORD,
  type Trader,
  type TradeTestApp,
} from '../trade/trade-helpers.ts';

let t: TradeTestApp;
let u: Trader;
let other: Trader;

beforeAll(async () => {
  t = await makeTradeApp('robots');
  u = await trader(t);
  other = await trader(t);
});
afterAll(async () => t?.close());

async function steps(n: number) {
  for (let i = 0; i < n; i++) {
    t.sim.step();
    await t.engine.idle();
    await t.app.robots.idle();
  }
}

const productId = async (code: string): Promise<string> => {
  const r = await get(t.app, '/api/stock/ai/list', {}, { token: u.tokenDemo, lang: 'en-US' });
  return String(r.body.data.find((p: { code: string }) => p.code === code).id);
};

async function demoAccount(userId: number): Promise<number> {
  const row = await t.db
    .selectFrom('accounts')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', 'demo')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('robot products', () => {
  it('lists the seeded robots with tiers, fees, terms and an empty measured track', async () => {
    const r = await get(t.app, '/api/stock/ai/list', {}, { lang: 'en-US' });
    expect(r.body.code).toBe(0);
    const codes = r.body.data.map((p: { code: string }) => p.code);
    expect(codes).toEqual(['dca-ogdc', 'grid-hbl', 'trend-ppl']);
    const dca = r.body.data[0];
    expect(dca.entryFeePct).toBe('0.50');
    expect(dca.terms.length).toBeGreaterThan(5);
    expect(dca.track.profitRatio).toBe('');
    const ur = await get(t.app, '/api/stock/ai/info', { id: String(dca.id) }, { lang: 'ur-PK' });
    expect(ur.body.data.name).toBe('او جی ڈی سی اوسط لاگت');
    const stocks = await get(t.app, '/api/stock/ai/stocks', { productId: String(dca.id) });
    expect(stocks.body.data[0].symbol).toBe('OGDC');
    expect(Number(stocks.body.data[0].last)).toBeGreaterThan(0);
    const none = await get(t.app, '/api/stock/ai/info', { id: '999' });
    expect(none.body.code).toBe(-1001);
    const bad = await get(t.app, '/api/stock/ai/info', { id: 'x' });
    expect(bad.body.code).toBe(-1001);
  });
});

describe('a DCA robot', () => {
  it('trades in its own account on the next step, reports its books, and ends early with the stated fee', async () => {
    const demo = await demoAccount(u.userId);
    const before = (await moneyOf(t.db, demo)).available;
    const id = await productId('dca-ogdc');
    const buy = await post(
      t.app,
      '/api/stock/ai/buy',
      { productId: id, amount: '20000', clientId: newClientOrderId(), tradePassword: TRADE_PASSWORD },
      { token: u.tokenDemo, lang: 'en-US' },
    );
    expect(buy.body.code, buy.raw).toBe(0);
    const o = buy.body.data;
    expect(o.state).toBe('running');
    expect(o.invested).toBe('20000.00');
    expect(o.fees.entry).toBe('100.00');
    expect(o.capital).toBe('19900.00');
    expect((await moneyOf(t.db, demo)).available).toBe(before - 20_000_00n);

    await steps(2);
    const d = await get(t.app, '/api/stock/ai/order/details', { id: String(o.id) }, { token: u.tokenDemo });
    expect(d.body.code, d.raw).toBe(0);
    const det = d.body.data;
    expect(det.order.trades).toBeGreaterThanOrEqual(1);
    expect(det.orders[0].side).toBe('buy');
    expect(det.orders[0].reason).not.toBe('');
    // the report is the robot account's ledger: cash + shares at the last price
    const row = await t.db
      .selectFrom('robot_orders')
      .selectAll()
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    const robotCash = await moneyOf(t.db, row.robot_account_id);
    expect(det.order.cash).toBe(
      ((robotCash.available + robotCash.frozen) / 100n).toString() +
        '.' +
        String((robotCash.available + robotCash.frozen) % 100n).padStart(2, '0'),
    );
    expect(det.holdings[0].qty).toBeGreaterThan(0);
    const equity = Number(det.order.cash) + Number(det.holdings[0].value);
    expect(Number(det.order.equity)).toBeCloseTo(equity, 2);
    expect(Number(det.order.netPnl)).toBeCloseTo(equity - 20000, 2);
    expect(Number(det.order.fees.trading)).toBeGreaterThan(0);

    // other users cannot see or touch it
    const theirs = await get(
      t.app,
      '/api/stock/ai/order/details',
      { id: String(o.id) },
      { token: other.tokenDemo },
    );
    expect(theirs.body.code).toBe(-1001);
    const theirExit = await post(
      t.app,
      '/api/stock/ai/order/exit',
      { orderId: String(o.id), tradePassword: TRADE_PASSWORD },
      { token: other.tokenDemo },
    );
    expect(theirExit.body.code).toBe(-1001);
    // nor does the same user's real account see the demo order
    const real = await get(t.app, '/api/stock/ai/order/list', {}, { token: u.tokenReal });
    expect(real.body.data.total).toBe(0);

    const exit = await post(
      t.app,
      '/api/stock/ai/order/exit',
      { orderId: String(o.id), tradePassword: TRADE_PASSWORD },
      { token: u.tokenDemo },
    );
    expect(exit.body.code, exit.raw).toBe(0);
    expect(exit.body.data.state).toBe('ending');
    expect(exit.body.data.endReason).toBe('user_exit');
    const list = await get(t.app, '/api/stock/ai/order/list', { state: 'ending' }, { token: u.tokenDemo });
    expect(list.body.data.list.map((x: { id: number }) => x.id)).toEqual([o.id]);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });

  it('a robot that has not traded yet ends at once on exit: its cash back less the early-exit fee', async () => {
    const demo = await demoAccount(u.userId);
    const id = await productId('trend-ppl'); // needs 50 minute closes before its first trade
    const before = (await moneyOf(t.db, demo)).available;
    const buy = await post(
      t.app,
      '/api/stock/ai/buy',
      { productId: id, amount: '10000', clientId: newClientOrderId(), tradePassword: TRADE_PASSWORD },
      { token: u.tokenDemo },
    );
    expect(buy.body.code, buy.raw).toBe(0);
    const oid = String(buy.body.data.id);
    const exit = await post(
      t.app,
      '/api/stock/ai/order/exit',
      { orderId: oid, tradePassword: TRADE_PASSWORD },
      { token: u.tokenDemo },
    );
    expect(exit.body.data.exitFeeNow).toBe('0.00'); // already ending: no further exit
    await steps(1);
    const d = await get(t.app, '/api/stock/ai/order/details', { id: oid }, { token: u.tokenDemo });
    const o = d.body.data.order;
    expect(o.state).toBe('ended');
    // 10000 − 50.00 entry = 9950.00; early exit 1.00 % = 99.50; back 9850.50
    expect(o.fees.earlyExit).toBe('99.50');
    expect(o.returned).toBe('9850.50');
    expect(o.netPnl).toBe('-149.50');
    expect((await moneyOf(t.db, demo)).available).toBe(before - 149_50n);
    expect(d.body.data.curve.map((p: { kind: string }) => p.kind)).toContain('end');
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });
});

describe('refusals change nothing', () => {
  it('bad amounts, unknown products and orders, a wrong password, over the single limit', async () => {
    const id = await productId('grid-hbl');
    const before = await tableCounts(t.db);
    const cases: [Record<string, string>, string][] = [
      [
        { productId: id, amount: '100', clientId: newClientOrderId(), tradePassword: TRADE_PASSWORD },
        'PKR 20000.00',
      ],
      [
        { productId: id, amount: '0', clientId: newClientOrderId(), tradePassword: TRADE_PASSWORD },
        'greater than 0',
      ],
      [
        { productId: '999', amount: '30000', clientId: newClientOrderId(), tradePassword: TRADE_PASSWORD },
        'does not exist',
      ],
      [{ productId: id, amount: '1e5', clientId: newClientOrderId(), tradePassword: TRADE_PASSWORD }, ''],
      [{ productId: id, amount: '30000', clientId: 'short', tradePassword: TRADE_PASSWORD }, ''],
      [{ productId: id, amount: '30000', clientId: newClientOrderId(), tradePassword: '000000' }, ''],
      [{ productId: id, amount: '30000', clientId: newClientOrderId() }, ''],
    ];
    for (const [body, text] of cases) {
      const r = await post(t.app, '/api/stock/ai/buy', body, { token: other.tokenDemo, lang: 'en-US' });
      expect(r.status).toBe(200);
      expect(r.body.code, r.raw).toBe(-1001);
      if (text) expect(r.body.msg).toContain(text);
    }
    const add = await post(
      t.app,
      '/api/stock/ai/order/add/amount',
      { orderId: '999999', amount: '5000', clientId: newClientOrderId(), tradePassword: TRADE_PASSWORD },
      { token: other.tokenDemo },
    );
    expect(add.body.code).toBe(-1001);
    const guest = await post(t.app, '/api/stock/ai/buy', {
      productId: id,
      amount: '30000',
      clientId: newClientOrderId(),
      tradePassword: TRADE_PASSWORD,
    });
    expect(guest.body.code).toBe(-1000);
    // KYC on the real account
    const kyc = await post(
      t.app,
      '/api/stock/ai/buy',
      { productId: id, amount: '30000', clientId: newClientOrderId(), tradePassword: TRADE_PASSWORD },
      { token: other.tokenReal },
    );
    expect(kyc.body.code).toBe(-1001);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('50 parallel identical allocations make one order and move the money once', async () => {
    const id = await productId('grid-hbl');
    const demo = await demoAccount(other.userId);
    const before = (await moneyOf(t.db, demo)).available;
    const clientId = newClientOrderId();
    const body = { productId: id, amount: '25000', clientId, tradePassword: TRADE_PASSWORD };
    const all = await Promise.all(
      Array.from({ length: 50 }, () => post(t.app, '/api/stock/ai/buy', body, { token: other.tokenDemo })),
    );
    const ids = new Set(all.map((r) => r.body.data?.id));
    expect(all.every((r) => r.body.code === 0)).toBe(true);
    expect(ids.size).toBe(1);
    expect((await moneyOf(t.db, demo)).available).toBe(before - 25_000_00n);
    // add: within the level max; a retry of the same clientId has one effect
    const addBody = {
      orderId: String([...ids][0]),
      amount: '5000',
      clientId: newClientOrderId(),
      tradePassword: TRADE_PASSWORD,
    };
    const a1 = await post(t.app, '/api/stock/ai/order/add/amount', addBody, { token: other.tokenDemo });
    const a2 = await post(t.app, '/api/stock/ai/order/add/amount', addBody, { token: other.tokenDemo });
    expect(a1.body.code, a1.raw).toBe(0);
    expect(a2.body.data.invested).toBe('30000.00');
    expect((await moneyOf(t.db, demo)).available).toBe(before - 30_000_00n);
    const tooMuch = await post(
      t.app,
      '/api/stock/ai/order/add/amount',
      { ...addBody, amount: '500000', clientId: newClientOrderId() },
      { token: other.tokenDemo, lang: 'en-US' },
    );
    expect(tooMuch.body.msg).toContain('at most PKR 170000.00');
  });
});
