// Today's P&L on stock/hold/list, stock/hold/info and user/assets: shares held from before today move against
// the previous close, shares bought today against what they cost (fees included), exact to the paisa.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Assets, Position, StockOrder } from '../../../workers/protocol/trade.ts';
import { get, post } from '../helpers.ts';
import {
  newClientOrderId,
  step,
  TRADE_PASSWORD,
  tradeSetup,
  type Trader,
  type TradeTestApp,
} from './trade-helpers.ts';

let t: TradeTestApp;
let u: Trader;
let sym: string;

beforeAll(async () => {
  ({ t, user: u, sym } = await tradeSetup('today-pnl'));
});
afterAll(async () => t.close());

const buy = async () => {
  const r = await post<StockOrder>(
    t.app,
    '/api/stock/order/buy',
    {
      symbol: sym,
      type: 'market',
      qty: t.sim.instrument(sym)!.lotSize,
      clientOrderId: newClientOrderId(),
      tradePassword: TRADE_PASSWORD,
    },
    { token: u.tokenDemo, lang: 'en-US' },
  );
  expect(r.body.code).toBe(0);
  return r.body.data;
};
const holdInfo = async () =>
  (await get<Position>(t.app, '/api/stock/hold/info', { symbol: sym }, { token: u.tokenDemo })).body.data;
const truncPct = (pnl: Decimal, base: Decimal) =>
  base.isZero() ? '0.00' : pnl.times(100).div(base).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);

describe("today's P&L", () => {
  it('values shares bought today against their cost', async () => {
    await buy();
    const p = await holdInfo();
    expect(p.todayQty).toBe(p.qty);
    expect(p.todayCost).toBe(p.cost);
    expect(p.prevClose).toBe(t.sim.ticker(sym)!.pc);
    // everything was bought today: today's P&L is the floating P&L
    expect(p.todayPnl).toBe(p.pnl);
    expect(p.todayPnlPct).toBe(p.pnlPct);
  });

  it('values shares held from before today against the previous close, and mixes both exactly', async () => {
    // The first buy becomes yesterday's (before the start of this PSX trading day).
    await t.db.updateTable('stock_fills').set({ created_at: 0 }).execute();
    // The simulated day must have moved, so the check below is not trivially zero: the price can sit exactly
    // on the previous close after the warm-up (it did once on CI), so step the market until it does not.
    for (let i = 0; i < 500 && t.sim.ticker(sym)!.p === t.sim.ticker(sym)!.pc; i++) await step(t);
    const old = await holdInfo();
    const tk = t.sim.ticker(sym)!;
    expect(tk.pc).not.toBe(tk.p);
    expect(old.todayQty).toBe('0');
    expect(old.todayCost).toBe('0.00');
    const moveOld = new Decimal(old.qty).times(new Decimal(tk.p).minus(tk.pc));
    expect(old.todayPnl).toBe(moveOld.toFixed(2));
    expect(old.todayPnlPct).toBe(truncPct(moveOld, new Decimal(old.qty).times(tk.pc)));

    await buy();
    const fills = await t.db
      .selectFrom('stock_fills')
      .select((eb) => [
        eb.fn.sum<bigint>('qty').as('qty'),
        eb.fn.sum<bigint>(eb('amount', '+', eb.ref('fee'))).as('cost'),
      ])
      .where('created_at', '>', 0)
      .where('side', '=', 'buy')
      .executeTakeFirstOrThrow();
    const p = await holdInfo();
    const last = t.sim.ticker(sym)!.p;
    const tq = new Decimal(String(fills.qty));
    const tc = new Decimal(String(fills.cost)).div(100);
    expect(p.todayQty).toBe(tq.toFixed(0));
    expect(p.todayCost).toBe(tc.toFixed(2));
    const base = new Decimal(p.qty).minus(tq).times(tk.pc).plus(tc);
    const today = new Decimal(p.qty).times(last).minus(base);
    expect(p.todayPnl).toBe(today.toFixed(2));
    expect(p.todayPnlPct).toBe(truncPct(today, base));

    const list = await get<{ list: Position[] }>(t.app, '/api/stock/hold/list', {}, { token: u.tokenDemo });
    expect(list.body.data.list).toEqual([expect.objectContaining({ symbol: sym, todayPnl: p.todayPnl })]);
    const assets = await get<Assets>(t.app, '/api/user/assets', {}, { token: u.tokenDemo });
    expect(assets.body.data.todayPnl).toBe(p.todayPnl);
    // the real account holds nothing: its today's P&L is zero
    const real = await get<Assets>(t.app, '/api/user/assets', {}, { token: u.tokenReal });
    expect(real.body.data.todayPnl).toBe('0.00');
  });

  it('answers zeros for a stock not held', async () => {
    const other = t.sim.instruments('psx').find((i) => i.symbol !== sym)!.symbol;
    const p = (await get<Position>(t.app, '/api/stock/hold/info', { symbol: other }, { token: u.tokenReal }))
      .body.data;
    expect(p).toMatchObject({
      qty: '0',
      todayQty: '0',
      todayCost: '0.00',
      todayPnl: '0.00',
      todayPnlPct: '0.00',
    });
  });
});
