// A token sale that lists joins the simulated crypto market as a USDT pair (issue 17 §7): after listSale and
// its announcement on the bus, the next feed step adds <TOKEN>USDT at the sale price as its previous close;
// a holder sells part of the distributed tokens at market on spot and the order fills; a restart on the same
// database keeps the pair. The IPO path is untouched (tests/server/ipo-listing.test.ts).
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { announceTokenListing } from '../../server/domain/ico/ico-listing.ts';
import { distributeSale, listSale } from '../../server/domain/ico/ico-operator.ts';
import { freshDbPlace, type TestDbPlace } from '../support/test-db.ts';
import { waitFor } from '../support/wait-for.ts';
import { get, post } from './helpers.ts';
import { bookOf, sale, U } from './ico-helpers.ts';
import { subscriber } from './ipo-helpers.ts';
import { makeTradeApp, newClientOrderId, TRADE_PASSWORD, type TradeTestApp } from './trade/trade-helpers.ts';
import { grant, newClientId } from './withdraw-helpers.ts';

// Opening a market generates bars; a loaded 2-core machine takes seconds.
vi.setConfig({ testTimeout: 90_000 });

let place: TestDbPlace | undefined;
const apps: TradeTestApp[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
  await place?.remove();
});

const en = (token: string) => ({ token, lang: 'en-US' });

async function open(): Promise<TradeTestApp> {
  place ??= await freshDbPlace();
  const t = await makeTradeApp('ico-listing', place.env);
  apps.push(t);
  return t;
}

async function stepUntil(t: TradeTestApp, cond: () => boolean, what: string) {
  await waitFor(
    () => {
      if (cond()) return true;
      t.sim.step();
      return cond();
    },
    { what, timeoutMs: 30_000, intervalMs: 50 },
  );
  await t.engine.idle();
}

describe('a token sale lists into the market', () => {
  it('lists as a USDT pair, a holder sells on spot, and a restart keeps it', async () => {
    const t = await open();
    const s = await subscriber(t);
    await grant(t.db, s.accountId, 'USDT', 1_000n * U);
    // 0.50 USDT a token, 2 decimals, 1,000,000.00 tokens offered (a deep enough book), cap 400 USDT
    const sl = await sale(t, { offered: 100_000_000n });
    const pair = `${sl.token}USDT`;
    const c = await post(
      t.app,
      '/api/coin/order/new/apply',
      { saleId: String(sl.id), amount: '300', clientId: newClientId(), tradePassword: TRADE_PASSWORD },
      en(s.tokenReal),
    );
    expect(c.body.code).toBe(0);
    await distributeSale(t.db, CLI_ACTOR, sl.id, sl.closes_at);
    expect(await bookOf(t, s.accountId, 'cash', sl.token)).toBe(60_000n); // 600.00 tokens
    expect(t.sim.instrument(pair)).toBeUndefined();

    await listSale(t.db, CLI_ACTOR, sl.id, sl.list_at);
    announceTokenListing(t.app.bus, pair);
    await stepUntil(t, () => t.sim.instrument(pair) !== undefined, `${pair} in the market`);
    expect(t.sim.instrument(pair)).toMatchObject({
      symbol: pair,
      nameEn: 'Noor Token / Tether',
      market: 'crypto',
      quote: 'USDT',
      base: sl.token,
      priceDecimals: 2,
      qtyDecimals: 2,
      tickSize: '0.01',
      lotSize: '0.01',
    });
    expect(t.sim.ticker(pair)).toMatchObject({ s: pair, pc: '0.50' });

    await stepUntil(t, () => (t.sim.book(pair, 5)?.b.length ?? 0) > 0, `a book of ${pair}`);
    const sell = await post(
      t.app,
      '/api/coin/order/add',
      {
        symbol: pair,
        side: 'sell',
        type: 'market',
        qty: '100',
        clientOrderId: newClientOrderId(),
        tradePassword: TRADE_PASSWORD,
      },
      en(s.tokenReal),
    );
    expect(sell.body).toMatchObject({ code: 0 });
    const done = async () => {
      const r = await get(t.app, '/api/coin/order/list', { scope: 'history' }, en(s.tokenReal));
      return (r.body.data.list as { symbol: string; status: string; filledQty: string }[]).filter(
        (o) => o.symbol === pair,
      );
    };
    // a market order fills against the book as the feed steps (as the IPO listing test: a bounded loop)
    let rows = await done();
    for (let i = 0; i < 200 && !rows.some((o) => o.status === 'filled'); i++) {
      t.sim.step();
      await t.engine.idle();
      rows = await done();
    }
    expect(rows.find((o) => o.status === 'filled')).toMatchObject({ symbol: pair, filledQty: '100.00' });
    expect(await bookOf(t, s.accountId, 'cash', sl.token)).toBe(50_000n);

    await t.close();
    apps.splice(apps.indexOf(t), 1);
    const again = await open();
    expect(again.sim.instrument(pair)).toMatchObject({ symbol: pair, market: 'crypto', base: sl.token });
  });
});
