// The contract screen's reads: coin/contract/order/ticker (mark, index, estimated funding, next funding time,
// grid, taker rate) and the exact entry value a position now carries for the worker's live P&L.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMinor } from '../../../contract/money.ts';
import { get, post } from '../helpers.ts';
import type { TradeTestApp } from '../trade/trade-helpers.ts';
import { cid, makePerpApp, perpUser, SYMBOL, TRADE_PASSWORD } from './perp-helpers.ts';

const P = '/api/coin/contract/order';
let t: TradeTestApp;
beforeAll(async () => {
  t = await makePerpApp('perp-ticker');
});
afterAll(async () => {
  await t.close();
});

describe('coin/contract/order/ticker', () => {
  it("answers the pair's mark, index, funding estimate, next funding time and grid", async () => {
    const r = await get(t.app, `${P}/ticker`, { symbol: SYMBOL }, { lang: 'en-US' });
    expect(r.body.code).toBe(0);
    const d = r.body.data;
    expect(d).toMatchObject({ symbol: SYMBOL, priceDecimals: 2, takerRate: '0.050', maxLeverage: 125 });
    expect(d.qtyDecimals).toBeGreaterThan(0);
    expect(Number(d.markPrice)).toBeGreaterThan(0);
    expect(Number(d.indexPrice)).toBeGreaterThan(0);
    // no premium sampled yet: the interest alone, 0.01 %
    expect(d.fundingRate).toBe('0.0100');
    const now = t.app.market.now();
    expect(d.nextFundingTime).toBeGreaterThan(now);
    expect(d.nextFundingTime - now).toBeLessThanOrEqual(d.fundingIntervalMs);
    expect(d.nextFundingTime % d.fundingIntervalMs).toBe(0);
  });

  it('refuses an unknown or malformed pair with a clear message', async () => {
    const unknown = await get(t.app, `${P}/ticker`, { symbol: 'NOPEUSDT' }, { lang: 'en-US' });
    expect(unknown.status).toBeLessThan(500);
    expect(unknown.body.code).not.toBe(0);
    expect(unknown.body.msg).toBeTruthy();
    const bad = await get(t.app, `${P}/ticker`, { symbol: 'btc' }, { lang: 'ur-PK' });
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.code).not.toBe(0);
  });

  it("a position's entry value is exact: qty × fill price at priceDecimals + qtyDecimals places", async () => {
    const u = await perpUser(t);
    const r = await post(
      t.app,
      `${P}/add`,
      { clientId: cid(), symbol: SYMBOL, side: 'long', qty: '0.01', tradePassword: TRADE_PASSWORD },
      { token: u.token, lang: 'en-US' },
    );
    expect(r.body.code).toBe(0);
    const { order, position } = r.body.data;
    const places = position.entryValue.split('.')[1]?.length ?? 0;
    const qd = order.qty.split('.')[1]?.length ?? 0;
    expect(places).toBe(2 + qd);
    const value = parseMinor(position.entryValue, places)!;
    expect(value).toBe(parseMinor(order.qty, qd)! * parseMinor(order.price, 2)!);
  });
});
