// Auto-deleveraging: with an empty insurance fund, a long whose liquidation at the mark would lose more than its
// margin is closed at its bankruptcy price, and the most profitable short is closed against it at that price
// without fee. The fund is untouched, nobody's balance goes negative, the ledger balances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMinor } from '../../../contract/money.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { post } from '../helpers.ts';
import type { TradeTestApp } from '../trade/trade-helpers.ts';
import {
  cid,
  makePerpApp,
  perpUser,
  SYMBOL,
  systemOf,
  TRADE_PASSWORD,
  type PerpUser,
} from './perp-helpers.ts';

let t: TradeTestApp;
beforeAll(async () => {
  t = await makePerpApp('perp-adl');
});
afterAll(async () => {
  await t.close();
});

async function openPos(u: PerpUser, side: 'long' | 'short', qty: string) {
  const r = await post(
    t.app,
    '/api/coin/contract/order/add',
    { clientId: cid(), symbol: SYMBOL, side, qty, tradePassword: TRADE_PASSWORD },
    { token: u.token, lang: 'en-US' },
  );
  expect(r.body.code).toBe(0);
  return r.body.data.position;
}

describe('auto-deleveraging', () => {
  it('closes the bankrupt long at its bankruptcy price and the most profitable short against it', async () => {
    expect(await systemOf(t.db, 'insurance_fund')).toBe(0n);
    const a = await perpUser(t);
    const small = await perpUser(t);
    const big = await perpUser(t);
    const long = await openPos(a, 'long', '0.01');
    // two shorts: the 20× one has the higher profit per margin, so it goes first and covers the whole size
    await post(
      t.app,
      '/api/coin/contract/order/multiple',
      { symbol: SYMBOL, leverage: '20' },
      { token: big.token },
    );
    const first = await openPos(big, 'short', '0.02');
    const second = await openPos(small, 'short', '0.01');
    const bp = parseMinor(long.bankruptcyPrice, 2)!;
    const crash = bp - parseMinor('500', 2)!;
    await t.app.perp.engine.onMarks([{ symbol: SYMBOL, mark: crash, last: crash }], t.app.market.now());
    const rows = await t.db
      .selectFrom('perp_orders')
      .select(['position_id', 'action', 'price', 'qty', 'fee'])
      .where('action', 'in', ['liquidation', 'adl'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.position_id, r.action, r.price, r.fee])).toEqual([
      [long.id, 'liquidation', bp, 0n],
      [first.id, 'adl', bp, 0n],
    ]);
    expect(rows[1]!.qty).toBe(1000n); // 0.01 of its 0.02: the bankrupt size
    const pos = await t.db
      .selectFrom('perp_positions')
      .select(['id', 'status', 'qty'])
      .where('id', 'in', [long.id, first.id, second.id])
      .orderBy('id')
      .execute();
    expect(pos.map((p) => p.status)).toEqual(['liquidated', 'open', 'open']);
    expect(pos[1]!.qty).toBe(1000n);
    // the fund paid nothing; it only keeps what rounding the bankruptcy price up to the tick left over
    // (at most 0.01 BTC × 0.01 USDT = 100 micro-USDT)
    const fund = await systemOf(t.db, 'insurance_fund');
    expect(fund >= 0n && fund < 100n).toBe(true);
    const report = await ledgerSelfCheck(t.db);
    expect(report.negativeUserBalances).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
