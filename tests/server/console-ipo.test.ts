// The console's IPO routes (finance, admin): create an offering (a bad field is a localised -1001 that stores
// nothing), list, allot (too early refused; the seed recorded) and mark listed, each audited as the operator;
// a kyc reviewer is refused.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { get, makeTestApp, post, type TestApp } from './helpers.ts';
import { asOperator, cookieOf, makeOperator } from './console-helpers.ts';
import { HOUR, offering, subscriber } from './ipo-helpers.ts';
import { runAutoApplyPass, setAutoApply } from '../../server/domain/ipo/auto-apply.ts';

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

// ---- ipo auto-apply session: every refusal's detail in the operator's language; the allotment per application
it('says what is wrong with a new offering in Urdu or English, field names included', async () => {
  const now = Date.now();
  const form = {
    symbol: 'CNSU',
    company: 'Console Urdu',
    price: '10',
    total: '100000',
    retail: '25000',
    max: '50000',
    opens: String(now),
    closes: String(now + HOUR),
    allot: String(now + HOUR),
    payBy: String(now + HOUR),
    list: String(now + HOUR),
  };
  const ur = { ...as('finance'), lang: 'ur-PK' };
  const en = { ...as('finance'), lang: 'en-US' };
  const before = await count();
  for (const [fields, urText, enText] of [
    [
      { retail: '25100' },
      'ریٹیل شیئرز لاٹ (500) کا مضرب ہو',
      'retail shares must be a multiple of the lot (500)',
    ],
    [{ max: 'x' }, 'زیادہ سے زیادہ درخواست مثبت پورا عدد ہو', 'maximum must be a positive whole number'],
    [
      { opens: 'tomorrow' },
      'سبسکرپشن کھلنے کا وقت تاریخ اور وقت ہو',
      'subscription opens must be a date and time',
    ],
    [{ closes: String(now - 1) }, 'تاریخیں ترتیب میں ہوں', 'dates must be in order'],
    [{ price: '1.234' }, 'قیمت زیادہ سے زیادہ 2 اعشاریہ', 'price must be a positive PKR amount'],
    // Beyond what the market simulator can walk exactly (a JS number of paisa): refused, not rounded.
    [{ price: '1000000.01' }, 'قیمت فی حصص', 'price must be at most PKR 1,000,000 a share'],
    [{ price: '99999999999.99' }, 'قیمت فی حصص', 'price must be at most PKR 1,000,000 a share'],
  ] as const) {
    const u = await post(t.app, '/admin/api/ipo/offerings', { ...form, ...fields }, ur);
    expect(u.body.code).toBe(-1001);
    expect(u.body.msg).toContain(urText);
    expect(u.body.msg).not.toMatch(/must|shares/);
    const e = await post(t.app, '/admin/api/ipo/offerings', { ...form, ...fields }, en);
    expect(e.body.msg).toContain(enText);
  }
  expect(await count()).toBe(before);
});

it('answers the allotment per application: pool, lottery count, won shares, automatic or not', async () => {
  const o = await offering(t);
  const one = await get(t.app, `/admin/api/ipo/offerings/${o.id}/applications`, {}, as('finance'));
  expect(one.body.data).toEqual({ offeringId: o.id, applications: 0, lots: 0, wonQty: 0, list: [] });
  expect((await get(t.app, `/admin/api/ipo/offerings/${o.id}/applications`, {}, as('kyc'))).body.code).toBe(
    -1001,
  );
  const s = await subscriber(t, { kyc: false });
  await setAutoApply(
    t.db,
    { userId: s.userId, accountId: s.demoAccountId, accountType: 'demo' },
    true,
    null,
    Date.now(),
  );
  await runAutoApplyPass(t.db, Date.now());
  const after = await get(t.app, `/admin/api/ipo/offerings/${o.id}/applications`, {}, as('finance'));
  expect(after.body.data).toMatchObject({ applications: 1, lots: 1, wonQty: 0 });
  expect(after.body.data.list).toEqual([
    expect.objectContaining({ account: 'demo', state: 'applied', qty: 500, lots: 1, wonQty: 0, auto: true }),
  ]);
  const missing = await get(t.app, '/admin/api/ipo/offerings/999999/applications', {}, as('finance'));
  expect(missing.body).toMatchObject({ code: -1001, msg: 'This IPO does not exist' });
  expect((await get(t.app, '/admin/api/ipo/offerings/abc/applications', {}, as('finance'))).body.code).toBe(
    -1001,
  );
});
