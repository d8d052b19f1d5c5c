// Contract limit orders end to end on the simulator (SQLite and PostgreSQL): a limit open rests with its margin
// and most fee frozen, shows in list/active, is cancelled by its owner only; it fills at its own price as a
// maker when a fall brings the ask down to it; a marketable one fills at once at the ask as a taker; a
// liquidation cancels the pair's resting orders; a fill refused when reached ends the order with the reason;
// bad input changes nothing. The ledger balances and the frozen book equals what the open orders hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMinor } from '../../../contract/money.ts';
import { postRecord } from '../../../server/domain/ledger/post.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import { MAKER_RATE, TAKER_RATE } from '../../../server/domain/perp/perp-config.ts';
import { initialMargin, tradeFee } from '../../../contract/perp/position.ts';
import { post, get } from '../helpers.ts';
import type { TradeTestApp } from '../trade/trade-helpers.ts';
import {
  bookOf,
  cid,
  makePerpApp,
  perpRows,
  perpUser,
  SYMBOL,
  TRADE_PASSWORD,
  usdt,
  type PerpUser,
} from './perp-helpers.ts';

const P = '/api/coin/contract/order';
const GRID = { priceDecimals: 2, qtyDecimals: 5 };
let t: TradeTestApp;

beforeAll(async () => {
  t = await makePerpApp('perp-limit');
});
afterAll(async () => {
  await t.close();
});

const en = (u: PerpUser) => ({ token: u.token, lang: 'en-US' });
const px = (s: string) => parseMinor(s, 2)!;
const text = (p: bigint) => `${p / 100n}.${String(p % 100n).padStart(2, '0')}`;
const ask = () => px(t.sim.ticker(SYMBOL)!.a);
const mark = () => t.app.perp.deps.marks.mark(SYMBOL)!;

const limit = (u: PerpUser, fields: Record<string, string>) =>
  post(
    t.app,
    `${P}/add/limit`,
    { clientId: cid(), symbol: SYMBOL, side: 'long', qty: '0.01', tradePassword: TRADE_PASSWORD, ...fields },
    en(u),
  );
const cancel = (u: PerpUser, id: number) => post(t.app, `${P}/cancel`, { orderId: String(id) }, en(u));

async function orderRow(id: number) {
  return t.db.selectFrom('perp_limit_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The frozen book of every account equals Σ frozen of its open orders; the ledger balances. */
async function reconciles(u: PerpUser): Promise<void> {
  const open = await t.db
    .selectFrom('perp_limit_orders')
    .select('frozen')
    .where('account_id', '=', u.accountId)
    .where('status', '=', 'open')
    .execute();
  expect(await bookOf(t.db, u.accountId, 'contract_frozen')).toBe(open.reduce((s, o) => s + o.frozen, 0n));
  expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  expect((await tradingSelfCheck(t.db)).problems).toEqual([]);
}

/** Falls `pct` % over a few steps; stops stepping once `done` holds (at most 40 steps). */
async function fall(pct: number, done: () => Promise<boolean>): Promise<void> {
  t.sim.crash(SYMBOL, pct, 2);
  for (let i = 0; i < 40 && !(await done()); i++) {
    t.sim.step();
    await t.app.perp.engine.idle();
  }
}

describe('contract limit orders', () => {
  it('rest with their margin and the taker fee frozen, list as active, and only their owner cancels', async () => {
    const u = await perpUser(t);
    const other = await perpUser(t);
    const price = (mark() * 97n) / 100n;
    const r = await limit(u, { price: text(price) });
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({ order: null, position: null, repeated: false });
    const o = r.body.data.limit;
    expect(o).toMatchObject({
      status: 'open',
      side: 'long',
      qty: '0.01000',
      price: text(price),
      leverage: 10,
    });
    // 0.01 × price ÷ 10, rounded up, + the 0.05 % taker fee
    const frozen = initialMargin(GRID, 1000n, price, 10) + tradeFee(GRID, 1000n, price, TAKER_RATE);
    expect(parseMinor(o.frozen, 6)).toBe(frozen);
    expect(await bookOf(t.db, u.accountId, 'contract_frozen')).toBe(frozen);
    expect(await bookOf(t.db, u.accountId, 'contract')).toBe(usdt(100_000) - frozen);
    const active = await get(t.app, `${P}/list/active`, {}, en(u));
    expect(active.body.data.orders).toEqual([expect.objectContaining({ id: o.id, status: 'open' })]);
    expect((await get(t.app, `${P}/list/active`, {}, en(other))).body.data.orders).toEqual([]);
    // another user's id is "not found" and changes nothing
    const before = await perpRows(t.db);
    expect((await cancel(other, o.id)).body.msg).toMatch(/No such position or order/);
    expect(await perpRows(t.db)).toEqual(before);
    const c = await cancel(u, o.id);
    expect(c.body.data).toMatchObject({ status: 'cancelled', reason: 'user', frozen: '0.000000' });
    expect(await bookOf(t.db, u.accountId, 'contract')).toBe(usdt(100_000));
    expect((await cancel(u, o.id)).body.msg).toMatch(/no longer open/);
    await reconciles(u);
  });

  it('a repeated clientId answers the first order; the same id with other details is refused', async () => {
    const u = await perpUser(t);
    const clientId = cid();
    const price = text((mark() * 98n) / 100n);
    const a = await limit(u, { clientId, price });
    const b = await limit(u, { clientId, price });
    expect(b.body.data).toMatchObject({ repeated: true, limit: { id: a.body.data.limit.id } });
    expect((await limit(u, { clientId, price, qty: '0.02' })).body.msg).toMatch(/already used/);
    await reconciles(u);
  });

  it('bursts: 100 identical orders make one; 60 different ones at once never rest more than 50', async () => {
    const u = await perpUser(t);
    const price = text((mark() * 97n) / 100n);
    // under a burst the password checks' queue may shed some with "busy" (nothing done): never a second order
    const busy = /service is busy/;
    const clientId = cid();
    const same = await Promise.all(Array.from({ length: 100 }, () => limit(u, { clientId, price })));
    const made = same.filter((r) => r.body.code === 0);
    expect(made.length).toBeGreaterThan(0);
    expect(same.every((r) => r.body.code === 0 || busy.test(r.body.msg))).toBe(true);
    expect(new Set(made.map((r) => r.body.data.limit.id)).size).toBe(1);
    const small = { price, qty: '0.001' };
    const many = await Promise.all(Array.from({ length: 60 }, () => limit(u, small)));
    const accepted = many.filter((r) => r.body.code === 0).length;
    const capped = many.filter((r) => /at most 50 open limit orders/.test(r.body.msg)).length;
    const shed = many.filter((r) => busy.test(r.body.msg)).length;
    expect(accepted + capped + shed).toBe(60);
    expect(accepted).toBeLessThanOrEqual(49);
    if (shed === 0) expect(accepted).toBe(49);
    // up to the cap one at a time, then one more is refused
    for (let i = 1 + accepted; i < 50; i++) expect((await limit(u, small)).body.code).toBe(0);
    expect((await limit(u, small)).body.msg).toMatch(/at most 50 open limit orders/);
    const open = await get(t.app, `${P}/list/active`, {}, en(u));
    expect(open.body.data.orders).toHaveLength(50);
    await reconciles(u);
  });

  it('refuses bad prices, a price far from the mark, the opposite side and too little money, changing nothing', async () => {
    const u = await perpUser(t);
    const poor = await perpUser(t, usdt(5));
    const m = mark();
    const cases: [PerpUser, Record<string, string>, RegExp][] = [
      [u, { price: '95000.123' }, /at most 2 decimal places/],
      [u, { price: '0' }, /price above 0/],
      [u, { price: text((m * 70n) / 100n) }, /within 20 % of the mark/],
      [u, { price: text((m * 130n) / 100n), side: 'short' }, /within 20 % of the mark/],
      [poor, { price: text((m * 97n) / 100n) }, /Insufficient balance/],
    ];
    for (const [who, fields, msg] of cases) {
      const before = await perpRows(t.db);
      const r = await limit(who, fields);
      expect(r.body.code).not.toBe(0);
      expect(r.body.msg).toMatch(msg);
      expect(await perpRows(t.db)).toEqual(before);
    }
    const missing = await post(
      t.app,
      `${P}/add/limit`,
      { clientId: cid(), symbol: SYMBOL, side: 'long', qty: '0.01', tradePassword: TRADE_PASSWORD },
      en(u),
    );
    expect(missing.body.code).not.toBe(0);
    const short = await post(
      t.app,
      `${P}/add`,
      { clientId: cid(), symbol: SYMBOL, side: 'short', qty: '0.01', tradePassword: TRADE_PASSWORD },
      en(u),
    );
    expect(short.body.code).toBe(0);
    const before = await perpRows(t.db);
    expect((await limit(u, { price: text((m * 97n) / 100n) })).body.msg).toMatch(/opposite position/);
    expect(await perpRows(t.db)).toEqual(before);
    await reconciles(u);
  });

  it('a marketable limit fills at once at the best ask as a taker', async () => {
    const u = await perpUser(t);
    const a = ask();
    const r = await limit(u, { price: text((a * 101n) / 100n) });
    expect(r.body.code).toBe(0);
    expect(r.body.data.limit).toMatchObject({ status: 'filled', frozen: '0.000000' });
    expect(r.body.data.order).toMatchObject({ action: 'open', price: text(a) });
    expect(r.body.data.limit.orderId).toBe(r.body.data.order.id);
    expect(parseMinor(r.body.data.order.fee, 6)).toBe(tradeFee(GRID, 1000n, a, TAKER_RATE));
    expect(r.body.data.position).toMatchObject({ side: 'long', qty: '0.01000' });
    // the same clientId again: the same order and its fill, nothing new
    const again = await limit(u, { clientId: r.body.data.limit.clientId, price: text((a * 101n) / 100n) });
    expect(again.body.data).toMatchObject({
      repeated: true,
      limit: { id: r.body.data.limit.id, status: 'filled' },
      order: { id: r.body.data.order.id },
    });
    await reconciles(u);
  });

  it('fills at its own price as a maker when a fall brings the ask down to it', async () => {
    const u = await perpUser(t);
    const price = (ask() * 98n) / 100n;
    const r = await limit(u, { price: text(price) });
    const id: number = r.body.data.limit.id;
    await fall(-10, async () => (await orderRow(id)).status !== 'open');
    const o = await orderRow(id);
    expect(o.status).toBe('filled');
    expect(o.frozen).toBe(0n);
    const exec = await t.db
      .selectFrom('perp_orders')
      .selectAll()
      .where('id', '=', o.execution_id!)
      .executeTakeFirstOrThrow();
    expect(exec).toMatchObject({ action: 'open', side: 'buy', price, qty: 1000n });
    expect(exec.fee).toBe(tradeFee(GRID, 1000n, price, MAKER_RATE));
    const pos = await get(t.app, `${P}/query`, { positionId: String(exec.position_id) }, en(u));
    expect(pos.body.data.position).toMatchObject({ status: 'open', entryPrice: text(price) });
    // the freeze came back and the open took its margin and the maker fee
    expect(await bookOf(t.db, u.accountId, 'contract_frozen')).toBe(0n);
    expect(await bookOf(t.db, u.accountId, 'contract')).toBe(usdt(100_000) - exec.margin - exec.fee);
    await reconciles(u);
  });

  it('a liquidation cancels the pair’s resting orders and returns what they froze', async () => {
    const u = await perpUser(t);
    const open = await post(
      t.app,
      `${P}/add`,
      { clientId: cid(), symbol: SYMBOL, side: 'long', qty: '0.01', tradePassword: TRADE_PASSWORD },
      en(u),
    );
    const positionId: number = open.body.data.position.id;
    // far below: the 10× long is liquidated (about −9 %) before the fall reaches it
    const r = await limit(u, { price: text((mark() * 81n) / 100n) });
    const id: number = r.body.data.limit.id;
    expect(await bookOf(t.db, u.accountId, 'contract_frozen')).toBeGreaterThan(0n);
    await fall(-15, async () => {
      const p = await t.db
        .selectFrom('perp_positions')
        .select('status')
        .where('id', '=', positionId)
        .executeTakeFirstOrThrow();
      return p.status !== 'open';
    });
    expect(await orderRow(id)).toMatchObject({ status: 'cancelled', reason: 'liquidation', frozen: 0n });
    expect(await bookOf(t.db, u.accountId, 'contract_frozen')).toBe(0n);
    await reconciles(u);
  });

  it('a fill refused when the market reaches it ends the order with the reason, nothing else changing', async () => {
    const u = await perpUser(t);
    // an insurance fund able to cover the fall's liquidations: no auto-deleveraging closes the short below
    await postRecord(t.db, {
      kind: 'test_grant',
      ref: `perp-limit:fund:${u.accountId}`,
      accountId: u.accountId,
      now: 0,
      legs: [
        { system: 'test_funding', asset: 'USDT', amount: -usdt(1_000_000) },
        { system: 'insurance_fund', asset: 'USDT', amount: usdt(1_000_000) },
      ],
    });
    const price = (ask() * 98n) / 100n;
    const r = await limit(u, { price: text(price) });
    const id: number = r.body.data.limit.id;
    // a short opened meanwhile: the long can no longer open (one-way mode)
    const short = await post(
      t.app,
      `${P}/add`,
      { clientId: cid(), symbol: SYMBOL, side: 'short', qty: '0.01', tradePassword: TRADE_PASSWORD },
      en(u),
    );
    expect(short.body.code).toBe(0);
    await fall(-10, async () => (await orderRow(id)).status !== 'open');
    expect(await orderRow(id)).toMatchObject({
      status: 'cancelled',
      reason: 'oppositeOpen',
      frozen: 0n,
      execution_id: null,
    });
    expect(await bookOf(t.db, u.accountId, 'contract_frozen')).toBe(0n);
    await reconciles(u);
  });
});
