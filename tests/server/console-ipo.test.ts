// The console's IPO routes (finance, admin): create an offering (a bad field is a localised -1001 that stores
// nothing), list, allot (too early refused; the seed recorded) and mark listed, each audited as the operator;
// a kyc reviewer is refused.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { get, makeTestApp, post, type TestApp } from './helpers.ts';
import { asOperator, cookieOf, makeOperator } from './console-helpers.ts';
import { HOUR, offering } from './ipo-helpers.ts';

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
        .selectFrom('ipo_offerings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

it('creates, lists, allots and lists an offering; refusals are localised and change nothing', async () => {
  const now = Date.now();
  const form = {
    symbol: 'CNSL',
    company: 'Console Cement',
    price: '12.50',
    total: '100000',
    retail: '25000',
    max: '50000',
    opens: String(now - 3 * HOUR),
    closes: String(now - 2 * HOUR),
    allot: String(now - 2 * HOUR),
    payBy: String(now - HOUR),
    list: String(now - HOUR),
  };
  expect((await post(t.app, '/admin/api/ipo/offerings', form, as('kyc'))).body.code).toBe(-1001);
  const before = await count();
  const bad = await post(t.app, '/admin/api/ipo/offerings', { ...form, retail: '25100' }, as('finance'));
  expect(bad.body).toMatchObject({ code: -1001 });
  expect(bad.body.msg).toMatch(/^The offering is refused: retail shares must be a multiple of the lot/);
  const badUr = await post(
    t.app,
    '/admin/api/ipo/offerings',
    { ...form, price: '0' },
    { ...as('finance'), lang: 'ur-PK' },
  );
  expect(badUr.body.msg).toMatch(/^پیشکش مسترد/);
  expect(await count()).toBe(before);

  const created = await post(t.app, '/admin/api/ipo/offerings', form, as('finance'));
  expect(created.body.data).toMatchObject({
    symbol: 'CNSL',
    price: '12.50',
    lot: 500,
    minQty: 500,
    state: 'to_be_allocated',
  });
  const id = created.body.data.id as number;
  const list = await get(t.app, '/admin/api/ipo/offerings', {}, as('finance'));
  expect(list.body.data.map((o: { id: number }) => o.id)).toContain(id);

  const open = await offering(t);
  const early = await post(t.app, `/admin/api/ipo/offerings/${open.id}/allot`, {}, as('finance'));
  expect(early.body.msg).toBe('The subscription window is still open; the allotment runs after it closes');
  const allot = await post(t.app, `/admin/api/ipo/offerings/${id}/allot`, { seed: 'abc' }, as('finance'));
  expect(allot.body.data).toMatchObject({ state: 'allotted', seed: 'abc' });
  const again = await post(t.app, `/admin/api/ipo/offerings/${id}/allot`, {}, as('finance'));
  expect(again.body.msg).toBe('This offering has been allotted already');
  const listed = await post(t.app, `/admin/api/ipo/offerings/${id}/list`, {}, as('finance'));
  expect(listed.body.data.state).toBe('listed');
  const missing = await post(t.app, '/admin/api/ipo/offerings/999999/list', {}, as('finance'));
  expect(missing.body.msg).toBe('This IPO does not exist');
  const audit = await t.db
    .selectFrom('operator_audit')
    .select(['action', 'operator_id'])
    .where('subject_type', '=', 'ipo_offering')
    .where('subject_id', '=', String(id))
    .orderBy('id')
    .execute();
  expect(audit).toEqual([
    { action: 'ipo.create', operator_id: financeId },
    { action: 'ipo.allot', operator_id: financeId },
    { action: 'ipo.list', operator_id: financeId },
  ]);
});
