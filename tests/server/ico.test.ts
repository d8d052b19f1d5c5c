// Coin ICO through the API (coin/new/*, coin/order/new/apply and list) and the console: committing freezes the
// USDT in the spot account, every refusal is -1001 with its message and changes nothing, another user's
// commitments are never listed, 100 identical commits are one, and the distribution spends or refunds every
// frozen micro-USDT exactly once (tokens credited, never more than offered; the ledger's self-check stays clean).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { distributeSale, icoIssuer, listSale } from '../../server/domain/ico/ico-operator.ts';
import { sysAcct } from '../../server/domain/ledger/books.ts';
import { balanceOf } from '../../server/domain/ledger/ledger-repo.ts';
import { ledgerSelfCheck } from '../../server/domain/ledger/self-check.ts';
import { TRADE_PASSWORD } from '../support/cheap-trader.ts';
import { asOperator, cookieOf, makeOperator } from './console-helpers.ts';
import { get, makeTestApp, post, type TestApp } from './helpers.ts';
import { bookOf, icoCounts, sale, U } from './ico-helpers.ts';
import { HOUR, subscriber, type Subscriber } from './ipo-helpers.ts';
import { grant, newClientId } from './withdraw-helpers.ts';

let t: TestApp;
let finance = '';
beforeAll(async () => {
  t = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '100000' });
  finance = await cookieOf(t, await makeOperator(t, 'finance'));
});
afterAll(() => t?.close());

const en = { lang: 'en-US' };
const USDT = 'USDT';

async function committer(usdt = 1_000n * U, kyc = true): Promise<Subscriber> {
  const s = await subscriber(t, { kyc });
  await grant(t.db, s.accountId, 'USDT', usdt);
  return s;
}

const commit = (s: Subscriber, saleId: number, body: Record<string, string> = {}, token = s.tokenReal) =>
  post(
    t.app,
    '/api/coin/order/new/apply',
    {
      saleId: String(saleId),
      amount: '100',
      clientId: newClientId(),
      tradePassword: TRADE_PASSWORD,
      ...body,
    },
    { ...en, token },
  );

const closeNow = (id: number) =>
  t.db
    .updateTable('ico_sales')
    .set({ closes_at: Date.now() - 1 })
    .where('id', '=', id)
    .execute();

describe('coin/order/new/apply', () => {
  it('freezes the USDT and answers the commitment; list and info show it', async () => {
    const s0 = await sale(t);
    const s = await committer();
    const res = await commit(s, s0.id, { amount: '150.5' });
    expect(res.body).toMatchObject({ code: 0 });
    expect(res.body.data).toMatchObject({
      saleId: s0.id,
      token: s0.token,
      pair: `${s0.token}USDT`,
      state: 'committed',
      price: '0.500000',
      amount: '150.500000',
      frozen: '150.500000',
      tokens: '0.00',
      refunded: '0.000000',
    });
    expect(await bookOf(t, s.accountId, 'cash', USDT)).toBe(849_500_000n);
    expect(await bookOf(t, s.accountId, 'frozen', USDT)).toBe(150_500_000n);
    const list = await get(t.app, '/api/coin/order/new/list', {}, { ...en, token: s.tokenReal });
    expect(list.body.data).toMatchObject({ total: 1, page: 1, size: 20 });
    const info = await get(t.app, '/api/coin/new/info', { id: String(s0.id) }, en);
    expect(info.body.data).toMatchObject({
      state: 'subscribing',
      committed: '150.500000',
      committers: 1,
      tokensOffered: '1000.00',
      minCommit: '10.000000',
      maxCommit: '400.000000',
      rule: 'pro-rata-largest-remainder/v1',
      oversubscription: '0.30',
    });
    expect(info.body.data.ruleText).toContain('Pro rata');
    const ur = await get(t.app, '/api/coin/new/info', { id: String(s0.id) }, { lang: 'ur-PK' });
    expect(ur.body.data.ruleText).toContain('تناسب');
    // the demo pool is shown to a demo account: nothing committed there
    const demo = await get(t.app, '/api/coin/new/info', { id: String(s0.id) }, { ...en, token: s.tokenDemo });
    expect(demo.body.data).toMatchObject({ committed: '0.000000', committers: 0 });
  });

  it('lists by state: subscribing, coming, ended, today', async () => {
    const open = await sale(t);
    const coming = await sale(t, {}, HOUR);
    const ended = await sale(t);
    await closeNow(ended.id);
    const ids = async (path: string, q: Record<string, string> = {}) =>
      ((await get(t.app, path, q, en)).body.data as { id: number }[]).map((x) => x.id);
    expect(await ids('/api/coin/new/list')).toContain(open.id);
    expect(await ids('/api/coin/new/list')).not.toContain(ended.id);
    expect(await ids('/api/coin/new/list/coming')).toContain(coming.id);
    expect(await ids('/api/coin/new/list', { state: 'ended' })).toContain(ended.id);
    expect((await get(t.app, '/api/coin/new/list', { state: 'nope' }, en)).body.code).toBe(-1001);
    expect((await get(t.app, '/api/coin/new/today', {}, en)).body.code).toBe(0);
  });

  const refusals: Array<[string, Record<string, string>, string, string?]> = [
    ['below the minimum', { amount: '9.99' }, 'The smallest commitment is 10.000000 USDT', 'amount'],
    [
      'above the cap',
      { amount: '400.000001' },
      'The most one account may commit is 400.000000 USDT',
      'amount',
    ],
    [
      'more than the balance',
      { amount: '300' },
      'Your spot account does not have 300.000000 USDT available, so it cannot be committed',
    ],
    ['a wrong transaction password', { tradePassword: '000000' }, ''],
    ['an unknown sale', { saleId: '999999999' }, 'This token sale does not exist', 'saleId'],
    ['a zero amount', { amount: '0' }, 'Enter a USDT amount above zero with at most 6 decimals', 'amount'],
    ['7 decimals', { amount: '10.0000001' }, '', 'amount'],
    ['a negative amount', { amount: '-10' }, '', 'amount'],
    ['an amount that is not a number', { amount: '1e3' }, '', 'amount'],
    ['a bad client id', { clientId: 'x' }, '', 'clientId'],
  ];
  for (const [what, body, msg, field] of refusals) {
    it(`refuses ${what} and changes nothing`, async () => {
      const s0 = await sale(t);
      const s = await committer(200n * U);
      const before = await icoCounts(t);
      const res = await commit(s, s0.id, body);
      expect(res.body.code).toBe(-1001);
      if (msg) expect(res.body.msg).toBe(msg);
      if (field) expect(res.body).toMatchObject({ field });
      expect(await icoCounts(t)).toEqual(before);
      expect(await bookOf(t, s.accountId, 'cash', USDT)).toBe(200n * U);
      expect(await bookOf(t, s.accountId, 'frozen', USDT)).toBe(0n);
    });
  }

  it('refuses without KYC, upcoming and closed sales, a second commitment and no session', async () => {
    const s0 = await sale(t);
    const upcoming = await sale(t, {}, HOUR);
    const closed = await sale(t);
    await closeNow(closed.id);
    const s = await committer();
    const noKyc = await committer(1_000n * U, false);
    expect((await commit(s, s0.id)).body.code).toBe(0);
    const before = await icoCounts(t);
    expect((await commit(noKyc, s0.id)).body.msg).toBe('Please complete KYC first');
    expect((await commit(s, upcoming.id)).body.msg).toBe('This token sale is not open for commitments now');
    expect((await commit(s, closed.id)).body.msg).toBe('This token sale is not open for commitments now');
    expect((await commit(s, s0.id)).body.msg).toBe('You have already committed to this token sale');
    expect((await commit(s, s0.id, {}, '')).body.code).toBe(-1000);
    expect((await get(t.app, '/api/coin/order/new/list', {}, en)).body.code).toBe(-1000);
    expect(await icoCounts(t)).toEqual(before);
  });

  it('the demo account commits without KYC from its own USDT; another user never sees a commitment', async () => {
    const s0 = await sale(t);
    const s = await committer(0n, false);
    await grant(t.db, s.demoAccountId, 'USDT', 50n * U);
    expect((await commit(s, s0.id, { amount: '20' }, s.tokenDemo)).body.code).toBe(0);
    expect(await bookOf(t, s.demoAccountId, 'frozen', USDT)).toBe(20n * U);
    const other = await committer();
    const theirs = await get(t.app, '/api/coin/order/new/list', {}, { ...en, token: other.tokenReal });
    expect(theirs.body.data).toMatchObject({ total: 0, list: [] });
    const real = await get(t.app, '/api/coin/order/new/list', {}, { ...en, token: s.tokenReal });
    expect(real.body.data.total).toBe(0);
  });

  it('100 identical commits at once: one commitment, one freeze, every answer the same', async () => {
    const s0 = await sale(t);
    const s = await committer();
    const clientId = newClientId();
    const answers = await Promise.all(Array.from({ length: 100 }, () => commit(s, s0.id, { clientId })));
    expect(answers.every((a) => a.body.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await bookOf(t, s.accountId, 'frozen', USDT)).toBe(100n * U);
  });

  it('100 commits with different clientIds at once: exactly one is accepted', async () => {
    const s0 = await sale(t);
    const s = await committer();
    const answers = await Promise.all(Array.from({ length: 100 }, () => commit(s, s0.id)));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(
      answers.filter((a) => a.body.msg === 'You have already committed to this token sale'),
    ).toHaveLength(99);
    expect(await bookOf(t, s.accountId, 'frozen', USDT)).toBe(100n * U);
  });
});

describe('distribution and listing', () => {
  it('oversubscribed: pro rata, tokens credited, the rest refunded at once, every micro-USDT once', async () => {
    // 1,000.00 tokens at 0.50: 500 USDT buys everything; three commit 400 + 300 + 100.01 = 800.01 USDT
    const s0 = await sale(t);
    const a = await committer();
    const b = await committer();
    const c = await committer();
    const d = await committer(0n, false);
    await grant(t.db, d.demoAccountId, 'USDT', 100n * U);
    expect((await commit(a, s0.id, { amount: '400' })).body.code).toBe(0);
    expect((await commit(b, s0.id, { amount: '300' })).body.code).toBe(0);
    expect((await commit(c, s0.id, { amount: '100.01' })).body.code).toBe(0);
    expect((await commit(d, s0.id, { amount: '50' }, d.tokenDemo)).body.code).toBe(0);
    await expect(distributeSale(t.db, CLI_ACTOR, s0.id, Date.now())).rejects.toThrow(/open until/);
    await closeNow(s0.id);
    const run = await distributeSale(t.db, CLI_ACTOR, s0.id, Date.now());
    expect(run.commitments).toBe(4);
    await expect(distributeSale(t.db, CLI_ACTOR, s0.id, Date.now())).rejects.toThrow(/distributed already/);

    // wants 80000 + 60000 + 20002 = 160002 units for 100000 offered:
    // a 49999.375… → 49999, b 37499.53… → 37499, c 12501.09… → 12501; 1 left → b (largest remainder)
    const won = { a: 49_999n, b: 37_500n, c: 12_501n };
    const rows = (await get(t.app, '/api/coin/order/new/list', {}, { ...en, token: b.tokenReal })).body.data
      .list;
    expect(rows[0]).toMatchObject({
      state: 'distributed',
      tokens: '375.00',
      spent: '187.500000',
      refunded: '112.500000',
      frozen: '0.000000',
    });
    let spent = 0n;
    for (const [who, s, committed] of [
      ['a', a, 400n * U],
      ['b', b, 300n * U],
      ['c', c, 100_010_000n],
    ] as const) {
      const tokens = won[who];
      const cost = (tokens * 500_000n) / 100n;
      spent += cost;
      expect(await bookOf(t, s.accountId, 'cash', s0.token)).toBe(tokens);
      expect(await bookOf(t, s.accountId, 'frozen', USDT)).toBe(0n);
      expect(await bookOf(t, s.accountId, 'cash', USDT)).toBe(1_000n * U - cost);
      expect(committed - cost >= 0n).toBe(true);
    }
    // the demo pool alone is undersubscribed: 50 USDT buys 100.00 tokens, nothing refunded
    expect(await bookOf(t, d.demoAccountId, 'cash', s0.token)).toBe(10_000n);
    expect(await bookOf(t, d.demoAccountId, 'frozen', USDT)).toBe(0n);
    const issuer = await sysAcct(t.db, icoIssuer(s0.id));
    expect(await balanceOf(t.db, issuer, USDT)).toBe(spent + 50n * U);
    expect(await balanceOf(t.db, issuer, s0.token)).toBe(-(100_000n + 10_000n));
    const info = (await get(t.app, '/api/coin/new/info', { id: String(s0.id) }, en)).body.data;
    expect(info).toMatchObject({ state: 'distributed', soldTokens: '1000.00' });
    const msgs = await t.db.selectFrom('user_messages').selectAll().where('user_id', '=', a.userId).execute();
    expect(msgs.map((m) => m.text_key)).toContain('icoDistributed');
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);

    await expect(listSale(t.db, CLI_ACTOR, s0.id, Date.now())).rejects.toThrow(/lists at/);
    await t.db
      .updateTable('ico_sales')
      .set({ distribute_at: Date.now() - 1, list_at: Date.now() - 1 })
      .where('id', '=', s0.id)
      .execute();
    const listed = await listSale(t.db, CLI_ACTOR, s0.id, Date.now());
    expect(listed.phase).toBe('listed');
    const m2 = await t.db
      .selectFrom('user_messages')
      .selectAll()
      .where('user_id', '=', a.userId)
      .where('text_key', '=', 'icoListed')
      .execute();
    expect(m2[0]!.link).toBe(`/pages/coin/coinKline?symbol=${s0.token}USDT`);
  });

  it('undersubscribed: everyone gets what they paid for; a sale with no commitments distributes cleanly', async () => {
    const s0 = await sale(t);
    const a = await committer();
    expect((await commit(a, s0.id, { amount: '10.005' })).body.code).toBe(0);
    await closeNow(s0.id);
    await distributeSale(t.db, CLI_ACTOR, s0.id, Date.now());
    // 10.005 USDT at 0.50 = 20.01 tokens, exactly
    expect(await bookOf(t, a.accountId, 'cash', s0.token)).toBe(2_001n);
    expect(await bookOf(t, a.accountId, 'cash', USDT)).toBe(1_000n * U - 10_005_000n);
    const empty = await sale(t);
    await closeNow(empty.id);
    expect((await distributeSale(t.db, CLI_ACTOR, empty.id, Date.now())).commitments).toBe(0);
    expect((await ledgerSelfCheck(t.db)).ok).toBe(true);
  });
});

describe('console /admin/api/ico', () => {
  const as = () => asOperator(finance);
  it('creates, lists, distributes and lists a sale; refusals are localised and change nothing', async () => {
    const now = Date.now();
    const form = {
      token: 'CNSLT',
      nameEn: 'Console Token',
      nameUr: 'کنسول ٹوکن',
      decimals: '2',
      price: '0.25',
      offered: '5000',
      min: '5',
      cap: '100',
      opens: String(now - 3 * HOUR),
      closes: String(now - 2 * HOUR),
      distribute: String(now - 2 * HOUR),
      list: String(now - HOUR),
    };
    const before = await icoCounts(t);
    const bad = await post(t.app, '/admin/api/ico/sales', { ...form, cap: '1' }, as());
    expect(bad.body.msg).toMatch(/^The token sale is refused: the per-user cap/);
    const btc = await post(t.app, '/admin/api/ico/sales', { ...form, token: 'BTC' }, as());
    expect(btc.body.msg).toMatch(/already an asset or a market symbol/);
    const ur = await post(t.app, '/admin/api/ico/sales', { ...form, price: '0' }, { ...as(), lang: 'ur-PK' });
    expect(ur.body.msg).toMatch(/^ٹوکن سیل مسترد/);
    const anon = await post(t.app, '/admin/api/ico/sales', form, en);
    expect(anon.body.code).not.toBe(0);
    expect(await icoCounts(t)).toEqual(before);

    const created = await post(t.app, '/admin/api/ico/sales', form, as());
    expect(created.body.data).toMatchObject({ token: 'CNSLT', price: '0.250000', state: 'calculating' });
    const id = created.body.data.id as number;
    const list = await get(t.app, '/admin/api/ico/sales', {}, as());
    expect(list.body.data.map((s: { id: number }) => s.id)).toContain(id);
    const early = await post(t.app, `/admin/api/ico/sales/${id}/list`, {}, as());
    expect(early.body.msg).toMatch(/^This token cannot be listed now/);
    const dist = await post(t.app, `/admin/api/ico/sales/${id}/distribute`, {}, as());
    expect(dist.body.data).toMatchObject({ state: 'distributed' });
    const again = await post(t.app, `/admin/api/ico/sales/${id}/distribute`, {}, as());
    expect(again.body.msg).toBe('This token sale has been distributed already');
    const listed = await post(t.app, `/admin/api/ico/sales/${id}/list`, {}, as());
    expect(listed.body.data).toMatchObject({ state: 'listed' });
    const audit = await t.db
      .selectFrom('operator_audit')
      .select('action')
      .where('subject_type', '=', 'ico_sale')
      .where('subject_id', '=', String(id))
      .execute();
    expect(audit.map((r) => r.action).sort()).toEqual(['ico.create', 'ico.distribute', 'ico.list']);
  });
});
