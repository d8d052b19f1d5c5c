// Options through the API (stock/option/rule, stock/order/option/apply, list, statistics) and their settlement:
// a purchase pays the premium from the account's cash at the model's price, every refusal is -1001 with its
// message and changes nothing, another user sees none of it, 100 concurrent identical purchases are one, demo
// buys with demo money, and settlement pays max(0, S − K) / max(0, K − S) × contracts once, across passes
// and a restart on the same database (the ledger's self-check stays clean).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PKR, sysAcct } from '../../server/domain/ledger/books.ts';
import { balanceOf } from '../../server/domain/ledger/ledger-repo.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { WRITER } from '../../server/domain/option/option-buy.ts';
import { settleDue } from '../../server/domain/option/option-settle.ts';
import { TRADE_PASSWORD } from '../support/cheap-trader.ts';
import { freshDbPlace, type TestDbPlace } from '../support/test-db.ts';
import { get, makeTestApp, post, type TestApp } from './helpers.ts';
import { subscriber, type Subscriber } from './ipo-helpers.ts';
import { newClientId } from './withdraw-helpers.ts';

vi.setConfig({ testTimeout: 60_000 });

const SYMBOL = 'OGDC';
const ENV = { RATE_API_PER_IP_PER_MIN: '100000', MARKET_HISTORY_DAYS: '12' };
let t: TestApp;
let place: TestDbPlace;
beforeAll(async () => {
  place = await freshDbPlace();
  t = await makeTestApp({ ...ENV, ...place.env });
});
afterAll(async () => {
  await t?.close();
  await place?.remove();
});

const en = { lang: 'en-US' };
const buy = (s: Subscriber, body: Record<string, string> = {}, token = s.tokenReal) =>
  post(
    t.app,
    '/api/stock/order/option/apply',
    {
      symbol: SYMBOL,
      direction: 'call',
      term: '7',
      qty: '100',
      clientId: newClientId(),
      tradePassword: TRADE_PASSWORD,
      ...body,
    },
    { ...en, token },
  );
const money = (accountId: number) => t.app.ledger.money(accountId);
const optionRows = async () =>
  Number(
    (
      await t.db
        .selectFrom('option_orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const writer = async () => balanceOf(t.db, await sysAcct(t.db, WRITER), PKR);
const paisa = (s: string) => BigInt(s.replace('.', ''));

describe('stock/option/rule', () => {
  it('states the rules, the model and its inputs, in both languages, and quotes a symbol', async () => {
    const res = await get(t.app, '/api/stock/option/rule', { symbol: SYMBOL }, en);
    expect(res.body.code).toBe(0);
    const r = res.body.data;
    expect(r).toMatchObject({
      cashSettled: true,
      model: 'black-scholes/v1',
      terms: [1, 3, 7, 30],
      minPremium: '100.00',
      maxPremium: '100000.00',
      riskFreeRate: '11.00',
      spreadBps: 500,
      volDays: 30,
      symbols: [],
      dayMs: 0,
    });
    expect(r.disclosure).toContain('not options listed on an exchange');
    expect(r.modelText).toContain('Black–Scholes');
    expect(r.quote.symbol).toBe(SYMBOL);
    expect(r.quote.closes).toBeGreaterThanOrEqual(3);
    expect(Number(r.quote.sigma)).toBeGreaterThan(0);
    expect(r.quote.terms.map((q: { term: number }) => q.term)).toEqual([1, 3, 7, 30]);
    // longer terms cost more (same strike, same volatility)
    const calls = r.quote.terms.map((q: { call: string }) => Number(q.call));
    expect(calls[3]).toBeGreaterThan(calls[0]);
    const ur = await get(t.app, '/api/stock/option/rule', {}, { lang: 'ur-PK' });
    expect(ur.body.data.disclosure).toContain('PSX');
    expect(ur.body.data.quote).toBeNull();
  });

  it('refuses symbols options are not offered on', async () => {
    for (const symbol of ['KSE100', 'BTCUSDT', 'NOSUCH']) {
      const res = await get(t.app, '/api/stock/option/rule', { symbol }, en);
      expect(res.body.code).toBe(-1001);
      expect(res.body.msg).toContain('not offered');
    }
    const bad = await get(t.app, '/api/stock/option/rule', { symbol: 'a b' }, en);
    expect(bad.body.code).toBe(-1001);
  });
});

describe('stock/order/option/apply', () => {
  it('pays the premium at the quoted price; the strike is the price now; list and statistics show it', async () => {
    const s = await subscriber(t, { pkr: 5_000_000n });
    const before = await writer();
    const quote = (await get(t.app, '/api/stock/option/rule', { symbol: SYMBOL }, en)).body.data.quote;
    const res = await buy(s);
    expect(res.body.code).toBe(0);
    const o = res.body.data;
    expect(o).toMatchObject({
      symbol: SYMBOL,
      direction: 'call',
      term: 7,
      qty: 100,
      state: 'open',
      strike: quote.spot,
      rate: '11.00',
      spreadBps: 500,
      expiryPrice: '',
      payoff: '',
      pnl: '',
      pnlRatio: '',
      settledAt: null,
    });
    expect(o.sigma).toBe(quote.sigma);
    expect(o.unitPrice).toBe(quote.terms[2].call);
    expect(o.expiresAt).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const premium = paisa(o.premium);
    expect(premium).toBeGreaterThan(0n);
    expect(await money(s.accountId)).toEqual({ asset: 'PKR', available: 5_000_000n - premium, frozen: 0n });
    expect((await writer()) - before).toBe(premium);
    const list = await get(t.app, '/api/stock/order/option/list', {}, { ...en, token: s.tokenReal });
    expect(list.body.data).toMatchObject({ total: 1, page: 1, size: 20 });
    expect(list.body.data.list[0].id).toBe(o.id);
    const stats = await get(t.app, '/api/stock/order/option/statistics', {}, { ...en, token: s.tokenReal });
    expect(stats.body.data).toMatchObject({
      open: 1,
      settled: 0,
      won: 0,
      lost: 0,
      premiumOpen: o.premium,
      realisedPnl: '0.00',
    });
  });

  it('refuses bad input, limits, the password, KYC and short money, each changing nothing', async () => {
    const s = await subscriber(t, { pkr: 5_000_000n });
    const poor = await subscriber(t, { pkr: 10_000n });
    const noKyc = await subscriber(t, { kyc: false, pkr: 5_000_000n });
    const rows = await optionRows();
    const cases: [Subscriber, Record<string, string>, string][] = [
      [s, { term: '2' }, 'Choose one of the terms'],
      [s, { symbol: 'KSE100' }, 'not offered'],
      [s, { symbol: 'NOSUCH' }, 'not offered'],
      [s, { qty: '1' }, 'below the minimum'],
      [s, { qty: '9999999' }, 'above the maximum'],
      [s, { maxPremium: '0.01' }, 'The price moved'],
      [s, { tradePassword: '000000' }, ''],
      [s, { direction: 'up' }, ''],
      [s, { qty: '0' }, ''],
      [s, { qty: '1.5' }, ''],
      [s, { clientId: 'short' }, ''],
      [poor, { qty: '1000' }, 'insufficient'],
      [noKyc, {}, 'KYC'],
    ];
    for (const [who, body, msg] of cases) {
      const res = await buy(who, body);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      expect(res.body.code, JSON.stringify(body)).toBe(-1001);
      if (msg) expect(res.body.msg).toContain(msg);
    }
    expect(await optionRows()).toBe(rows);
    expect(await money(s.accountId)).toEqual({ asset: 'PKR', available: 5_000_000n, frozen: 0n });
    expect(await money(poor.accountId)).toEqual({ asset: 'PKR', available: 10_000n, frozen: 0n });
    const ur = await post(
      t.app,
      '/api/stock/order/option/apply',
      {
        symbol: SYMBOL,
        direction: 'put',
        term: '2',
        qty: '100',
        clientId: newClientId(),
        tradePassword: TRADE_PASSWORD,
      },
      { token: s.tokenReal },
    );
    expect(ur.body.msg).toContain('مدت');
    const guest = await buy(s, {}, '');
    expect(guest.body.code).not.toBe(0);
  });

  it('keeps real and demo apart: a demo purchase spends demo money; another user sees none of it', async () => {
    const s = await subscriber(t, { pkr: 1_000_000n });
    const other = await subscriber(t, { pkr: 1_000_000n });
    const demoBefore = await money(s.demoAccountId);
    const res = await buy(s, { direction: 'put' }, s.tokenDemo);
    expect(res.body.code).toBe(0);
    expect(await money(s.accountId)).toEqual({ asset: 'PKR', available: 1_000_000n, frozen: 0n });
    expect((await money(s.demoAccountId)).available).toBe(
      demoBefore.available - paisa(res.body.data.premium),
    );
    const realList = await get(t.app, '/api/stock/order/option/list', {}, { ...en, token: s.tokenReal });
    expect(realList.body.data.total).toBe(0);
    const demoList = await get(t.app, '/api/stock/order/option/list', {}, { ...en, token: s.tokenDemo });
    expect(demoList.body.data.total).toBe(1);
    const theirs = await get(t.app, '/api/stock/order/option/list', {}, { ...en, token: other.tokenDemo });
    expect(theirs.body.data.total).toBe(0);
    const stats = await get(
      t.app,
      '/api/stock/order/option/statistics',
      {},
      { ...en, token: other.tokenReal },
    );
    expect(stats.body.data).toMatchObject({ open: 0, settled: 0, premiumOpen: '0.00' });
    // the same clientId from another account is that account's own purchase, not a read of this one
    const theirBuy = await buy(other, { clientId: res.body.data.clientId, direction: 'call' });
    expect(theirBuy.body.code).toBe(0);
    expect(theirBuy.body.data.id).not.toBe(res.body.data.id);
    expect(theirBuy.body.data.direction).toBe('call');
  });

  it('makes one purchase of 100 concurrent identical requests', async () => {
    const s = await subscriber(t, { pkr: 5_000_000n });
    const clientId = newClientId();
    const all = await Promise.all(Array.from({ length: 100 }, () => buy(s, { clientId })));
    const ids = new Set(all.map((r) => (r.body.code === 0 ? r.body.data.id : r.body.msg)));
    expect([...ids]).toHaveLength(1);
    expect(all.every((r) => r.body.code === 0)).toBe(true);
    const premium = paisa(all[0]!.body.data.premium);
    expect(await money(s.accountId)).toEqual({ asset: 'PKR', available: 5_000_000n - premium, frozen: 0n });
    const list = await get(t.app, '/api/stock/order/option/list', {}, { ...en, token: s.tokenReal });
    expect(list.body.data.total).toBe(1);
  });
});

describe('settlement', () => {
  it('pays the payoff once at expiry, across passes and a restart on the same database', async () => {
    const s = await subscriber(t, { pkr: 5_000_000n });
    const call = (await buy(s, { direction: 'call', qty: '200' })).body.data;
    const put = (await buy(s, { direction: 'put', qty: '200' })).body.data;
    const later = (await buy(s, { direction: 'put', term: '30' })).body.data;
    const strike = paisa(call.strike);
    const afterBuys = await money(s.accountId);
    // nothing is due yet
    expect(await t.app.optionRunner.pass(Date.now())).toBe(0);
    // the 7-day ones reach their expiry; the closing price then is strike + PKR 5.00
    const at = call.expiresAt + 1;
    const price = strike + 500n;
    const settled = await settleDue(t.db, () => price, at);
    expect(settled).toBeGreaterThanOrEqual(2);
    const rows = (await get(t.app, '/api/stock/order/option/list', {}, { ...en, token: s.tokenReal })).body
      .data.list as {
      id: number;
      state: string;
      payoff: string;
      expiryPrice: string;
      pnl: string;
      pnlRatio: string;
    }[];
    const c = rows.find((r) => r.id === call.id)!;
    const p = rows.find((r) => r.id === put.id)!;
    const l = rows.find((r) => r.id === later.id)!;
    expect(c).toMatchObject({ state: 'settled', payoff: '1000.00' }); // 5.00 × 200
    expect(c.expiryPrice).toBe((Number(price) / 100).toFixed(2));
    expect(paisa(c.pnl)).toBe(100_000n - paisa(call.premium));
    expect(p).toMatchObject({ state: 'settled', payoff: '0.00', pnlRatio: '-100.00' });
    expect(l.state).toBe('open');
    expect(await money(s.accountId)).toEqual({
      asset: 'PKR',
      available: afterBuys.available + 100_000n,
      frozen: 0n,
    });
    const stats = await get(t.app, '/api/stock/order/option/statistics', {}, { ...en, token: s.tokenReal });
    expect(stats.body.data).toMatchObject({
      open: 1,
      settled: 2,
      payoff: '1000.00',
      premiumOpen: later.premium,
    });
    expect(paisa(stats.body.data.realisedPnl)).toBe(100_000n - paisa(call.premium) - paisa(put.premium));
    // the user is told, with a link to the records
    const msgs = await t.db
      .selectFrom('user_messages')
      .selectAll()
      .where('user_id', '=', s.userId)
      .where('kind', '=', 'option')
      .execute();
    expect(msgs).toHaveLength(2);
    expect(msgs[0]!.link).toBe('/pages/stock/order?mode=option&tab=records');

    // passes again (at another price), and again after a restart on the same database: nothing changes
    expect(await settleDue(t.db, () => price * 2n, at)).toBe(0);
    await t.close();
    t = await makeTestApp({ ...ENV, ...place.env });
    expect(await settleDue(t.db, () => price * 2n, at)).toBe(0);
    expect(await money(s.accountId)).toEqual({
      asset: 'PKR',
      available: afterBuys.available + 100_000n,
      frozen: 0n,
    });
    // the runner settles the 30-day one at the market's price once it is due
    const settledLater = await t.app.optionRunner.pass(later.expiresAt + 1);
    expect(settledLater).toBeGreaterThanOrEqual(1);
    const final = (
      await get(t.app, '/api/stock/order/option/list', { state: 'open' }, { ...en, token: s.tokenReal })
    ).body.data;
    expect(final.total).toBe(0);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });
});
