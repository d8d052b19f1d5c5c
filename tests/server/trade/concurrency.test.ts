// Concurrent submits over real HTTP (app.listen + fetch): 100 copies of one order make one order; 50 different
// orders each worth the whole balance, fired at once, are accepted only as far as the balance covers.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../../workers/protocol/api.ts';
import type { StockOrder } from '../../../workers/protocol/trade.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import { form } from '../helpers.ts';
import {
  listenLocally,
  makeTradeApp,
  newClientOrderId,
  pickStock,
  TRADE_PASSWORD,
  trader,
  type TradeTestApp,
} from './trade-helpers.ts';

let t: TradeTestApp;
let base: string;

beforeAll(async () => {
  // a small demo grant so one order can take the whole balance
  t = await makeTradeApp('concurrency', { DEMO_FUNDS_PKR: '5000.00' });
  base = `http://${await listenLocally(t)}`;
});
afterAll(async () => t.close());

async function submit(
  token: string,
  fields: Record<string, string>,
): Promise<ApiEnvelope<StockOrder | null>> {
  const res = await fetch(`${base}/api/stock/order/buy`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accesstoken: token,
      'accept-language': 'en-US',
    },
    body: form(fields),
  });
  return (await res.json()) as ApiEnvelope<StockOrder | null>;
}

it('100 concurrent copies of the same order make one order', async () => {
  const u = await trader(t);
  const fields = {
    symbol: pickStock(t),
    type: 'market',
    qty: '10',
    clientOrderId: newClientOrderId(),
    tradePassword: TRADE_PASSWORD,
  };
  const answers = await Promise.all(Array.from({ length: 100 }, () => submit(u.tokenDemo, fields)));
  expect(answers.every((a) => a.code === 0)).toBe(true);
  expect(new Set(answers.map((a) => a.data?.id)).size).toBe(1);
  const orders = await t.db
    .selectFrom('stock_orders as o')
    .innerJoin('accounts as a', 'a.id', 'o.account_id')
    .select('o.id')
    .where('a.user_id', '=', u.userId)
    .execute();
  expect(orders).toHaveLength(1);
  const fills = await t.db
    .selectFrom('stock_fills')
    .select('id')
    .where('order_id', '=', orders[0]!.id)
    .execute();
  expect(fills.length).toBeGreaterThanOrEqual(1);
});

it('a full-balance limit order sent 50 times at once is accepted only as far as the balance covers', async () => {
  const u = await trader(t);
  const sym = pickStock(t);
  const info = t.sim.info(sym)!;
  // the lowest allowed price rests (no fill), so each accepted order freezes its whole cost
  const price = info.limitDown;
  const pv = await fetch(
    `${base}/api/stock/order/preview?${form({ symbol: sym, side: 'buy', type: 'limit', price })}`,
    {
      headers: { accesstoken: u.tokenDemo },
    },
  ).then((r) => r.json() as Promise<ApiEnvelope<{ maxQty: string }>>);
  const maxQty = pv.data.maxQty;
  expect(Number(maxQty)).toBeGreaterThan(0);
  const answers = await Promise.all(
    Array.from({ length: 50 }, () =>
      submit(u.tokenDemo, {
        symbol: sym,
        type: 'limit',
        qty: maxQty,
        price,
        clientOrderId: newClientOrderId(),
        tradePassword: TRADE_PASSWORD,
      }),
    ),
  );
  const accepted = answers.filter((a) => a.code === 0);
  expect(accepted).toHaveLength(1);
  expect(answers.filter((a) => a.code !== 0).every((a) => a.msg === 'Insufficient Balance')).toBe(true);
  const assets = await fetch(`${base}/api/user/assets`, { headers: { accesstoken: u.tokenDemo } }).then(
    (r) => r.json() as Promise<ApiEnvelope<{ available: string; frozen: string }>>,
  );
  expect(assets.data.frozen).toBe(accepted[0]!.data!.frozen);
  expect(Number(assets.data.available)).toBeGreaterThanOrEqual(0);
  expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  expect((await tradingSelfCheck(t.db)).problems).toEqual([]);
});
