// Price alerts and Web Push through the API, on SQLite and PostgreSQL: setting, listing and deleting alerts
// (own only, bad input refused with a localised reason and nothing changed, the cap of active alerts), push
// subscriptions, and the whole path of a firing on a hand-stepped market: the price crosses, the alert
// switches off, a personal message is in user/notice, and the local stand-in push service receives a push
// with a valid VAPID signature whose payload decrypts with the subscription's keys; an expired subscription
// (410) is removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ACTIVE_ALERTS } from '../../contract/alerts.ts';
import { PushStandIn } from '../support/push-stand-in.ts';
import { get, post } from './helpers.ts';
import { makeTradeApp, pickStock, trader, type TradeTestApp } from './trade/trade-helpers.ts';

let t: TradeTestApp;
const push = new PushStandIn();
const en = { lang: 'en-US' } as const;
const ur = { lang: 'ur-PK' } as const;

beforeAll(async () => {
  await push.start();
  t = await makeTradeApp('alerts-api', { PUSH_ALLOW_HTTP: '1' });
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const alertCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('price_alerts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const price = (sym: string) => t.sim.ticker(sym)!.p;
/** `p` moved by `pct` % and written with 2 decimals (both PSX and the pairs here price in cents). */
const moved = (p: string, pct: number) => ((Number(p) * (100 + pct)) / 100).toFixed(2);

async function stepUntil(done: () => Promise<boolean>, max = 60) {
  for (let i = 0; i < max; i++) {
    t.sim.step();
    await t.app.alerts.watch!.idle();
    if (await done()) return;
  }
  throw new Error('condition not reached');
}

describe('user/alert/add, list, del', () => {
  it('sets, lists and deletes own alerts', async () => {
    const u = await trader(t, false);
    const sym = pickStock(t);
    const above = moved(price(sym), 10);
    const r = await post(
      t.app,
      '/api/user/alert/add',
      { symbol: sym, kind: 'above', value: above },
      {
        ...en,
        token: u.tokenReal,
      },
    );
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({
      symbol: sym,
      kind: 'above',
      value: above,
      repeat: false,
      active: true,
    });
    const c = await post(
      t.app,
      '/api/user/alert/add',
      { symbol: 'BTCUSDT', kind: 'change', value: '2.5', repeat: '1' },
      { ...en, token: u.tokenDemo },
    );
    expect(c.body.data).toMatchObject({ kind: 'change', repeat: true });
    // one list for real and demo: alerts belong to the user
    const l = await get(t.app, '/api/user/alert/list', {}, { ...en, token: u.tokenReal });
    expect(l.body.data.list.map((a: { id: number }) => a.id)).toEqual([c.body.data.id, r.body.data.id]);
    expect(l.body.data.maxActive).toBe(MAX_ACTIVE_ALERTS);
    expect(t.app.alerts.watch!.index.has(r.body.data.id)).toBe(true);
    const d = await post(
      t.app,
      '/api/user/alert/del',
      { id: String(r.body.data.id) },
      { ...en, token: u.tokenReal },
    );
    expect(d.body.data).toEqual({ id: r.body.data.id });
    expect(t.app.alerts.watch!.index.has(r.body.data.id)).toBe(false);
    const l2 = await get(t.app, '/api/user/alert/list', {}, { ...en, token: u.tokenReal });
    expect(l2.body.data.list).toHaveLength(1);
  });

  it('refuses bad input with a localised reason and changes nothing', async () => {
    const u = await trader(t, false);
    const sym = pickStock(t);
    const now = price(sym);
    const before = await alertCount();
    const cases: [Record<string, string>, string, string][] = [
      [{ symbol: 'NOPE', kind: 'above', value: '1' }, 'Unknown symbol: NOPE', 'نامعلوم علامت'],
      [
        { symbol: sym, kind: 'above', value: moved(now, -5) },
        'set a price above the current',
        'سے زیادہ قیمت',
      ],
      [{ symbol: sym, kind: 'below', value: moved(now, 5) }, 'set a price below the current', 'سے کم قیمت'],
      [{ symbol: sym, kind: 'above', value: '1.123' }, 'at most 2 decimals', 'اعشاریہ'],
      [{ symbol: sym, kind: 'below', value: '0' }, 'above zero', 'صفر'],
      [{ symbol: sym, kind: 'change', value: '0' }, 'from 0.01 to 100', '0.01'],
      [{ symbol: sym, kind: 'change', value: '100.01' }, 'from 0.01 to 100', '0.01'],
      [{ symbol: sym, kind: 'change', value: '1.005' }, 'from 0.01 to 100', '0.01'],
    ];
    for (const [body, msgEn, msgUr] of cases) {
      const a = await post(t.app, '/api/user/alert/add', body, { ...en, token: u.tokenReal });
      expect(a.body.code, JSON.stringify(body)).not.toBe(0);
      expect(a.body.msg).toContain(msgEn);
      const b = await post(t.app, '/api/user/alert/add', body, { ...ur, token: u.tokenReal });
      expect(b.body.msg).toContain(msgUr);
    }
    // schema refusals: unknown kind, junk value, missing fields, repeat other than 0/1
    for (const body of [
      { symbol: sym, kind: 'sideways', value: '1' },
      { symbol: sym, kind: 'above', value: '-1' },
      { symbol: sym, kind: 'above', value: '1e3' },
      { symbol: sym, kind: 'above' },
      { symbol: sym, kind: 'above', value: moved(now, 5), repeat: 'yes' },
      { symbol: 'a b', kind: 'above', value: '1' },
    ]) {
      const a = await post(t.app, '/api/user/alert/add', body, { ...en, token: u.tokenReal });
      expect(a.status).toBeLessThan(500);
      expect(a.body.code, JSON.stringify(body)).not.toBe(0);
    }
    const guest = await post(t.app, '/api/user/alert/add', { symbol: sym, kind: 'above', value: '1' }, en);
    expect(guest.body.code).not.toBe(0);
    expect(await alertCount()).toBe(before);
  });

  it("another user's alert is not found and stays", async () => {
    const owner = await trader(t, false);
    const other = await trader(t, false);
    const r = await post(
      t.app,
      '/api/user/alert/add',
      { symbol: 'BTCUSDT', kind: 'change', value: '50' },
      { ...en, token: owner.tokenReal },
    );
    const id = String(r.body.data.id);
    const d = await post(t.app, '/api/user/alert/del', { id }, { ...en, token: other.tokenReal });
    expect(d.body.code).not.toBe(0);
    expect(d.body.msg).toBe('No such alert');
    const l = await get(t.app, '/api/user/alert/list', {}, { ...en, token: other.tokenReal });
    expect(l.body.data.list).toEqual([]);
    const mine = await get(t.app, '/api/user/alert/list', {}, { ...en, token: owner.tokenReal });
    expect(mine.body.data.list).toHaveLength(1);
  });

  it(`allows ${MAX_ACTIVE_ALERTS} active alerts, then refuses until one is deleted`, async () => {
    const u = await trader(t, false);
    await t.db
      .insertInto('price_alerts')
      .values(
        Array.from({ length: MAX_ACTIVE_ALERTS - 1 }, () => ({
          user_id: u.userId,
          symbol: 'BTCUSDT',
          kind: 'change' as const,
          value: '99',
          last_fired_at: null,
          created_at: Date.now(),
        })),
      )
      .execute();
    const body = { symbol: 'BTCUSDT', kind: 'change', value: '90' };
    const last = await post(t.app, '/api/user/alert/add', body, { ...en, token: u.tokenReal });
    expect(last.body.code).toBe(0);
    const before = await alertCount();
    const over = await post(t.app, '/api/user/alert/add', body, { ...en, token: u.tokenReal });
    expect(over.body.msg).toBe(`You can have at most ${MAX_ACTIVE_ALERTS} active alerts. Delete one first.`);
    expect(await alertCount()).toBe(before);
    await post(
      t.app,
      '/api/user/alert/del',
      { id: String(last.body.data.id) },
      { ...en, token: u.tokenReal },
    );
    const again = await post(t.app, '/api/user/alert/add', body, { ...en, token: u.tokenReal });
    expect(again.body.code).toBe(0);
  });
});

describe('user/push/*', () => {
  it('serves the VAPID key and keeps one subscription per device endpoint', async () => {
    const u = await trader(t, false);
    const k = await get(t.app, '/api/user/push/key', {}, { ...en, token: u.tokenReal });
    expect(Buffer.from(k.body.data.publicKey, 'base64url')).toHaveLength(65);
    const sub = push.subscription();
    const s = await post(t.app, '/api/user/push/subscribe', { ...sub }, { ...en, token: u.tokenReal });
    expect(s.body.data).toEqual({ devices: 1 });
    const again = await post(t.app, '/api/user/push/subscribe', { ...sub }, { ...ur, token: u.tokenReal });
    expect(again.body.data).toEqual({ devices: 1 });
    const bad = await post(
      t.app,
      '/api/user/push/subscribe',
      { ...sub, endpoint: 'ftp://example.com/x', p256dh: sub.p256dh },
      { ...en, token: u.tokenReal },
    );
    expect(bad.body.msg).toBe('endpoint: invalid format');
    const shortKey = await post(
      t.app,
      '/api/user/push/subscribe',
      { ...push.subscription(), p256dh: 'AAAA' },
      { ...en, token: u.tokenReal },
    );
    expect(shortKey.body.msg).toBe("This device's push subscription is not accepted");
    // another user cannot remove it
    const other = await trader(t, false);
    await post(
      t.app,
      '/api/user/push/unsubscribe',
      { endpoint: sub.endpoint },
      { ...en, token: other.tokenReal },
    );
    const u2 = await post(
      t.app,
      '/api/user/push/unsubscribe',
      { endpoint: 'https://x.example/none' },
      {
        ...en,
        token: u.tokenReal,
      },
    );
    expect(u2.body.data).toEqual({ devices: 1 });
    const gone = await post(
      t.app,
      '/api/user/push/unsubscribe',
      { endpoint: sub.endpoint },
      { ...en, token: u.tokenReal },
    );
    expect(gone.body.data).toEqual({ devices: 0 });
  });
});

describe('a firing', () => {
  it('the price crosses: the alert switches off, a message is in user/notice, the push arrives signed and decrypts', async () => {
    const u = await trader(t, false);
    const key = (await get(t.app, '/api/user/push/key', {}, { ...en, token: u.tokenReal })).body.data
      .publicKey;
    const sub = push.subscription();
    await post(t.app, '/api/user/push/subscribe', { ...sub }, { ...en, token: u.tokenReal });
    const value = moved(price('BTCUSDT'), 2);
    const a = await post(
      t.app,
      '/api/user/alert/add',
      { symbol: 'BTCUSDT', kind: 'above', value },
      { ...en, token: u.tokenReal },
    );
    const id: number = a.body.data.id;
    const seen = push.received.length;
    t.sim.crash('BTCUSDT', 10, 3);
    await stepUntil(async () => !t.app.alerts.watch!.index.has(id));
    await t.app.alerts.watch!.idle();
    await t.app.alerts.messages!.drain();
    await t.app.alerts.sender.idle();
    const l = await get(t.app, '/api/user/alert/list', {}, { ...en, token: u.tokenReal });
    expect(l.body.data.list[0]).toMatchObject({ id, active: false, firedCount: 1 });
    const n = await get(t.app, '/api/user/notice', {}, { ...en, token: u.tokenReal });
    expect(n.body.data.list[0]).toMatchObject({
      kind: 'alert',
      title: `BTCUSDT reached ${value}`,
      link: '/pages/coin/coinKline?symbol=BTCUSDT',
      read: false,
    });
    const nu = await get(t.app, '/api/user/notice', {}, { ...ur, token: u.tokenReal });
    expect(nu.body.data.list[0].title).toContain('تک پہنچ گیا');
    const mine = push.received.slice(seen).filter((p) => sub.endpoint.endsWith(p.path));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.vapidOk).toBe(true);
    expect(mine[0]!.vapidKey).toBe(key);
    expect(JSON.parse(mine[0]!.payload)).toEqual({
      title: `BTCUSDT reached ${value}`,
      body: expect.stringContaining('Price alert: BTCUSDT is at') as unknown,
      url: '/pages/coin/coinKline?symbol=BTCUSDT',
      tag: `alert-${id}`,
    });
    // one-shot: more steps past the value fire nothing more
    for (let i = 0; i < 3; i++) t.sim.step();
    await t.app.alerts.watch!.idle();
    expect((await get(t.app, '/api/user/notice', {}, { ...en, token: u.tokenReal })).body.data.total).toBe(1);
  });

  it('an expired subscription (410 from the push service) is removed', async () => {
    const u = await trader(t, false);
    const sub = push.subscription();
    await post(t.app, '/api/user/push/subscribe', { ...sub }, { ...ur, token: u.tokenReal });
    const value = moved(price('ETHUSDT'), -2);
    const a = await post(
      t.app,
      '/api/user/alert/add',
      { symbol: 'ETHUSDT', kind: 'below', value },
      { ...en, token: u.tokenReal },
    );
    push.answer = 410;
    const before = push.requests;
    try {
      t.sim.crash('ETHUSDT', -10, 3);
      await stepUntil(async () => !t.app.alerts.watch!.index.has(a.body.data.id as number));
      await t.app.alerts.watch!.idle();
      await t.app.alerts.messages!.drain();
      await push.waitForRequests(before + 1);
      await t.app.alerts.sender.idle();
    } finally {
      push.answer = 201;
    }
    const left = await t.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', u.userId)
      .execute();
    expect(left).toEqual([]);
  });
});
