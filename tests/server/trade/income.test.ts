// GET stock/income through the real app (defect k of the fast/offline issue): the purchase windows follow the
// PSX calendar with "last trading day" meaning the one before today — a buy of today is under Today only, a
// buy of the previous trading day under the previous 1 and 2 trading days, one of the day before that under
// the previous 2 only — and the answer names those days. The realised windows count sells only (the floating
// P&L is a figure of its own).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StockOrder } from '../../../workers/protocol/trade.ts';
import { pktDateKey } from '../../../server/domain/market/calendar.ts';
import { purchaseWindows } from '../../../server/domain/trading/views.ts';
import { get, post } from '../helpers.ts';
import { newClientOrderId, TRADE_PASSWORD, trader, tradeSetup, type TradeTestApp } from './trade-helpers.ts';

let t: TradeTestApp;
let sym: string;
const en = (token: string) => ({ token, lang: 'en-US' });

interface IncomeAnswer {
  today: string;
  week: string;
  month: string;
  cgt: { today: string; week: string; month: string };
  floating?: string;
  purchasesToday: StockOrder[];
  purchasesLast1: StockOrder[];
  purchasesLast2: StockOrder[];
  previousTradingDays: string[];
}

beforeAll(async () => {
  ({ t, sym } = await tradeSetup('income-windows'));
});
afterAll(async () => t.close());

async function buy(token: string, qty: string): Promise<StockOrder> {
  const res = await post<StockOrder>(
    t.app,
    '/api/stock/order/buy',
    { symbol: sym, type: 'market', qty, clientOrderId: newClientOrderId(), tradePassword: TRADE_PASSWORD },
    en(token),
  );
  expect(res.body.code).toBe(0);
  return res.body.data;
}

/** As if the order's fills had happened at `at` (the windows only read the fills' times). */
const fillsAt = (orderId: number, at: number) =>
  t.db.updateTable('stock_fills').set({ created_at: at }).where('order_id', '=', orderId).execute();

const ids = (list: StockOrder[]) => list.map((o) => o.id);

describe('GET stock/income', () => {
  it('puts a purchase under today, the previous trading day or the one before, on the PSX calendar', async () => {
    const u = await trader(t);
    const now = Date.now();
    const w = purchaseWindows(now);
    const today = await buy(u.tokenDemo, '10');
    const prev1 = await buy(u.tokenDemo, '20');
    const prev2 = await buy(u.tokenDemo, '30');
    await fillsAt(prev1.id, w.previousDays[0] + 10 * 3_600_000);
    await fillsAt(prev2.id, w.previousDays[1] + 10 * 3_600_000);

    const res = await get<IncomeAnswer>(t.app, '/api/stock/income', {}, en(u.tokenDemo));
    expect(res.body.code).toBe(0);
    const d = res.body.data;
    expect(ids(d.purchasesToday)).toEqual([today.id]);
    expect(ids(d.purchasesLast1)).toEqual([prev1.id]);
    expect(ids(d.purchasesLast2)).toEqual([prev2.id, prev1.id]);
    expect(d.previousTradingDays).toEqual(w.previousDays.map(pktDateKey));
    // Buys realise nothing: the realised windows are zero, the open positions' P&L is the floating figure.
    expect([d.today, d.week, d.month]).toEqual(['0.00', '0.00', '0.00']);
    expect(d.cgt).toEqual({ today: '0.00', week: '0.00', month: '0.00' });
    expect(d.floating).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('gives the CGT NCCPL would withhold beside a realised gain, and none on a loss', async () => {
    const u = await trader(t);
    const o = await buy(u.tokenDemo, '10');
    // As if that fill had been a sell realising PKR 1,234.57 today.
    await t.db
      .updateTable('stock_fills')
      .set({ side: 'sell', realized_pnl: 123_457n })
      .where('order_id', '=', o.id)
      .execute();
    let d = (await get<IncomeAnswer>(t.app, '/api/stock/income', {}, en(u.tokenDemo))).body.data;
    expect(d.today).toBe('1234.57');
    expect(d.cgt.today).toBe('185.19'); // 15 % of 1,234.57 = 185.1855, half up
    await t.db
      .updateTable('stock_fills')
      .set({ realized_pnl: -50_000n })
      .where('order_id', '=', o.id)
      .execute();
    d = (await get<IncomeAnswer>(t.app, '/api/stock/income', {}, en(u.tokenDemo))).body.data;
    expect(d.today).toBe('-500.00');
    expect(d.cgt.today).toBe('0.00');
  });

  it("another account's purchases are not listed", async () => {
    const a = await trader(t);
    const b = await trader(t);
    await buy(a.tokenDemo, '5');
    const res = await get<IncomeAnswer>(t.app, '/api/stock/income', {}, en(b.tokenDemo));
    expect(res.body.data.purchasesToday).toEqual([]);
    expect(res.body.data.purchasesLast1).toEqual([]);
    expect(res.body.data.purchasesLast2).toEqual([]);
  });
});
