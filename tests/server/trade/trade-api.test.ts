// The trade calls through the real app: transaction password set / change / lock-out, orders (market, limit,
// preview, list, info, cancel, statistics), positions with T+1, income, assets and funds detail; the spec's
// refusal messages (bad input and missing tokens: trade-input.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Assets,
  OrderPreview,
  Position,
  StockOrder,
  TxRecord,
} from '../../../workers/protocol/trade.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import { get, post } from '../helpers.ts';
import {
  newClientOrderId,
  TRADE_PASSWORD,
  trader,
  tableCounts,
  tradeSetup,
  type Trader,
  type TradeTestApp,
} from './trade-helpers.ts';

let t: TradeTestApp;
let sym: string;
const en = (token: string) => ({ token, lang: 'en-US' });

beforeAll(async () => {
  ({ t, sym } = await tradeSetup('trade-api'));
});
afterAll(async () => t.close());

const order = (token: string, side: 'buy' | 'sell', fields: Record<string, string>) =>
  post<StockOrder>(
    t.app,
    `/api/stock/order/${side}`,
    {
      symbol: sym,
      type: 'market',
      clientOrderId: newClientOrderId(),
      tradePassword: TRADE_PASSWORD,
      ...fields,
    },
    en(token),
  );

/** Setup steps throw (they are not what a test checks) when the app refuses them. */
async function must<T>(res: Promise<{ body: { code: number; msg?: string; data: T } }>): Promise<T> {
  const { body } = await res;
  if (body.code !== 0) throw new Error(`setup refused: ${body.msg}`);
  return body.data;
}

/** As the trading calendar does on the next trading day: every T+1 lock is released. */
const releaseLocks = () =>
  t.db.updateTable('share_locks').set({ unlock_at: 0 }).where('released_at', 'is', null).execute();

/** A new trader who bought 100 shares of `sym` at market today (T+1-locked). */
async function traderWhoBought(): Promise<Trader> {
  const u = await trader(t);
  await must(order(u.tokenDemo, 'buy', { qty: '100' }));
  return u;
}

/** A new trader who bought 100 shares of `sym` on a past day and sold 40 today. */
async function traderWhoBoughtAndSold(): Promise<Trader> {
  const u = await traderWhoBought();
  await releaseLocks();
  await must(order(u.tokenDemo, 'sell', { qty: '40' }));
  return u;
}

/** traderWhoBoughtAndSold, who also placed a limit buy at the lower limit and cancelled it (freeze, unfreeze). */
async function traderWithHistory(): Promise<Trader> {
  const u = await traderWhoBoughtAndSold();
  const pv = await must(
    get<OrderPreview>(
      t.app,
      '/api/stock/order/preview',
      { symbol: sym, side: 'buy', type: 'limit', qty: '10' },
      en(u.tokenDemo),
    ),
  );
  const placed = await must(order(u.tokenDemo, 'buy', { type: 'limit', qty: '10', price: pv.limitDown }));
  await must(get(t.app, '/api/stock/order/cancel', { id: String(placed.id) }, en(u.tokenDemo)));
  return u;
}

const ordersStored = async () => (await tableCounts(t.db))['stock_orders'];

describe('transaction password', () => {
  it('is set once, shows in user/info, and is changed with the old one', async () => {
    const bob = await trader(t, false);
    const info = () => get(t.app, '/api/user/info', {}, en(bob.tokenDemo));
    expect((await info()).body.data.hasTradePassword).toBe(false);
    const noPw = await order(bob.tokenDemo, 'buy', { qty: '1' });
    expect(noPw.body).toMatchObject({ code: -1001, msg: 'Please set the transaction password first' });
    const mismatch = await post(
      t.app,
      '/api/user/password/trade/set',
      { password: '111111', password2: '111112' },
      en(bob.tokenDemo),
    );
    expect(mismatch.body).toMatchObject({ code: -1001, msg: 'The two passwords do not match' });
    const set = await post(
      t.app,
      '/api/user/password/trade/set',
      { password: '111111', password2: '111111' },
      en(bob.tokenDemo),
    );
    expect(set.body.code).toBe(0);
    expect((await info()).body.data.hasTradePassword).toBe(true);
    // the real account's token belongs to the same user: one password for both
    const again = await post(
      t.app,
      '/api/user/password/trade/set',
      { password: '222222', password2: '222222' },
      en(bob.tokenReal),
    );
    expect(again.body.code).toBe(-1001);
    const wrongOld = await post(
      t.app,
      '/api/user/password/trade/change',
      { oldPassword: '999999', password: '222222', password2: '222222' },
      en(bob.tokenDemo),
    );
    expect(wrongOld.body).toMatchObject({
      code: -1001,
      msg: 'The transaction password is incorrect, please re-enter it.',
    });
    const change = await post(
      t.app,
      '/api/user/password/trade/change',
      { oldPassword: '111111', password: '222222', password2: '222222' },
      en(bob.tokenDemo),
    );
    expect(change.body.code).toBe(0);
    const old = await post(
      t.app,
      '/api/stock/order/buy',
      { symbol: sym, type: 'market', qty: '1', clientOrderId: newClientOrderId(), tradePassword: '111111' },
      en(bob.tokenDemo),
    );
    expect(old.body.msg).toBe('The transaction password is incorrect, please re-enter it.');
  });

  // Was "locked for 15 minutes after 5 wrong": a fixed lock let anyone holding the session shut trading for
  // 15 minutes with five requests. Now the waits start at a minute and double (attempt-rules.ts); the
  // parallel-burst attacks are in password-lockouts.test.ts.
  it('makes trading wait after 5 wrong entries, saying how long', async () => {
    const carol = await trader(t);
    const wrong = () => order(carol.tokenDemo, 'buy', { qty: '1', tradePassword: '000000' });
    for (let i = 0; i < 4; i++)
      expect((await wrong()).body.msg).toBe('The transaction password is incorrect, please re-enter it.');
    expect((await wrong()).body.msg).toBe(
      'Too many wrong transaction passwords. Trading is locked, please try again in 60 seconds',
    );
    // even the right password is refused while locked, and nothing is stored
    const before = await ordersStored();
    expect((await order(carol.tokenDemo, 'buy', { qty: '1' })).body.msg).toMatch(/locked/);
    expect(await ordersStored()).toBe(before);
    const ur = await post(
      t.app,
      '/api/stock/order/buy',
      {
        symbol: sym,
        type: 'market',
        qty: '1',
        clientOrderId: newClientOrderId(),
        tradePassword: TRADE_PASSWORD,
      },
      { token: carol.tokenDemo },
    );
    expect(ur.body.msg).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('orders, positions and money', () => {
  it('previews fees and the maximum quantity, then buys at market into a T+1-locked position', async () => {
    const alice = await trader(t);
    const pv = await get<OrderPreview>(
      t.app,
      '/api/stock/order/preview',
      { symbol: sym, side: 'buy', type: 'market', qty: '100' },
      en(alice.tokenDemo),
    );
    expect(pv.body.code).toBe(0);
    const p = pv.body.data;
    expect(Number(p.fee.total)).toBeGreaterThan(0);
    expect(p.net).toBe((Math.round((Number(p.amount) + Number(p.fee.total)) * 100) / 100).toFixed(2));
    expect(Number(p.maxQty)).toBeGreaterThan(1000);
    expect(p.available).toBe('1000000.00');
    const r = await order(alice.tokenDemo, 'buy', { qty: '100' });
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({
      status: 'filled',
      filledQty: '100',
      side: 'buy',
      type: 'market',
      accountType: 'demo',
      frozen: '0.00',
    });
    expect(r.body.data.amount).toBe(p.amount);
    expect(r.body.data.fee).toEqual(p.fee);
    const hold = await get<Page<Position>>(t.app, '/api/stock/hold/list', {}, en(alice.tokenDemo));
    expect(hold.body.data.list).toEqual([
      expect.objectContaining({ symbol: sym, qty: '100', available: '0', locked: '100', cost: p.net }),
    ]);
    const info = await get<Position>(t.app, '/api/stock/hold/info', { symbol: sym }, en(alice.tokenDemo));
    expect(info.body.data.locked).toBe('100');
    // selling shares bought today is refused with the T+1 message
    const sell = await order(alice.tokenDemo, 'sell', { qty: '100' });
    expect(sell.body).toMatchObject({
      code: -1001,
      msg: expect.stringMatching(/^Available quantity is 0.*T\+1/),
    });
    const assets = await post<Assets>(t.app, '/api/user/assets', {}, en(alice.tokenDemo));
    expect(assets.body.data.available).toBe((1_000_000 - Number(p.net)).toFixed(2));
    const getAssets = await get<Assets>(t.app, '/api/user/assets', {}, en(alice.tokenDemo));
    expect(getAssets.body.data).toEqual(assets.body.data);
    // the real account is a separate book: no cash, no position
    const real = await get<Assets>(t.app, '/api/user/assets', {}, en(alice.tokenReal));
    expect(real.body.data).toMatchObject({ accountType: 'real', total: '0.00', available: '0.00' });
    expect((await get(t.app, '/api/stock/hold/list', {}, en(alice.tokenReal))).body.data.total).toBe(0);
  });

  it('sells after the T+1 release and books realised income', async () => {
    const alice = await traderWhoBought();
    // the next trading day: release the lock as the calendar would
    await releaseLocks();
    const tooMany = await order(alice.tokenDemo, 'sell', { qty: '101' });
    expect(tooMany.body.msg).toBe('Not enough quantity');
    const sell = await order(alice.tokenDemo, 'sell', { qty: '40' });
    expect(sell.body.data).toMatchObject({ status: 'filled', filledQty: '40' });
    expect(sell.body.data.fee.cvt).toBe('0.00');
    const hold = await get<Position>(t.app, '/api/stock/hold/info', { symbol: sym }, en(alice.tokenDemo));
    expect(hold.body.data).toMatchObject({ qty: '60', available: '60', locked: '0' });
    const income = await get(t.app, '/api/stock/income', {}, en(alice.tokenDemo));
    expect(income.body.code).toBe(0);
    expect(income.body.data.today).toBe(income.body.data.month);
    const assets = await get<Assets>(t.app, '/api/user/assets', {}, en(alice.tokenDemo));
    expect(income.body.data.floating).toBe(assets.body.data.floatingPnl);
    expect(Number(income.body.data.today)).not.toBe(0);
    expect(income.body.data.purchasesLast2.length).toBeGreaterThanOrEqual(
      income.body.data.purchasesLast1.length,
    );
  });

  it('rests a limit order with cash frozen, and a cancel returns exactly the frozen amount', async () => {
    const alice = await traderWhoBoughtAndSold();
    const before = (await get<Assets>(t.app, '/api/user/assets', {}, en(alice.tokenDemo))).body.data;
    const pv = (
      await get<OrderPreview>(
        t.app,
        '/api/stock/order/preview',
        { symbol: sym, side: 'buy', type: 'limit', qty: '10' },
        en(alice.tokenDemo),
      )
    ).body.data;
    const r = await order(alice.tokenDemo, 'buy', { type: 'limit', qty: '10', price: pv.limitDown });
    expect(r.body.data).toMatchObject({ status: 'pending', price: pv.limitDown, filledQty: '0' });
    const frozen = r.body.data.frozen;
    expect(Number(frozen)).toBeGreaterThan(Number(pv.limitDown) * 10);
    const during = (await get<Assets>(t.app, '/api/user/assets', {}, en(alice.tokenDemo))).body.data;
    expect(during.frozen).toBe(frozen);
    const open = await get<Page<StockOrder>>(
      t.app,
      '/api/stock/order/list',
      { status: 'pending' },
      en(alice.tokenDemo),
    );
    expect(open.body.data.list.map((o) => o.id)).toContain(r.body.data.id);
    const cancel = await get<StockOrder>(
      t.app,
      '/api/stock/order/cancel',
      { id: String(r.body.data.id) },
      en(alice.tokenDemo),
    );
    expect(cancel.body.data).toMatchObject({ status: 'cancelled', frozen: '0.00' });
    const after = (await get<Assets>(t.app, '/api/user/assets', {}, en(alice.tokenDemo))).body.data;
    expect(after.available).toBe(before.available);
    expect(after.frozen).toBe('0.00');
    const twice = await get(
      t.app,
      '/api/stock/order/cancel',
      { id: String(r.body.data.id) },
      en(alice.tokenDemo),
    );
    expect(twice.body.msg).toBe('The order is no longer open and cannot be cancelled');
    const info = await get<StockOrder>(
      t.app,
      '/api/stock/order/info',
      { id: String(r.body.data.id) },
      en(alice.tokenDemo),
    );
    expect(info.body.data.status).toBe('cancelled');
    // other accounts cannot see or cancel it
    expect(
      (await get(t.app, '/api/stock/order/info', { id: String(r.body.data.id) }, en(alice.tokenReal))).body
        .msg,
    ).toBe('The order does not exist');
    const stats = await get(t.app, '/api/stock/order/statistics', {}, en(alice.tokenDemo));
    expect(stats.body.data).toMatchObject({ cancelled: 1, pending: 0 });
    expect(Number(stats.body.data.buyAmountToday)).toBeGreaterThan(0);
    expect(Number(stats.body.data.sellAmountToday)).toBeGreaterThan(0);
  });

  it('returns the same order for a retried clientOrderId', async () => {
    const alice = await trader(t);
    const cid = newClientOrderId();
    const a = await order(alice.tokenDemo, 'buy', { qty: '5', clientOrderId: cid });
    const journals = (await tableCounts(t.db))['ledger_journals'];
    const b = await order(alice.tokenDemo, 'buy', { qty: '5', clientOrderId: cid });
    expect(b.body.data.id).toBe(a.body.data.id);
    expect((await tableCounts(t.db))['ledger_journals']).toBe(journals);
  });

  it('refuses a reused clientOrderId whose quantity, type or price differ, changing nothing', async () => {
    const alice = await trader(t);
    const cid = newClientOrderId();
    const a = await order(alice.tokenDemo, 'buy', { qty: '5', clientOrderId: cid });
    expect(a.body.code).toBe(0);
    const before = await tableCounts(t.db);
    for (const other of [
      { qty: '10', clientOrderId: cid },
      { qty: '5', type: 'limit', price: '1.00', clientOrderId: cid },
    ]) {
      const b = await order(alice.tokenDemo, 'buy', other);
      expect(b.body.code).toBe(-1001);
      expect(b.body.msg).toMatch(/already used for a different order/);
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('lists funds movements with the balance after each, filtered by type', async () => {
    const alice = await traderWithHistory();
    const all = await get<Page<TxRecord>>(t.app, '/api/user/tx/record', { size: '100' }, en(alice.tokenDemo));
    const list = all.body.data.list;
    expect(list.at(-1)).toMatchObject({ type: 'demo_grant', amount: '1000000.00', balance: '1000000.00' });
    const assets = (await get<Assets>(t.app, '/api/user/assets', {}, en(alice.tokenDemo))).body.data;
    expect(list[0]!.balance).toBe(assets.available);
    expect(new Set(list.map((r) => r.type))).toEqual(
      new Set(['demo_grant', 'buy', 'sell', 'fee', 'freeze', 'unfreeze']),
    );
    const fees = await get<Page<TxRecord>>(
      t.app,
      '/api/user/tx/record',
      { type: 'fee' },
      en(alice.tokenDemo),
    );
    expect(fees.body.data.list.every((r) => r.type === 'fee' && r.symbol === sym && r.orderId! > 0)).toBe(
      true,
    );
  });

  it('refuses with the spec messages', async () => {
    const alice = await trader(t);
    const tok = alice.tokenDemo;
    const cases: Array<[Record<string, string>, RegExp | string, ('buy' | 'sell')?]> = [
      [{ symbol: 'KSE100', qty: '1' }, 'The stock is currently unlisted and cannot be traded.'],
      [{ symbol: 'NOSUCH', qty: '1' }, 'The stock is currently unlisted and cannot be traded.'],
      [{ symbol: 'BTCUSDT', qty: '1' }, 'The stock is currently unlisted and cannot be traded.'],
      [{ qty: '' }, 'Please enter the quantity to buy or sell'],
      [{}, 'Please enter the quantity to buy or sell'],
      [{ qty: '0' }, 'The order amount cannot be 0'],
      [{ type: 'limit', qty: '1', price: '0' }, 'The price of a limit order cannot be 0'],
      [{ type: 'limit', qty: '1' }, 'The price of a limit order cannot be 0'],
      [
        { type: 'limit', qty: '1', price: '99999.00' },
        /^The price must be within today's limits: \d+\.\d{2} to \d+\.\d{2}$/,
      ],
      [{ qty: '100000000' }, 'Insufficient Balance'],
      [{ type: 'limit', qty: '10000000', price: '10.00' }, /Insufficient Balance|limits/],
      [{ symbol: 'OGDC', qty: '1' }, 'Available quantity is 0', 'sell'],
    ];
    for (const [fields, msg, side] of cases) {
      const before = await tableCounts(t.db);
      const r = await order(tok, side ?? 'buy', fields);
      expect(r.body.code, JSON.stringify(fields)).toBe(-1001);
      if (typeof msg === 'string') expect(r.body.msg).toBe(msg);
      else expect(r.body.msg).toMatch(msg);
      expect(await tableCounts(t.db)).toEqual(before);
    }
    const kyc = await order(alice.tokenReal, 'buy', { qty: '1' });
    expect(kyc.body.msg).toBe('Please complete KYC first');
  });

  it('keeps the ledger and the positions consistent', async () => {
    await traderWithHistory();
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
    expect((await tradingSelfCheck(t.db)).problems).toEqual([]);
  });
});
