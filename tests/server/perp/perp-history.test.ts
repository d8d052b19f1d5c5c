// GET coin/contract/order/history end to end (SQLite and PostgreSQL): the caller's fills newest first with the
// liquidation explained (mark, liquidation price, margin lost), funding payments, paging, a pair filter, another
// user's rows never listed, and bad input refused in the caller's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../helpers.ts';
import type { TradeTestApp } from '../trade/trade-helpers.ts';
import { cid, makePerpApp, perpUser, SYMBOL, TRADE_PASSWORD, type PerpUser } from './perp-helpers.ts';

const P = '/api/coin/contract/order';
let t: TradeTestApp;
beforeAll(async () => {
  t = await makePerpApp('perp-history');
});
afterAll(async () => {
  await t.close();
});

const call = (u: PerpUser, path: string, body: Record<string, string>) =>
  post(t.app, `${P}/${path}`, body, { lang: 'en-US', token: u.token });
const history = (u: PerpUser, q: Record<string, string> = {}, lang: 'en-US' | 'ur-PK' = 'en-US') =>
  get(t.app, `${P}/history`, q, { lang, token: u.token });

describe('coin/contract/order/history', () => {
  it('lists open, close and the liquidation newest first, the liquidation with its reason; pages', async () => {
    const u = await perpUser(t);
    const other = await perpUser(t);
    const o = await call(u, 'add', {
      clientId: cid(),
      symbol: SYMBOL,
      side: 'long',
      qty: '0.02',
      tradePassword: TRADE_PASSWORD,
    });
    expect(o.body.code).toBe(0);
    const id: number = o.body.data.position.id;
    const lp: string = o.body.data.position.liqPrice;
    expect((await call(u, 'close', { clientId: cid(), positionId: String(id), qty: '0.01' })).body.code).toBe(
      0,
    );

    const { engine } = t.app.perp;
    t.sim.crash(SYMBOL, -20, 2);
    await expect
      .poll(
        async () => {
          t.sim.step();
          await engine.idle();
          const r = await t.db
            .selectFrom('perp_positions')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          return r.status;
        },
        { timeout: 20_000, interval: 10 },
      )
      .toBe('liquidated');

    const r = await history(u);
    expect(r.body.code).toBe(0);
    const page = r.body.data.orders;
    expect(r.body.data).toMatchObject({ type: 'orders', funding: null });
    expect(page).toMatchObject({ total: 3, page: 1, size: 20 });
    const actions = page.list.map((x: { action: string }) => x.action);
    expect(actions[1]).toBe('close');
    expect(actions[2]).toBe('open');
    expect(['liquidation', 'adl']).toContain(actions[0]);
    const liq = page.list[0];
    expect(page.list[1].reason).toBeNull();
    expect(liq.reason).toMatchObject({ markPrice: liq.price, liqPrice: lp });
    // the whole margin left on the 0.01 still open was lost
    expect(Number(liq.reason.marginLost)).toBeGreaterThan(0);
    expect(liq.reason.marginLost).toBe(liq.margin.replace(/^-/, ''));

    // the user got a personal message with the mark, the liquidation price, the margin lost and a history link
    const msgs = await get(t.app, '/api/user/notice', {}, { lang: 'en-US', token: u.token });
    const m = JSON.stringify(msgs.body.data);
    expect(m).toContain('Position liquidated: BTCUSDT');
    expect(m).toContain(`liquidation price ${lp} USDT`);
    expect(m).toContain(`Margin lost: ${liq.reason.marginLost} USDT`);
    expect(m).toContain('/pages/coin/index?mode=contract&symbol=BTCUSDT&tab=history');

    const p2 = await history(u, { page: '2', size: '1' });
    expect(p2.body.data.orders).toMatchObject({ total: 3, page: 2, size: 1 });
    expect(p2.body.data.orders.list.map((x: { action: string }) => x.action)).toEqual(['close']);
    expect((await history(u, { symbol: 'ETHUSDT' })).body.data.orders).toMatchObject({ total: 0, list: [] });
    expect((await history(other)).body.data.orders).toMatchObject({ total: 0, list: [] });
  });

  it('lists the caller’s funding payments with the interval’s rate and mark', async () => {
    const u = await perpUser(t);
    const other = await perpUser(t);
    const long = await call(u, 'add', {
      clientId: cid(),
      symbol: SYMBOL,
      side: 'long',
      qty: '0.01',
      tradePassword: TRADE_PASSWORD,
    });
    const short = await call(other, 'add', {
      clientId: cid(),
      symbol: SYMBOL,
      side: 'short',
      qty: '0.01',
      tradePassword: TRADE_PASSWORD,
    });
    expect([long.body.code, short.body.code]).toEqual([0, 0]);
    await t.app.perp.engine.settleAll(8 * 3_600_000 * 1000, t.sim.now());
    const r = await history(u, { type: 'funding' });
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({ type: 'funding', orders: null });
    const f = r.body.data.funding;
    expect(f.total).toBe(1);
    expect(f.list[0]).toMatchObject({ positionId: long.body.data.position.id, symbol: SYMBOL });
    // interest only (no premium samples): longs pay 0.01 %
    expect(f.list[0].rate).toBe('0.010000');
    expect(f.list[0].amount.startsWith('-')).toBe(true);
    const o = (await history(other, { type: 'funding' })).body.data.funding;
    expect(o.total).toBe(1);
    expect(o.list[0].amount.startsWith('-')).toBe(false);
    expect(o.list[0].positionId).toBe(short.body.data.position.id);
  });

  it('refuses bad paging and types in the caller’s language and changes nothing', async () => {
    const u = await perpUser(t);
    for (const q of [{ type: 'trades' }, { size: '0' }, { size: '101' }, { page: '0' }, { symbol: 'btc' }]) {
      const en = await history(u, q);
      expect(en.status).toBeLessThan(500);
      expect(en.body.code).not.toBe(0);
      expect(en.body.msg).toMatch(/[A-Za-z]/);
      const ur = await history(u, q, 'ur-PK');
      expect(ur.body.code).not.toBe(0);
      expect(ur.body.msg).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('needs a login', async () => {
    const r = await get(t.app, `${P}/history`, {}, { lang: 'en-US' });
    expect(r.body.code).not.toBe(0);
  });
});
