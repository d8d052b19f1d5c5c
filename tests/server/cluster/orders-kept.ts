// What the cluster tests (crash-orders, multi-node) do to a running server over HTTP, as a client would: pick a
// listed stock, place a market buy of one share; and what they check afterwards on the database: every order
// the client saw acknowledged is there, once, with the id it was told, and both self-checks are clean.
import { expect } from 'vitest';
import type { Db } from '../../../server/db/database.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import { TRADE_PASSWORD } from '../../support/cheap-trader.ts';

/** The first stock of the server's list. */
export async function firstStock(url: string): Promise<string> {
  const res = await fetch(`${url}/api/stock/list?page=1&size=5`);
  const body = (await res.json()) as { data: { list: Array<{ symbol: string }> } };
  const symbol = body.data.list[0]?.symbol;
  if (!symbol) throw new Error('no stock listed');
  return symbol;
}

export interface Placed {
  code: number;
  msg: string;
  data?: { id: number };
}

/** A market buy of one share with the transaction password; the server's answer. */
export async function placeBuy(
  url: string,
  token: string,
  symbol: string,
  clientOrderId: string,
): Promise<Placed> {
  const res = await fetch(`${url}/api/stock/order/buy`, {
    method: 'POST',
    headers: { accesstoken: token, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      symbol,
      type: 'market',
      qty: '1',
      clientOrderId,
      tradePassword: TRADE_PASSWORD,
    }),
  });
  return (await res.json()) as Placed;
}

/**
 * Every acknowledged order (clientOrderId → order id) is stored with that id, no clientOrderId with `prefix`
 * is stored twice, and the ledger and trading self-checks are clean.
 */
export async function expectOrdersKept(
  db: Db,
  acked: ReadonlyMap<string, number>,
  prefix: string,
  what = 'acknowledged orders missing afterwards',
): Promise<void> {
  const rows = await db
    .selectFrom('stock_orders')
    .select(['id', 'client_order_id'])
    .where('client_order_id', 'like', `${prefix}%`)
    .execute();
  const byClient = new Map(rows.map((r) => [r.client_order_id, r.id]));
  expect(
    [...acked].filter(([cid, id]) => byClient.get(cid) !== id),
    what,
  ).toEqual([]);
  expect(rows.length).toBe(byClient.size);
  const ledger = await ledgerSelfCheck(db);
  expect(ledger.ok, JSON.stringify(ledger)).toBe(true);
  const trading = await tradingSelfCheck(db);
  expect(trading.ok, JSON.stringify(trading)).toBe(true);
}
