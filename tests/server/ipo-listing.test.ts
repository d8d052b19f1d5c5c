// An IPO that lists joins the simulated market (issue 17): after markListed and its announcement on the bus, the
// next feed step adds the stock (issue price as its previous close), the market's lists and search have it, an
// allottee sells part of the allotment at market and the order fills against the new book; a restart on the
// same database keeps the stock. The allottee gets a personal message linking to the stock's page.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { announceListing } from '../../server/domain/ipo/ipo-listing.ts';
import { markListed, payDue, runAllotment } from '../../server/domain/ipo/ipo-operator.ts';
import { freshDbPlace, type TestDbPlace } from '../support/test-db.ts';
import { waitFor } from '../support/wait-for.ts';
import { get, post } from './helpers.ts';
import { offering, subscriber } from './ipo-helpers.ts';
import { makeTradeApp, newClientOrderId, TRADE_PASSWORD, type TradeTestApp } from './trade/trade-helpers.ts';
import { newClientId } from './withdraw-helpers.ts';

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
  const t = await makeTradeApp('ipo-listing', place.env);
  apps.push(t);
  return t;
}

/** Steps the market until `cond` holds (the leader reads the listing from the database first). */
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

describe('listing into the market', () => {
  it('lists, trades, sells part of the allotment, and survives a restart', async () => {
    const t = await open();
    const s = await subscriber(t, { pkr: 10_000_000n });
    // 100 M shares outstanding: a book deep enough for a market sell of 300 (depth follows the free float)
    const o = await offering(t, { retailShares: 5000, totalShares: 100_000_000 });
    const applied = await post(
      t.app,
      '/api/stock/order/new/apply',
      {
        action: 'apply',
        offeringId: String(o.id),
        qty: '1000',
        clientId: newClientId(),
        tradePassword: TRADE_PASSWORD,
      },
      en(s.tokenReal),
    );
    expect(applied.body.code).toBe(0);
    await runAllotment(t.db, CLI_ACTOR, o.id, 'listing', o.closes_at);
    await payDue(t.db, o.pay_by, o.id);
    expect(t.sim.instrument(o.symbol)).toBeUndefined();

    await markListed(t.db, CLI_ACTOR, o.id, o.list_at);
    announceListing(t.app.bus, o.symbol);
    await stepUntil(t, () => t.sim.instrument(o.symbol) !== undefined, `${o.symbol} in the market`);
    expect(t.sim.instrument(o.symbol)).toMatchObject({
      symbol: o.symbol,
      nameEn: 'Test Dairies Limited',
      market: 'psx',
      sector: 'food',
      tickSize: '0.01',
      lotSize: '1',
      shariah: true,
    });
    expect(t.sim.ticker(o.symbol)).toMatchObject({ s: o.symbol, pc: '10.00' });
    const found = await get(t.app, '/api/stock/search', { q: o.symbol }, { lang: 'en-US' });
    expect(found.body.data[0]).toMatchObject({ symbol: o.symbol });
    const listed = await get(t.app, '/api/stock/list', { sector: 'food', size: '50' }, { lang: 'en-US' });
    expect(listed.body.data.list.map((q: { symbol: string }) => q.symbol)).toContain(o.symbol);

    // a book forms on the next traded step; then 300 of the 1,000 allotted shares are sold at market
    await stepUntil(t, () => (t.sim.book(o.symbol, 5)?.b.length ?? 0) > 0, `a book of ${o.symbol}`);
    const sell = await post(
      t.app,
      '/api/stock/order/sell',
      {
        symbol: o.symbol,
        type: 'market',
        qty: '300',
        clientOrderId: newClientOrderId(),
        tradePassword: TRADE_PASSWORD,
      },
      en(s.tokenReal),
    );
    expect(sell.body).toMatchObject({ code: 0, msg: '' });
    const filled = async () => {
      const r = await get(t.app, '/api/stock/order/list', { status: 'filled' }, en(s.tokenReal));
      return r.body.data.list as { symbol: string; filledQty: string }[];
    };
    let rows = await filled();
    for (let i = 0; i < 200 && rows.length === 0; i++) {
      t.sim.step();
      await t.engine.idle();
      rows = await filled();
    }
    expect(rows[0]).toMatchObject({ symbol: o.symbol, filledQty: '300' });
    const holds = await get(t.app, '/api/stock/hold/list', {}, en(s.tokenReal));
    expect(JSON.stringify(holds.body.data)).toContain(o.symbol);

    const msgs = await t.db
      .selectFrom('user_messages')
      .selectAll()
      .where('user_id', '=', s.userId)
      .where('text_key', '=', 'ipoListed')
      .execute();
    expect(msgs).toHaveLength(1);
    expect(msgs[0]!.link).toBe(`/pages/stock/stockKline?symbol=${o.symbol}`);

    // a restart on the same database reads the listed offering back into the market
    await t.close();
    apps.splice(apps.indexOf(t), 1);
    const again = await open();
    expect(again.sim.instrument(o.symbol)).toMatchObject({ symbol: o.symbol, market: 'psx' });
    expect(again.sim.ticker(o.symbol)?.pc).toBeDefined();
    const after = await get(again.app, '/api/stock/search', { q: o.symbol }, { lang: 'en-US' });
    expect(after.body.data[0]).toMatchObject({ symbol: o.symbol });
  });
});
