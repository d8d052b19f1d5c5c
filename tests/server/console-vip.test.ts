// The stock strategy service switch in the console (/admin/api/vip/strategy): support and admin may read and
// switch it, other roles are refused, an unknown user is refused with nothing written, every change is
// audited, and the user's advice answer shows strategies only while it is on.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { get, makeTestApp, post, type TestApp } from './helpers.ts';
import { asOperator, cookieOf, makeOperator } from './console-helpers.ts';
import { subscriber } from './ipo-helpers.ts';
import { newClientId } from './withdraw-helpers.ts';

let t: TestApp;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  t = await makeTestApp({ MARKET_HISTORY_DAYS: '30' });
  for (const role of ['support', 'admin', 'finance'])
    cookies[role] = await cookieOf(t, await makeOperator(t, role));
});
afterAll(async () => t?.close());

const as = (role: string) => asOperator(cookies[role] ?? '');
const audits = async () =>
  t.db.selectFrom('operator_audit').selectAll().where('action', '=', 'vip.strategy').orderBy('id').execute();

it('support switches it on and admin off, audited; the user sees strategies only while on', async () => {
  const s = await subscriber(t);
  const userId = String(s.userId);
  const read = await get(t.app, '/admin/api/vip/strategy', { userId }, as('support'));
  expect(read.body.data).toEqual({ userId: s.userId, strategyService: false });

  const on = await post(t.app, '/admin/api/vip/strategy', { userId, on: 'yes' }, as('support'));
  expect(on.body).toMatchObject({ code: 0, data: { userId: s.userId, strategyService: true } });
  expect(await audits()).toHaveLength(1);

  await post(t.app, '/api/user/vip/buy', { plan: 'trial', clientId: newClientId() }, { token: s.tokenReal });
  const advice = await get(t.app, '/api/stock/vip/advice', {}, { token: s.tokenReal });
  expect(advice.body.data.strategyService).toBe(true);
  expect(Array.isArray(advice.body.data.strategies)).toBe(true);

  const off = await post(t.app, '/admin/api/vip/strategy', { userId, on: 'no' }, as('admin'));
  expect(off.body.data.strategyService).toBe(false);
  const rows = await audits();
  expect(rows).toHaveLength(2);
  expect(rows[1]).toMatchObject({ subject_type: 'user', subject_id: userId });
  const after = await get(t.app, '/api/stock/vip/advice', {}, { token: s.tokenReal });
  expect(after.body.data.strategies).toBeNull();
});

it('refuses another role, an unknown user and bad input, writing nothing', async () => {
  const s = await subscriber(t);
  const before = (await audits()).length;
  const finance = await post(
    t.app,
    '/admin/api/vip/strategy',
    { userId: String(s.userId), on: 'yes' },
    as('finance'),
  );
  expect(finance.body.code).toBe(-1001);
  const missing = await post(
    t.app,
    '/admin/api/vip/strategy',
    { userId: '999999999', on: 'yes' },
    as('support'),
  );
  expect(missing.body).toMatchObject({ code: -1001, msg: 'No user with this id' });
  const bad = await post(t.app, '/admin/api/vip/strategy', { userId: 'x', on: 'maybe' }, as('support'));
  expect(bad.body.code).toBe(-1001);
  const guest = await post(t.app, '/admin/api/vip/strategy', { userId: String(s.userId), on: 'yes' });
  expect(guest.body.code).not.toBe(0);
  expect(await audits()).toHaveLength(before);
  const m = await t.db.selectFrom('vip_memberships').selectAll().where('user_id', '=', s.userId).execute();
  expect(m).toEqual([]);
});
