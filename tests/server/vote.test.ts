// Shareholder voting (issue 17 §8): `vote` and `index/vote/info`, the console's resolutions and the holders'
// messages. Holdings are granted through the ledger at chosen times, so the weight at the record date is known
// exactly: shares bought after the record date do not vote, shares sold after it still do. Every refusal is
// localised and changes nothing; 100 identical votes at once are one ballot; results only after the deadline,
// real and demo counted apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { postRecord } from '../../server/domain/ledger/post.ts';
import { createResolution, type ResolutionRow } from '../../server/domain/vote/vote-repo.ts';
import { sendVoteNotices } from '../../server/domain/vote/vote-notices.ts';
import { newClientId } from './withdraw-helpers.ts';
import { asOperator, cookieOf, makeOperator } from './console-helpers.ts';
import { get, makeTestApp, post, type TestApp } from './helpers.ts';
import { HOUR, subscriber, type Subscriber } from './ipo-helpers.ts';

let t: TestApp;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  t = await makeTestApp({ SIM_CHAIN_BLOCK_MS: '0', SIM_CHAIN_WATCH_MS: '0' });
  for (const role of ['kyc', 'finance']) cookies[role] = await cookieOf(t, await makeOperator(t, role));
});
afterAll(async () => t?.close());

let n = 0;
/** A fresh symbol per test (V + letters from a counter and the pid). */
function sym(): string {
  let k = (process.pid % 1000) * 10_000 + n++;
  let s = '';
  for (let i = 0; i < 6; i++) {
    s += String.fromCharCode(65 + (k % 26));
    k = Math.floor(k / 26);
  }
  return `V${s}`;
}

/** Moves `qty` shares of `symbol` into (or, negative, out of) the account's sellable book, dated `at`. */
async function shares(accountId: number, symbol: string, qty: bigint, at: number): Promise<void> {
  await postRecord(t.db, {
    kind: 'test_grant',
    ref: `vote-shares:${newClientId()}`,
    accountId,
    now: at,
    legs: [
      { system: 'test_funding', asset: symbol, amount: -qty },
      { accountId, book: 'shares', asset: symbol, amount: qty },
    ],
  });
}

async function resolution(symbol: string, recordAt: number, deadlineAt: number): Promise<ResolutionRow> {
  return createResolution(
    t.db,
    CLI_ACTOR,
    {
      symbol,
      meeting: 'agm',
      titleUr: 'سالانہ حسابات کی منظوری',
      titleEn: 'Adopt the annual accounts',
      bodyUr: 'نوٹس کا مکمل متن',
      bodyEn: 'The full text of the notice',
      options: [
        { ur: 'حق میں', en: 'For' },
        { ur: 'مخالفت', en: 'Against' },
        { ur: 'غیر جانبدار', en: 'Abstain' },
      ],
      recordAt,
      deadlineAt,
    },
    Date.now(),
  );
}

const vote = (s: Subscriber, id: number | string, option: string, token = s.tokenReal, lang = 'en-US') =>
  post(t.app, '/api/vote', { id: String(id), option }, { token, lang });
const info = (token: string, id?: number, lang = 'en-US') =>
  get(t.app, '/api/index/vote/info', id === undefined ? {} : { id: String(id) }, { token, lang });
const ballots = async (resolutionId: number) =>
  t.db.selectFrom('vote_ballots').selectAll().where('resolution_id', '=', resolutionId).execute();
const closeNow = (id: number) =>
  t.db
    .updateTable('vote_resolutions')
    .set({ deadline_at: Date.now() - 1 })
    .where('id', '=', id)
    .execute();

describe('a holder at the record date', () => {
  it('votes with the shares held then, changes the vote until the deadline, and sees results after it', async () => {
    const symbol = sym();
    const now = Date.now();
    const a = await subscriber(t);
    await shares(a.accountId, symbol, 300n, now - 3 * HOUR);
    await shares(a.accountId, symbol, 200n, now - HOUR); // after the record date: does not vote
    const r = await resolution(symbol, now - 2 * HOUR, now + HOUR);

    const listed = await info(a.tokenReal);
    expect(listed.body.code).toBe(0);
    const mine = listed.body.data.list.find((x: { id: number }) => x.id === r.id);
    expect(mine).toMatchObject({ state: 'open', shares: '300', myChoice: null, results: null, body: '' });
    expect(mine.options).toEqual(['For', 'Against', 'Abstain']);

    const first = await vote(a, r.id, '0');
    expect(first.body).toMatchObject({ code: 0, data: { myChoice: 0, shares: '300', changes: 0 } });
    const changed = await vote(a, r.id, '1', a.tokenReal, 'ur-PK');
    expect(changed.body).toMatchObject({
      code: 0,
      data: { myChoice: 1, changes: 1, title: 'سالانہ حسابات کی منظوری' },
    });
    expect(await ballots(r.id)).toHaveLength(1);

    const one = await info(a.tokenReal, r.id, 'ur-PK');
    expect(one.body.data.list[0]).toMatchObject({ body: 'نوٹس کا مکمل متن', myChoice: 1, results: null });

    await closeNow(r.id);
    const late = await vote(a, r.id, '2');
    expect(late.body.code).toBe(-1001);
    expect(late.body.msg).toMatch(/deadline has passed/);
    const after = await info(a.tokenReal, r.id);
    expect(after.body.data.list[0]).toMatchObject({
      state: 'closed',
      myChoice: 1,
      results: { totals: ['0', '300', '0'], voted: '300', eligible: '300', voters: 1, turnoutBp: 10000 },
    });
  });

  it('a holder who sold after the record date still votes; demo ballots are counted apart', async () => {
    const symbol = sym();
    const now = Date.now();
    const a = await subscriber(t);
    const b = await subscriber(t);
    await shares(a.accountId, symbol, 100n, now - 3 * HOUR);
    await shares(a.accountId, symbol, -100n, now - HOUR);
    await shares(b.accountId, symbol, 300n, now - 3 * HOUR);
    await shares(b.demoAccountId, symbol, 1000n, now - 3 * HOUR);
    const r = await resolution(symbol, now - 2 * HOUR, now + HOUR);
    expect((await vote(a, r.id, '0')).body.code).toBe(0);
    expect((await vote(b, r.id, '2', b.tokenDemo)).body.data).toMatchObject({ shares: '1000', myChoice: 2 });
    await closeNow(r.id);
    const real = (await info(a.tokenReal, r.id)).body.data.list[0].results;
    // b's real 300 shares were eligible but did not vote: turnout 100 / 400
    expect(real).toEqual({
      totals: ['100', '0', '0'],
      voted: '100',
      eligible: '400',
      voters: 1,
      turnoutBp: 2500,
    });
    const demo = (await info(b.tokenDemo, r.id)).body.data.list[0].results;
    expect(demo).toEqual({
      totals: ['0', '0', '1000'],
      voted: '1000',
      eligible: '1000',
      voters: 1,
      turnoutBp: 10000,
    });
  });

  it('100 identical votes at once are one ballot, counted once', async () => {
    const symbol = sym();
    const now = Date.now();
    const a = await subscriber(t);
    await shares(a.accountId, symbol, 700n, now - 3 * HOUR);
    const r = await resolution(symbol, now - 2 * HOUR, now + HOUR);
    const answers = await Promise.all(Array.from({ length: 100 }, () => vote(a, r.id, '0')));
    expect(answers.every((x) => x.body.code === 0)).toBe(true);
    const rows = await ballots(r.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ choice: 0, changes: 0 });
    await closeNow(r.id);
    const res = (await info(a.tokenReal, r.id)).body.data.list[0].results;
    expect(res).toMatchObject({ totals: ['700', '0', '0'], voted: '700', voters: 1 });
  });
});

describe('refusals change nothing', () => {
  it('refuses non-holders, other companies, bad input, not yet open and closed resolutions', async () => {
    const symbol = sym();
    const now = Date.now();
    const a = await subscriber(t);
    const stranger = await subscriber(t);
    await shares(a.accountId, symbol, 50n, now - 3 * HOUR);
    // the stranger bought only after the record date
    await shares(stranger.accountId, symbol, 50n, now - HOUR);
    const r = await resolution(symbol, now - 2 * HOUR, now + HOUR);
    const upcoming = await resolution(symbol, now + HOUR, now + 2 * HOUR);
    expect((await vote(a, r.id, '0')).body.code).toBe(0);
    const before = await ballots(r.id);

    const notHolder = await vote(stranger, r.id, '0', stranger.tokenReal, 'ur-PK');
    expect(notHolder.body.code).toBe(-1001);
    expect(notHolder.body.msg).toMatch(/ریکارڈ کی تاریخ/);
    expect((await vote(stranger, r.id, '0')).body.msg).toMatch(/Only holders/);
    // the stranger cannot read it either, nor see another account's ballot
    expect((await info(stranger.tokenReal, r.id)).body).toMatchObject({ code: -1001 });
    const strangersList = (await info(stranger.tokenReal)).body.data.list;
    expect(strangersList.find((x: { id: number }) => x.id === r.id)).toBeUndefined();
    // a's demo account never held it
    expect((await vote(a, r.id, '1', a.tokenDemo)).body.msg).toMatch(/Only holders/);

    const badOption = await vote(a, r.id, '3');
    expect(badOption.body).toMatchObject({ code: -1001, field: 'option' });
    for (const [id, option] of [
      ['0', '0'],
      ['abc', '0'],
      [String(r.id), 'x'],
      [String(r.id), '10'],
      [String(r.id), ''],
    ] as const) {
      const res = await vote(a, id, option);
      expect(res.body.code, `${id}/${option}`).toBe(-1001);
    }
    expect((await post(t.app, '/api/vote', {}, { token: a.tokenReal })).body.code).toBe(-1001);
    expect((await vote(a, 99_999_999, '0')).body.msg).toMatch(/not found/);
    expect((await vote(a, upcoming.id, '0')).body.msg).toMatch(/has not opened/);
    expect((await post(t.app, '/api/vote', { id: String(r.id), option: '0' })).body.code).toBe(-1000);

    expect(await ballots(r.id)).toEqual(before);
    expect(await ballots(upcoming.id)).toEqual([]);
    // the upcoming one is listed for a current holder, with the shares held now
    const list = (await info(a.tokenReal)).body.data.list;
    expect(list.find((x: { id: number }) => x.id === upcoming.id)).toMatchObject({
      state: 'upcoming',
      shares: '50',
    });
  });
});

describe('the console and the messages', () => {
  const form = (symbol: string, now: number) => ({
    symbol,
    meeting: 'eogm',
    titleUr: 'خصوصی قرارداد',
    titleEn: 'Special resolution',
    bodyUr: 'متن',
    bodyEn: 'Text',
    options: 'حق میں | For\nمخالفت | Against',
    record: String(now - HOUR),
    deadline: String(now + HOUR),
  });
  const count = async () => (await t.db.selectFrom('vote_resolutions').select('id').execute()).length;

  it('finance creates a resolution (audited); bad fields and other roles are refused with nothing stored', async () => {
    const now = Date.now();
    const symbol = sym();
    const before = await count();
    const as = (role: string) => asOperator(cookies[role] ?? '');
    expect((await post(t.app, '/admin/api/vote/resolutions', form(symbol, now), as('kyc'))).body.code).toBe(
      -1001,
    );
    const bad = await post(
      t.app,
      '/admin/api/vote/resolutions',
      { ...form(symbol, now), options: 'For only' },
      as('finance'),
    );
    expect(bad.body.msg).toMatch(/^The resolution is refused: options/);
    const past = await post(
      t.app,
      '/admin/api/vote/resolutions',
      { ...form(symbol, now), deadline: String(now - 1) },
      { ...as('finance'), lang: 'ur-PK' },
    );
    expect(past.body.msg).toMatch(/^قرارداد رد/);
    expect(await count()).toBe(before);

    const ok = await post(
      t.app,
      '/admin/api/vote/resolutions',
      form(symbol.toLowerCase(), now),
      as('finance'),
    );
    expect(ok.body).toMatchObject({
      code: 0,
      data: {
        symbol,
        meeting: 'eogm',
        state: 'open',
        options: [{ ur: 'حق میں', en: 'For' }, { en: 'Against' }],
      },
    });
    const audit = await t.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('action', '=', 'vote.create')
      .where('subject_id', '=', String(ok.body.data.id))
      .execute();
    expect(audit).toHaveLength(1);
    const list = await get(t.app, '/admin/api/vote/resolutions', {}, as('finance'));
    expect(list.body.data[0]).toMatchObject({ id: ok.body.data.id, real: null, demo: null });
  });

  it('tells each holder once when voting opens and when the results are out', async () => {
    const symbol = sym();
    const now = Date.now();
    const a = await subscriber(t);
    await shares(a.accountId, symbol, 40n, now - 3 * HOUR);
    const r = await resolution(symbol, now - 2 * HOUR, now + HOUR);
    const mine = () =>
      t.db
        .selectFrom('user_messages')
        .select(['text_key', 'link'])
        .where('user_id', '=', a.userId)
        .where('kind', '=', 'vote')
        .orderBy('id')
        .execute();
    await sendVoteNotices(t.db, Date.now());
    await sendVoteNotices(t.db, Date.now());
    expect(await mine()).toEqual([{ text_key: 'voteOpened', link: `/pages/stock/voteUrl?id=${r.id}` }]);
    await closeNow(r.id);
    await sendVoteNotices(t.db, Date.now());
    await sendVoteNotices(t.db, Date.now());
    expect((await mine()).map((m) => m.text_key)).toEqual(['voteOpened', 'voteResults']);
  });
});
