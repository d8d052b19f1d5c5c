// The console's placement routes (finance, admin): create a placement of a listed stock (a bad field or an
// unknown symbol is a localised -1001 that stores nothing), list, see applications, allocate (too early
// refused, twice refused), set a user's investor type; each change audited as the operator; a kyc reviewer is
// refused.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TRADE_PASSWORD } from '../support/cheap-trader.ts';
import { asOperator, cookieOf, makeOperator } from './console-helpers.ts';
import { get, makeTestApp, post, type TestApp } from './helpers.ts';
import { subscriber } from './ipo-helpers.ts';
import { HOUR, placement } from './placement-helpers.ts';
import { newClientId } from './withdraw-helpers.ts';

let t: TestApp;
const cookies: Record<string, string> = {};
let financeId = 0;
beforeAll(async () => {
  t = await makeTestApp({ SIM_CHAIN_BLOCK_MS: '0', SIM_CHAIN_WATCH_MS: '0' });
  for (const role of ['kyc', 'finance']) {
    const op = await makeOperator(t, role);
    if (role === 'finance') financeId = op.id;
    cookies[role] = await cookieOf(t, op);
  }
});
afterAll(async () => t?.close());

const as = (role: string) => asOperator(cookies[role] ?? '');
const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('placements')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const audits = (action: string) =>
  t.db.selectFrom('operator_audit').selectAll().where('action', '=', action).execute();

it('creates and lists a placement; refusals are localised and change nothing', async () => {
  const now = Date.now();
  const form = {
    symbol: 'ogdc',
    price: '95.50',
    total: '10000',
    min: '1000',
    opens: String(now - HOUR),
    closes: String(now + HOUR),
    allot: String(now + 2 * HOUR),
    lockDays: '90',
    eligibility: 'international',
    note: 'Sale by a strategic holder',
  };
  expect((await post(t.app, '/admin/api/placements', form, as('kyc'))).body.code).toBe(-1001);
  const before = await count();
  const bad = await post(t.app, '/admin/api/placements', { ...form, min: '1200' }, as('finance'));
  expect(bad.body.msg).toMatch(/^The placement is refused: minimum must be a multiple of the lot/);
  const unknown = await post(t.app, '/admin/api/placements', { ...form, symbol: 'NOPE1' }, as('finance'));
  expect(unknown.body.msg).toBe('The placement is refused: NOPE1 is not a listed stock');
  const badUr = await post(
    t.app,
    '/admin/api/placements',
    { ...form, closes: String(now - 2 * HOUR) },
    { ...as('finance'), lang: 'ur-PK' },
  );
  expect(badUr.body.msg).toMatch(/^پلیسمنٹ مسترد/);
  expect(
    (await post(t.app, '/admin/api/placements', { ...form, eligibility: 'vip' }, as('finance'))).body.code,
  ).toBe(-1001);
  expect(await count()).toBe(before);

  const created = await post(t.app, '/admin/api/placements', form, as('finance'));
  expect(created.body.data[0]).toMatchObject({
    symbol: 'OGDC',
    price: '95.50',
    lot: 500,
    minQty: 1000,
    lockDays: 90,
    unlockAt: now + 2 * HOUR + 90 * 24 * HOUR,
    state: 'subscribing',
  });
  const list = await get(t.app, '/admin/api/placements', {}, as('finance'));
  expect(list.body.data.map((p: { id: number }) => p.id)).toContain(created.body.data[0].id);
  const audit = await audits('placement.create');
  expect(audit.at(-1)).toMatchObject({ operator_id: financeId });
});

it('sets investor types, shows applications and allocates once, after the window', async () => {
  const s = await subscriber(t, { pkr: 5_000_000n });
  const set = (body: Record<string, string>) =>
    post(t.app, '/admin/api/placements/investor', body, as('finance'));
  expect((await set({ userId: '999999999', type: 'international' })).body.msg).toBe(
    'This user does not exist',
  );
  expect((await set({ userId: String(s.userId), type: 'gold' })).body.code).toBe(-1001);
  expect(
    (
      await post(
        t.app,
        '/admin/api/placements/investor',
        { userId: String(s.userId), type: 'international' },
        as('kyc'),
      )
    ).body.code,
  ).toBe(-1001);
  const r = await set({ userId: String(s.userId), type: 'international' });
  expect(r.body.data).toEqual({ userId: s.userId, type: 'international' });
  const shown = await get(t.app, '/admin/api/placements/investor', { userId: String(s.userId) }, as('kyc'));
  expect(shown.body.data).toEqual({ userId: s.userId, type: 'international' });
  expect((await audits('user.investorType')).filter((a) => a.subject_id === String(s.userId))).toHaveLength(
    1,
  );

  const p = await placement(t);
  const applied = await post(
    t.app,
    '/api/stock/order/offline/apply',
    { placementId: String(p.id), qty: '1000', clientId: newClientId(), tradePassword: TRADE_PASSWORD },
    { lang: 'en-US', token: s.tokenReal },
  );
  expect(applied.body.code).toBe(0);
  const apps = await get(t.app, `/admin/api/placements/${p.id}/applications`, {}, as('finance'));
  expect(apps.body.data).toEqual([
    expect.objectContaining({
      userId: s.userId,
      accountType: 'real',
      state: 'applied',
      qty: 1000,
      amount: '10000.00',
    }),
  ]);
  const early = await post(t.app, `/admin/api/placements/${p.id}/allocate`, {}, as('finance'));
  expect(early.body.msg).toBe('The application window is still open; allocate after it closes');
  await t.db
    .updateTable('placements')
    .set({ closes_at: Date.now() - 1 })
    .where('id', '=', p.id)
    .execute();
  const done = await post(t.app, `/admin/api/placements/${p.id}/allocate`, {}, as('finance'));
  expect(done.body.data[0]).toMatchObject({ state: 'allocated', allocatedQty: 1000 });
  const again = await post(t.app, `/admin/api/placements/${p.id}/allocate`, {}, as('finance'));
  expect(again.body.msg).toBe('This placement has been allocated already');
  expect(await audits('placement.allocate')).toHaveLength(1);
  const missing = await post(t.app, '/admin/api/placements/999999/allocate', {}, as('finance'));
  expect(missing.body.msg).toBe('This placement does not exist');
});
