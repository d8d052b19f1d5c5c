// The transaction password and KYC on the crypto calls that put money at stake (contract/perp-orders.ts and
// contract/spot.ts say which): a spot order, a contract open, adding margin and a leverage change on an open
// position. Checked as stock orders are: a wrong password is refused in the caller's language and changes
// nothing, failures on spot and contracts count on the stock order's lock-out, no password set asks to set one,
// the real account needs KYC, the demo account does not; the reduce-only calls take neither.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postRecord } from '../../../server/domain/ledger/post.ts';
import { get, post } from '../helpers.ts';
import { grant } from '../withdraw-helpers.ts';
import { newClientOrderId, trader, type TradeTestApp } from '../trade/trade-helpers.ts';
import { cid, makePerpApp, perpRows, SYMBOL, TRADE_PASSWORD, USDT, usdt } from './perp-helpers.ts';

const P = '/api/coin/contract/order';
const WRONG = 'The transaction password is incorrect, please re-enter it.';
const NOT_SET = 'Please set the transaction password first';
const KYC = 'Please complete KYC first';
const ur = JSON.parse(readFileSync('locales/ur-PK/errors.json', 'utf8')) as { trade: Record<string, string> };

let t: TradeTestApp;
beforeAll(async () => {
  t = await makePerpApp('crypto-confirm');
});
afterAll(async () => {
  await t.close();
});

interface User {
  userId: number;
  real: string;
  demo: string;
}

/** Both accounts funded: 100,000 USDT in the spot (cash) and in the contract book. */
async function user(opts: { password?: boolean; kyc?: boolean } = {}): Promise<User> {
  const u = await trader(t, opts.password ?? true);
  await t.db
    .updateTable('users')
    .set({ id_status: (opts.kyc ?? true) ? 'succ' : 'none' })
    .where('id', '=', u.userId)
    .execute();
  const accounts = await t.db.selectFrom('accounts').select('id').where('user_id', '=', u.userId).execute();
  for (const { id } of accounts) {
    await grant(t.db, id, 'USDT', usdt(100_000));
    await postRecord(t.db, {
      kind: 'test_grant',
      ref: `crypto-confirm:${id}`,
      accountId: id,
      now: Date.now(),
      legs: [
        { system: 'test_funding', asset: USDT, amount: -usdt(100_000) },
        { accountId: id, book: 'contract', asset: USDT, amount: usdt(100_000) },
      ],
    });
  }
  return { userId: u.userId, real: u.tokenReal, demo: u.tokenDemo };
}

const en = (token: string) => ({ token, lang: 'en-US' });

const spot = (token: string, tradePassword: string, lang = 'en-US') =>
  post(
    t.app,
    '/api/coin/order/add',
    {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '1000.00',
      qty: '0.01',
      clientOrderId: newClientOrderId(),
      tradePassword,
    },
    { token, lang },
  );
const open = (token: string, tradePassword: string, lang = 'en-US') =>
  post(
    t.app,
    `${P}/add`,
    { clientId: cid(), symbol: SYMBOL, side: 'long', qty: '0.01', tradePassword },
    { token, lang },
  );
const addMargin = (token: string, positionId: number, tradePassword: string) =>
  post(
    t.app,
    `${P}/add/mgn`,
    { clientId: cid(), positionId: String(positionId), amount: '10', tradePassword },
    en(token),
  );

/** Everything a refusal must leave alone: orders, positions, leverage settings, every ledger movement. */
async function state() {
  const spotOrders = await t.db
    .selectFrom('spot_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const positions = await t.db
    .selectFrom('perp_positions')
    .select(['id', 'qty', 'margin', 'leverage', 'status'])
    .orderBy('id')
    .execute();
  return { ...(await perpRows(t.db)), spot: Number(spotOrders.n), positions };
}

async function expectRefused(call: () => Promise<{ body: { code: number; msg: string } }>, msg: string) {
  const before = await state();
  const r = await call();
  expect(r.body.code).toBe(-1001);
  expect(r.body.msg).toBe(msg);
  expect(await state()).toEqual(before);
}

describe('transaction password and KYC on crypto orders', () => {
  it('a wrong password is refused in the caller’s language and changes nothing', async () => {
    const u = await user();
    const p = (await open(u.demo, TRADE_PASSWORD)).body.data.position;
    await expectRefused(() => spot(u.demo, '000000'), WRONG);
    await expectRefused(() => spot(u.real, '000000', 'ur-PK'), ur.trade['passwordWrong']!);
    await expectRefused(() => open(u.demo, '000000', 'ur-PK'), ur.trade['passwordWrong']!);
    // four failures so far: the fifth is still a plain refusal
    await expectRefused(() => addMargin(u.demo, p.id, '000000'), WRONG);
    const pos = await get(t.app, `${P}/query`, { positionId: String(p.id) }, en(u.demo));
    expect(pos.body.data.position.margin).toBe(p.margin);
  });

  it('a leverage change on an open position needs the password; without one it is a preference', async () => {
    const u = await user();
    expect(
      (await post(t.app, `${P}/multiple`, { symbol: SYMBOL, leverage: '5' }, en(u.demo))).body.code,
    ).toBe(0);
    await open(u.demo, TRADE_PASSWORD);
    await expectRefused(
      () => post(t.app, `${P}/multiple`, { symbol: SYMBOL, leverage: '20' }, en(u.demo)),
      'Enter the transaction password',
    );
    await expectRefused(
      () =>
        post(t.app, `${P}/multiple`, { symbol: SYMBOL, leverage: '20', tradePassword: '000000' }, en(u.demo)),
      WRONG,
    );
    const ok = await post(
      t.app,
      `${P}/multiple`,
      { symbol: SYMBOL, leverage: '20', tradePassword: TRADE_PASSWORD },
      en(u.demo),
    );
    expect(ok.body.data.position.leverage).toBe(20);
  });

  it('failures on spot and contracts count on the stock order’s lock-out', async () => {
    const u = await user();
    const LOCKED = 'Too many wrong transaction passwords. Trading is locked, please try again in 60 seconds';
    // the stock order's rule: four failures are refused plainly, the fifth locks
    for (let i = 0; i < 3; i++) expect((await open(u.demo, '000000')).body.msg).toBe(WRONG);
    expect((await spot(u.demo, '000000')).body.msg).toBe(WRONG);
    expect((await spot(u.real, '000000')).body.msg).toBe(LOCKED);
    const before = await state();
    for (const call of [() => open(u.demo, TRADE_PASSWORD), () => spot(u.real, TRADE_PASSWORD)])
      expect((await call()).body.msg).toBe(LOCKED);
    expect(await state()).toEqual(before);
    const stock = await post(
      t.app,
      '/api/stock/order/buy',
      {
        symbol: 'OGDC',
        type: 'market',
        qty: '1',
        clientOrderId: newClientOrderId(),
        tradePassword: TRADE_PASSWORD,
      },
      en(u.demo),
    );
    expect(stock.body.msg).toMatch(/^Too many wrong transaction passwords/);
  });

  it('no password set: the set-first refusal, nothing counted', async () => {
    const u = await user({ password: false });
    await expectRefused(() => spot(u.demo, TRADE_PASSWORD), NOT_SET);
    await expectRefused(() => open(u.real, TRADE_PASSWORD), NOT_SET);
    await expectRefused(() => open(u.demo, TRADE_PASSWORD, 'ur-PK'), ur.trade['passwordNotSet']!);
  });

  it('the real account needs KYC; the demo account does not', async () => {
    const u = await user({ kyc: false });
    await expectRefused(() => spot(u.real, TRADE_PASSWORD), KYC);
    await expectRefused(() => open(u.real, TRADE_PASSWORD), KYC);
    await expectRefused(() => open(u.real, TRADE_PASSWORD, 'ur-PK'), ur.trade['kycRequired']!);
    expect((await spot(u.demo, TRADE_PASSWORD)).body.code).toBe(0);
    const o = await open(u.demo, TRADE_PASSWORD);
    expect(o.body.code).toBe(0);
    expect((await addMargin(u.demo, o.body.data.position.id, TRADE_PASSWORD)).body.code).toBe(0);
    const k = await user();
    expect((await spot(k.real, TRADE_PASSWORD)).body.code).toBe(0);
    expect((await open(k.real, TRADE_PASSWORD)).body.code).toBe(0);
  });

  it('the reduce-only calls and cancelling a spot order take no password', async () => {
    const u = await user();
    const id = String((await open(u.demo, TRADE_PASSWORD)).body.data.position.id);
    const tk = en(u.demo);
    const ok = async (path: string, fields: Record<string, string>) =>
      expect((await post(t.app, path, fields, tk)).body).toMatchObject({ code: 0 });
    await ok(`${P}/set/loss`, { positionId: id, price: '0' });
    await ok(`${P}/set/profit`, { positionId: id, price: '0' });
    await ok(`${P}/close`, { clientId: cid(), positionId: id, qty: '0.001' });
    await ok(`${P}/liquidate`, { clientId: cid(), positionId: id });
    await open(u.demo, TRADE_PASSWORD);
    await ok(`${P}/liquidate/all`, { clientId: cid() });
    const order = (await spot(u.demo, TRADE_PASSWORD)).body.data;
    await ok('/api/coin/order/close', { id: String(order.id) });
  });
});
