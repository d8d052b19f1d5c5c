// The coin/contract/order/* calls end to end on the app (SQLite and PostgreSQL): leverage, open, the answer's
// margin and fee, the ledger, close (part and all), TP/SL validation, add margin, refusals that change nothing,
// another user's ids, and a burst of identical opens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { get, post } from '../helpers.ts';
import type { TradeTestApp } from '../trade/trade-helpers.ts';
import {
  bookOf,
  cid,
  makePerpApp,
  perpRows,
  perpUser,
  SYMBOL,
  systemOf,
  TRADE_PASSWORD,
  usdt,
  type PerpUser,
} from './perp-helpers.ts';

const P = '/api/coin/contract/order';
let t: TradeTestApp;

beforeAll(async () => {
  t = await makePerpApp();
});
afterAll(async () => {
  await t.close();
});

const open = (u: PerpUser, fields: Record<string, string>) =>
  post(
    t.app,
    `${P}/add`,
    { clientId: cid(), symbol: SYMBOL, side: 'long', qty: '0.01', tradePassword: TRADE_PASSWORD, ...fields },
    { lang: 'en-US', token: u.token },
  );

function micro(s: string): bigint {
  const neg = s.startsWith('-');
  const [i, f = ''] = (neg ? s.slice(1) : s).split('.');
  const v = BigInt(i! + f.padEnd(6, '0').slice(0, 6));
  return neg ? -v : v;
}

async function expectRefused(
  call: () => Promise<{ body: { code: number; msg: string } }>,
  msg: RegExp,
): Promise<void> {
  const before = await perpRows(t.db);
  const r = await call();
  expect(r.body.code).not.toBe(0);
  expect(r.body.msg).toMatch(msg);
  expect(await perpRows(t.db)).toEqual(before);
}

describe('coin/contract/order', () => {
  it('multiple reads 10× by default, sets 20×, refuses 126× and unknown pairs', async () => {
    const u = await perpUser(t);
    const r = await post(t.app, `${P}/multiple`, { symbol: SYMBOL }, { lang: 'en-US', token: u.token });
    expect(r.body.data).toMatchObject({ symbol: SYMBOL, leverage: 10, maxLeverage: 125, position: null });
    const s = await post(
      t.app,
      `${P}/multiple`,
      { symbol: SYMBOL, leverage: '20' },
      { lang: 'en-US', token: u.token },
    );
    expect(s.body.data.leverage).toBe(20);
    await expectRefused(
      () =>
        post(t.app, `${P}/multiple`, { symbol: SYMBOL, leverage: '126' }, { lang: 'en-US', token: u.token }),
      /at most 125/,
    );
    await expectRefused(
      () => post(t.app, `${P}/multiple`, { symbol: 'NOPEUSDT' }, { lang: 'en-US', token: u.token }),
      /no perpetual contract/,
    );
  });

  it('opens a 10× long: margin and fee leave the contract book, the answer shows them and the LP', async () => {
    const u = await perpUser(t);
    const r = await open(u, {});
    expect(r.body.code).toBe(0);
    const { order, position, repeated } = r.body.data;
    expect(repeated).toBe(false);
    expect(order).toMatchObject({ action: 'open', side: 'buy', qty: '0.01000', leverage: 10 });
    const margin = micro(order.margin);
    const fee = micro(order.fee);
    expect(margin).toBeGreaterThan(0n);
    // 0.05 % of the notional, 10 % of it as margin: fee × 200 = margin (to rounding)
    expect(fee * 200n - margin).toBeGreaterThanOrEqual(-200n);
    expect(await bookOf(t.db, u.accountId, 'contract')).toBe(usdt(100_000) - margin - fee);
    expect(await bookOf(t.db, u.accountId, 'contract_margin')).toBe(margin);
    expect(position.liqPrice).not.toBeNull();
    expect(Number(position.liqPrice)).toBeLessThan(Number(position.entryPrice));
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });

  it('the same clientId answers the first order; other details with it are refused', async () => {
    const u = await perpUser(t);
    const id = cid();
    const a = await open(u, { clientId: id });
    const b = await open(u, { clientId: id });
    expect(b.body.data.repeated).toBe(true);
    expect(b.body.data.order.id).toBe(a.body.data.order.id);
    await expectRefused(() => open(u, { clientId: id, qty: '0.02' }), /already used/);
  });

  it('refuses bad input and too little money with a clear message and no change', async () => {
    const u = await perpUser(t, usdt(10));
    for (const qty of ['0', 'abc', '-1', '0.000001', '1e3']) await expectRefused(() => open(u, { qty }), /./);
    await expectRefused(() => open(u, { qty: '1' }), /Insufficient balance/);
    await expectRefused(() => open(u, { side: 'flat' }), /./);
    const ur = await post(
      t.app,
      `${P}/add`,
      { clientId: cid(), symbol: SYMBOL, side: 'long', qty: '1', tradePassword: TRADE_PASSWORD },
      { token: u.token, lang: 'ur-PK' },
    );
    expect(ur.body.msg).toBe('کنٹریکٹ اکاؤنٹ میں بیلنس ناکافی ہے');
  });

  it('closes half then the rest; the books end where P&L and fees say', async () => {
    const u = await perpUser(t);
    const o = await open(u, { qty: '0.02' });
    const id = String(o.body.data.position.id);
    const half = await post(
      t.app,
      `${P}/close`,
      { clientId: cid(), positionId: id, qty: '0.01' },
      { lang: 'en-US', token: u.token },
    );
    expect(half.body.code).toBe(0);
    expect(half.body.data.position).toMatchObject({ status: 'open', qty: '0.01000' });
    expect(half.body.data.position.liqPrice).toBe(o.body.data.position.liqPrice);
    await expectRefused(
      () =>
        post(
          t.app,
          `${P}/close`,
          { clientId: cid(), positionId: id, qty: '0.02' },
          { lang: 'en-US', token: u.token },
        ),
      /at most the size/,
    );
    const rest = await post(
      t.app,
      `${P}/liquidate`,
      { clientId: cid(), positionId: id },
      { lang: 'en-US', token: u.token },
    );
    expect(rest.body.data.position.status).toBe('closed');
    expect(await bookOf(t.db, u.accountId, 'contract_margin')).toBe(0n);
    const fees = [o, half, rest].reduce((s, r) => s + micro(r.body.data.order.fee), 0n);
    const pnl = [half, rest].reduce((s, r) => s + micro(r.body.data.order.realizedPnl), 0n);
    expect(await bookOf(t.db, u.accountId, 'contract')).toBe(usdt(100_000) + pnl - fees);
    await expectRefused(
      () => post(t.app, `${P}/close`, { clientId: cid(), positionId: id }, { lang: 'en-US', token: u.token }),
      /There must be an order available to close/,
    );
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });

  it('another user’s position ids are not found or not closable, and change nothing', async () => {
    const owner = await perpUser(t);
    const other = await perpUser(t);
    const id = String((await open(owner, {})).body.data.position.id);
    const orderId = String((await open(owner, {})).body.data.order.id);
    const tk = { lang: 'en-US', token: other.token };
    await expectRefused(
      () => post(t.app, `${P}/close`, { clientId: cid(), positionId: id }, tk),
      /order available/,
    );
    await expectRefused(
      () => post(t.app, `${P}/liquidate`, { clientId: cid(), positionId: id }, tk),
      /order available/,
    );
    await expectRefused(
      () =>
        post(
          t.app,
          `${P}/add/mgn`,
          { clientId: cid(), positionId: id, amount: '5', tradePassword: TRADE_PASSWORD },
          tk,
        ),
      /order available/,
    );
    await expectRefused(
      () => post(t.app, `${P}/set/profit`, { positionId: id, price: '1' }, tk),
      /order available/,
    );
    await expectRefused(
      () => post(t.app, `${P}/set/loss`, { positionId: id, price: '1' }, tk),
      /order available/,
    );
    expect((await get(t.app, `${P}/query`, { positionId: id }, tk)).body.msg).toMatch(/No such/);
    expect((await get(t.app, `${P}/query`, { orderId }, tk)).body.msg).toMatch(/No such/);
    expect((await get(t.app, `${P}/list`, {}, tk)).body.data.list).toEqual([]);
    const mine = await get(
      t.app,
      `${P}/query`,
      { positionId: id, orderId },
      { lang: 'en-US', token: owner.token },
    );
    expect(mine.body.data.position.id).toBe(Number(id));
    expect(mine.body.data.order.id).toBe(Number(orderId));
    expect(
      (await get(t.app, `${P}/list`, {}, { lang: 'en-US', token: owner.token })).body.data.list,
    ).toHaveLength(1);
  });

  it('TP/SL: validated against entry, mark and LP; listed as active; cancelled with 0', async () => {
    const u = await perpUser(t);
    const o = await open(u, {});
    const p = o.body.data.position;
    const id = String(p.id);
    const entry = Number(p.entryPrice);
    const mark = Number(p.markPrice);
    const liq = Number(p.liqPrice);
    const tk = { lang: 'en-US', token: u.token };
    const hi = (Math.max(entry, mark) * 1.05).toFixed(2);
    const lo = (Math.min(entry, mark) * 0.97).toFixed(2);
    expect(Number(lo)).toBeGreaterThan(liq);
    await expectRefused(
      () => post(t.app, `${P}/set/profit`, { positionId: id, price: (entry * 0.9).toFixed(2) }, tk),
      /take-profit/,
    );
    await expectRefused(() => post(t.app, `${P}/set/loss`, { positionId: id, price: hi }, tk), /stop-loss/);
    await expectRefused(
      () => post(t.app, `${P}/set/loss`, { positionId: id, price: (liq * 0.99).toFixed(2) }, tk),
      /liquidation price/,
    );
    const tp = await post(t.app, `${P}/set/profit`, { positionId: id, price: hi, source: 'last' }, tk);
    expect(tp.body.data).toMatchObject({ tpPrice: hi, tpSource: 'last' });
    const sl = await post(t.app, `${P}/set/loss`, { positionId: id, price: lo }, tk);
    expect(sl.body.data).toMatchObject({ slPrice: lo, slSource: 'mark' });
    const active = await get(t.app, `${P}/list/active`, {}, tk);
    expect(active.body.data.list.map((a: { kind: string }) => a.kind).sort()).toEqual(['sl', 'tp']);
    await post(t.app, `${P}/set/profit`, { positionId: id, price: '0' }, tk);
    expect((await get(t.app, `${P}/list/active`, {}, tk)).body.data.list).toHaveLength(1);
  });

  it('add/mgn moves the LP away; a higher leverage moves it back toward the mark', async () => {
    const u = await perpUser(t);
    const tk = { lang: 'en-US', token: u.token };
    await post(t.app, `${P}/multiple`, { symbol: SYMBOL, leverage: '5' }, tk);
    const p = (await open(u, {})).body.data.position;
    const id = String(p.id);
    const mid = cid();
    const m = await post(
      t.app,
      `${P}/add/mgn`,
      { clientId: mid, positionId: id, amount: '100', tradePassword: TRADE_PASSWORD },
      tk,
    );
    expect(Number(m.body.data.liqPrice)).toBeLessThan(Number(p.liqPrice));
    expect(micro(m.body.data.margin)).toBe(micro(p.margin) + usdt(100));
    const again = await post(
      t.app,
      `${P}/add/mgn`,
      { clientId: mid, positionId: id, amount: '100', tradePassword: TRADE_PASSWORD },
      tk,
    );
    expect(micro(again.body.data.margin)).toBe(micro(p.margin) + usdt(100));
    await expectRefused(
      () =>
        post(
          t.app,
          `${P}/add/mgn`,
          { clientId: mid, positionId: id, amount: '50', tradePassword: TRADE_PASSWORD },
          tk,
        ),
      /already used/,
    );
    const lev = await post(
      t.app,
      `${P}/multiple`,
      { symbol: SYMBOL, leverage: '50', tradePassword: TRADE_PASSWORD },
      tk,
    );
    expect(lev.body.code).toBe(0);
    expect(lev.body.data.position.leverage).toBe(50);
    expect(Number(lev.body.data.position.liqPrice)).toBeGreaterThan(Number(m.body.data.liqPrice));
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });

  it('100 concurrent identical opens make one order and one margin', async () => {
    const u = await perpUser(t);
    const id = cid();
    const answers = await Promise.all(Array.from({ length: 100 }, () => open(u, { clientId: id })));
    expect(answers.every((a) => a.body.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.order.id)).size).toBe(1);
    const rows = await t.db
      .selectFrom('perp_orders')
      .select('id')
      .where('account_id', '=', u.accountId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await bookOf(t.db, u.accountId, 'contract_margin')).toBe(
      micro(answers[0]!.body.data.order.margin),
    );
  });

  it('liquidate/all closes every open position', async () => {
    const u = await perpUser(t);
    await open(u, {});
    await open(u, { symbol: 'ETHUSDT', side: 'short', qty: '0.1' });
    const r = await post(t.app, `${P}/liquidate/all`, { clientId: cid() }, { lang: 'en-US', token: u.token });
    expect(r.body.data.list).toHaveLength(2);
    expect((await get(t.app, `${P}/list`, {}, { lang: 'en-US', token: u.token })).body.data.list).toEqual([]);
    expect(await bookOf(t.db, u.accountId, 'contract_margin')).toBe(0n);
    expect(await systemOf(t.db, 'fee_perp')).toBeGreaterThan(0n);
  });
  it('every call refuses malformed fields and a missing session, changing nothing', async () => {
    const u = await perpUser(t);
    const id = String((await open(u, {})).body.data.position.id);
    const tk = { lang: 'en-US', token: u.token };
    const bad: [string, Record<string, string>][] = [
      ['multiple', { symbol: 'btcusdt' }],
      ['multiple', { symbol: SYMBOL, leverage: '0' }],
      ['multiple', { symbol: SYMBOL, leverage: 'ten' }],
      [
        'add',
        { clientId: 'short', symbol: SYMBOL, side: 'long', qty: '0.01', tradePassword: TRADE_PASSWORD },
      ],
      ['add', { clientId: cid(), symbol: SYMBOL, side: 'long', tradePassword: TRADE_PASSWORD }],
      ['add', { clientId: cid(), symbol: SYMBOL, side: 'long', qty: '0.01', tradePassword: '12345' }],
      ['close', { clientId: cid(), positionId: '0' }],
      ['close', { clientId: cid(), positionId: id, qty: '-1' }],
      ['close', { clientId: cid(), positionId: id, qty: '0' }],
      ['liquidate', { clientId: cid(), positionId: 'x' }],
      ['liquidate/all', {}],
      ['add/mgn', { clientId: cid(), positionId: id, amount: '0', tradePassword: TRADE_PASSWORD }],
      ['add/mgn', { clientId: cid(), positionId: id, amount: '1.0000001', tradePassword: TRADE_PASSWORD }],
      ['add/mgn', { clientId: cid(), positionId: id, amount: '999999999', tradePassword: TRADE_PASSWORD }],
      ['set/profit', { positionId: id, price: 'abc' }],
      ['set/profit', { positionId: id, price: '1', source: 'index' }],
      ['set/loss', { positionId: id, price: '1.001' }],
    ];
    for (const [path, fields] of bad) await expectRefused(() => post(t.app, `${P}/${path}`, fields, tk), /./);
    for (const path of [
      'multiple',
      'add',
      'close',
      'liquidate',
      'liquidate/all',
      'add/mgn',
      'set/profit',
      'set/loss',
    ])
      await expectRefused(() => post(t.app, `${P}/${path}`, {}, { lang: 'en-US' }), /./);
    for (const path of ['list', 'list/active', 'query'])
      expect((await get(t.app, `${P}/${path}`, {}, { lang: 'en-US' })).body.code).not.toBe(0);
    expect((await get(t.app, `${P}/query`, {}, tk)).body.msg).toMatch(/No such/);
  });
});
