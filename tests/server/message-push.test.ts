// Personal messages reach Web Push (issue 19), on SQLite and PostgreSQL, against the local stand-in push
// service: a deposit credited, a withdrawal rejected and a real order filled each reach the user's device in
// the device's language with the message's link; a kind the user turned off (user/push/prefs/set) is not
// pushed but stays in the message centre; the preference calls refuse bad kinds with a localised reason and
// change nothing, and are per user. Also the alerts' cooldown for repeating alerts and the clean-up of fired
// one-shot alerts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_KINDS } from '../../contract/alerts.ts';
import { recordFiring } from '../../server/domain/alerts/alerts-repo.ts';
import { depositDecided, withdrawalDecided } from '../../server/domain/content/event-messages.ts';
import { writeSetting } from '../../server/domain/settings/settings-repo.ts';
import { PushStandIn, type StandInSubscription } from '../support/push-stand-in.ts';
import { get, post } from './helpers.ts';
import {
  cheapHash,
  makeTradeApp,
  newClientOrderId,
  pickStock,
  TRADE_PASSWORD,
  type TradeTestApp,
} from './trade/trade-helpers.ts';
import { withdrawer } from './withdraw-helpers.ts';

let t: TradeTestApp;
const push = new PushStandIn();
const en = { lang: 'en-US' } as const;
const ur = { lang: 'ur-PK' } as const;

beforeAll(async () => {
  await push.start();
  t = await makeTradeApp('message-push', { PUSH_ALLOW_HTTP: '1' });
});
afterAll(async () => {
  await t.close();
  await push.close();
});

/** Every waiting message handled and its pushes answered. */
async function flush() {
  await t.app.alerts.messages!.drain();
  await t.app.alerts.sender.idle();
}

const pushesTo = (sub: StandInSubscription) =>
  push.received
    .filter((p) => sub.endpoint.endsWith(p.path))
    .map((p) => JSON.parse(p.payload) as { title: string; body: string; url: string; tag: string });

async function subscribed(lang: 'en-US' | 'ur-PK') {
  const w = await withdrawer(t, { pkr: 100_000_000n });
  const sub = push.subscription();
  const s = await post(t.app, '/api/user/push/subscribe', { ...sub }, { lang, token: w.tokenReal });
  expect(s.body.data).toEqual({ devices: 1 });
  return { w, sub };
}

const money = (userId: number, id: number) => ({
  id,
  user_id: userId,
  asset: 'PKR' as const,
  amount: 250_075n,
  reason: 'No matching bank entry',
});

describe('personal messages as push', () => {
  it('a deposit credited reaches the device in its language, with the message link', async () => {
    const { w, sub } = await subscribed('ur-PK');
    await depositDecided(t.db, money(w.userId, 9_000_001), 'credited', Date.now());
    await flush();
    const got = pushesTo(sub);
    expect(got).toHaveLength(1);
    expect(got[0]!.url).toBe('/pages/recharge/rechargeRecord');
    expect(got[0]!.body).toContain('2500.75 PKR');
    const n = await get(t.app, '/api/user/notice', {}, { ...ur, token: w.tokenReal });
    expect(got[0]!.title).toBe(n.body.data.list[0].title);
    expect(got[0]!.tag).toBe(`deposit-${n.body.data.list[0].id}`);
    // handled once: a second pass sends nothing more
    await flush();
    expect(pushesTo(sub)).toHaveLength(1);
    const last = push.received.at(-1)!;
    expect(last.vapidOk).toBe(true);
  });

  it('a real order filled is pushed once (English device); a demo fill is not', async () => {
    const { w, sub } = await subscribed('en-US');
    await t.db
      .updateTable('users')
      .set({ trade_password_hash: cheapHash(TRADE_PASSWORD) })
      .where('id', '=', w.userId)
      .execute();
    const sym = pickStock(t);
    for (const token of [w.tokenReal, w.tokenDemo]) {
      const r = await post(
        t.app,
        '/api/stock/order/buy',
        {
          symbol: sym,
          type: 'market',
          qty: '1',
          clientOrderId: newClientOrderId(),
          tradePassword: TRADE_PASSWORD,
        },
        { token, ...en },
      );
      expect(r.body.data.status).toBe('filled');
    }
    await expect.poll(async () => (await flush(), pushesTo(sub).length), { timeout: 15_000 }).toBe(1);
    const [p] = pushesTo(sub);
    expect(p!.url).toBe('/pages/tabbar/position');
    expect(p!.body).toContain(sym);
    expect(p!.body).toContain('buy order');
  });

  it('a kind turned off is not pushed but stays in the message centre; other kinds still arrive', async () => {
    const { w, sub } = await subscribed('en-US');
    const set = await post(
      t.app,
      '/api/user/push/prefs/set',
      { off: 'money,alert' },
      { ...en, token: w.tokenReal },
    );
    expect(set.body.code).toBe(0);
    expect(set.body.data.kinds).toEqual(
      PUSH_KINDS.map((kind) => ({ kind, on: kind !== 'money' && kind !== 'alert' })),
    );
    await withdrawalDecided(t.db, { ...money(w.userId, 9_000_002), channel: 'bank' }, 'rejected', Date.now());
    await flush();
    expect(pushesTo(sub)).toEqual([]);
    const n = await get(t.app, '/api/user/notice', {}, { ...en, token: w.tokenReal });
    expect(n.body.data.list.map((m: { kind: string }) => m.kind)).toEqual(['withdraw']);
    // back on: the next one arrives
    await post(t.app, '/api/user/push/prefs/set', { off: '' }, { ...en, token: w.tokenReal });
    await withdrawalDecided(t.db, { ...money(w.userId, 9_000_003), channel: 'bank' }, 'paid', Date.now());
    await flush();
    expect(pushesTo(sub).map((p) => p.url)).toEqual(['/pages/wallet/recordDetail?id=9000003']);
  });
});

describe('user/push/prefs', () => {
  it('every kind is on by default; a bad kind is refused in both languages and changes nothing', async () => {
    const a = await withdrawer(t);
    const b = await withdrawer(t);
    const d = await get(t.app, '/api/user/push/prefs', {}, { ...en, token: a.tokenReal });
    expect(d.body.data.kinds).toEqual(PUSH_KINDS.map((kind) => ({ kind, on: true })));
    await post(t.app, '/api/user/push/prefs/set', { off: 'order' }, { ...en, token: a.tokenReal });
    for (const [off, lang, msg] of [
      ['order,spam', en, 'Unknown kind of notification: spam'],
      ['spam', ur, 'نامعلوم قسم کی اطلاع: spam'],
    ] as const) {
      const r = await post(t.app, '/api/user/push/prefs/set', { off }, { ...lang, token: a.tokenReal });
      expect(r.body.code).not.toBe(0);
      expect(r.body.msg).toBe(msg);
    }
    for (const off of ['ORDER', 'order,,money', 'a'.repeat(201), ' order']) {
      const r = await post(t.app, '/api/user/push/prefs/set', { off }, { ...en, token: a.tokenReal });
      expect(r.status).toBeLessThan(500);
      expect(r.body.code, off).not.toBe(0);
    }
    const guest = await post(t.app, '/api/user/push/prefs/set', { off: '' }, en);
    expect(guest.body.code).not.toBe(0);
    const after = await get(t.app, '/api/user/push/prefs', {}, { ...en, token: a.tokenReal });
    expect(after.body.data.kinds.filter((k: { on: boolean }) => !k.on)).toEqual([
      { kind: 'order', on: false },
    ]);
    // per user
    const other = await get(t.app, '/api/user/push/prefs', {}, { ...en, token: b.tokenReal });
    expect(other.body.data.kinds.every((k: { on: boolean }) => k.on)).toBe(true);
  });
});

describe('alerts: cooldown and clean-up', () => {
  async function alertRow(userId: number, over: { repeating: number; active: number; last: number | null }) {
    return t.db
      .insertInto('price_alerts')
      .values({
        user_id: userId,
        symbol: 'BTCUSDT',
        kind: 'change',
        value: '99',
        repeating: over.repeating,
        active: over.active,
        last_fired_at: over.last,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('a repeating alert fires at most once per cooldown; the list tells the form the cooldown', async () => {
    const w = await withdrawer(t);
    const l = await get(t.app, '/api/user/alert/list', {}, { ...en, token: w.tokenReal });
    expect(l.body.data.repeatCooldownMinutes).toBe(5);
    const { id } = await alertRow(w.userId, { repeating: 1, active: 1, last: null });
    const t0 = 1_800_000_000_000;
    const cool = 5 * 60_000;
    expect(await recordFiring(t.db, Number(id), t0, cool)).not.toBeNull();
    expect(await recordFiring(t.db, Number(id), t0 + cool - 1, cool)).toBeNull();
    const again = await recordFiring(t.db, Number(id), t0 + cool, cool);
    expect(Number(again!.fired_count)).toBe(2);
    // a one-shot alert has no cooldown, and once off does not fire
    const one = await alertRow(w.userId, { repeating: 0, active: 1, last: null });
    expect(await recordFiring(t.db, Number(one.id), t0, cool)).not.toBeNull();
    expect(await recordFiring(t.db, Number(one.id), t0 + 2 * cool, cool)).toBeNull();
    await writeSetting(t.db, 'alerts.repeatCooldownMinutes', 15, null, Date.now());
    try {
      const l2 = await get(t.app, '/api/user/alert/list', {}, { ...en, token: w.tokenReal });
      expect(l2.body.data.repeatCooldownMinutes).toBe(15);
    } finally {
      await writeSetting(t.db, 'alerts.repeatCooldownMinutes', 5, null, Date.now());
    }
  });

  it('the leader deletes one-shot alerts that fired more than alerts.keepFiredDays ago, nothing else', async () => {
    const w = await withdrawer(t);
    const now = Date.now();
    const day = 86_400_000;
    const old = await alertRow(w.userId, { repeating: 0, active: 0, last: now - 31 * day });
    const recent = await alertRow(w.userId, { repeating: 0, active: 0, last: now - 29 * day });
    const repeating = await alertRow(w.userId, { repeating: 1, active: 1, last: now - 90 * day });
    const waiting = await alertRow(w.userId, { repeating: 0, active: 1, last: null });
    await t.app.alerts.watch!.purge(now);
    const left = async () =>
      (
        await t.db
          .selectFrom('price_alerts')
          .select('id')
          .where('user_id', '=', w.userId)
          .orderBy('id')
          .execute()
      ).map((r) => Number(r.id));
    expect(await left()).toEqual([recent.id, repeating.id, waiting.id].map(Number));
    expect(await left()).not.toContain(Number(old.id));
    await writeSetting(t.db, 'alerts.keepFiredDays', 7, null, now);
    try {
      await t.app.alerts.watch!.purge(now);
      expect(await left()).toEqual([repeating.id, waiting.id].map(Number));
    } finally {
      await writeSetting(t.db, 'alerts.keepFiredDays', 30, null, now);
    }
  });
});
