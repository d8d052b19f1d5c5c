// Deposit calls (issue 15): bank, wallet and offline requests, records and their object-level scoping, the
// operator's credit and reject, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { setChannelPassword } from '../../server/domain/deposits/channel-password.ts';
import { creditDeposit, listDeposits, rejectDeposit } from '../../server/domain/deposits/deposit-review.ts';
import { REFERENCE_PATTERN } from '../../server/domain/deposits/deposit-reference.ts';
import { cashOf } from '../../server/domain/ledger/books.ts';
import { writeSetting } from '../../server/domain/settings/settings-repo.ts';
import type { Db } from '../../server/db/database.ts';
import { get, makeTestApp, post, registerUser, rowCounts, type TestApp } from './helpers.ts';

let t: TestApp;
let n = 0;
const cid = () => `test-client-${Date.now()}-${++n}`;

async function counts(db: Db) {
  const base = await rowCounts(db);
  for (const table of ['deposits', 'crypto_addresses', 'operator_audit'] as const) {
    const r = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    base[table] = Number(r.n);
  }
  return base;
}

async function verifiedUser() {
  const u = await registerUser(t.app);
  await t.db.updateTable('users').set({ id_status: 'succ' }).where('id', '=', u.user.id).execute();
  return u;
}

async function bankAccountId(): Promise<string> {
  const r = await get(t.app, '/api/index/bank/recharge', {}, { token: (await verifiedUser()).tokenReal });
  const bank = (r.body.data.list as { id: number; channel: string }[]).find((a) => a.channel === 'bank');
  return String(bank!.id);
}

beforeAll(async () => {
  t = await makeTestApp({ SIM_CHAIN_BLOCK_MS: '0', SIM_CHAIN_WATCH_MS: '0' });
});
afterAll(async () => {
  await t?.close();
});

describe('settings calls', () => {
  it('common/props answers every public setting and the {0} templates, in the asked language', async () => {
    const r = await get(t.app, '/api/common/props', {}, { lang: 'en-US' });
    expect(r.body.code).toBe(0);
    expect(r.body.data.values['deposit.min']).toBe('500.00');
    expect(r.body.data.values['deposit.channels']).toEqual(['bank', 'wallet', 'offline', 'crypto']);
    const min = r.body.data.templates.find((x: { key: string }) => x.key === 'deposit.min');
    expect(min).toEqual({ key: 'deposit.min', template: 'Minimum deposit: {0} PKR', value: '500.00' });
    const ur = await get(t.app, '/api/common/props');
    expect(ur.body.data.templates[0].template).toMatch(/[\u0600-\u06FF]/);
  });

  it('common/prop answers one key and refuses an unknown one', async () => {
    const r = await get(t.app, '/api/common/prop', { key: 'deposit.max' });
    expect(r.body.data).toMatchObject({ key: 'deposit.max', value: '10000000.00' });
    expect(r.body.data.template).toContain('{0}');
    const bad = await get(t.app, '/api/common/prop', { key: 'nope' }, { lang: 'en-US' });
    expect(bad.body).toMatchObject({ code: -1001, msg: 'There is no such setting', field: 'key' });
  });

  it('the contract lists exactly the registry public keys', async () => {
    const { SETTINGS } = await import('../../server/domain/settings/registry.ts');
    const { PublicSettings } = await import('../../contract/settings.ts');
    const publicKeys = Object.entries(SETTINGS)
      .filter(([, d]) => d.public)
      .map(([k]) => k)
      .sort();
    expect(Object.keys(PublicSettings.properties).sort()).toEqual(publicKeys);
  });
});

describe('user/recharge/add', () => {
  it('creates one pending bank deposit with a reference and the receiving account', async () => {
    const u = await verifiedUser();
    const accountId = await bankAccountId();
    const r = await post(
      t.app,
      '/api/user/recharge/add',
      { channel: 'bank', amount: '1500.50', clientId: cid(), receivingAccountId: accountId },
      { token: u.tokenReal },
    );
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({
      channel: 'bank',
      asset: 'PKR',
      amount: '1500.50',
      status: 'pending',
    });
    expect(r.body.data.reference).toMatch(REFERENCE_PATTERN);
    expect(r.body.data.receivingAccount.number).toMatch(/^PK\d{2}[A-Z]{4}\d{16}$/);
  });

  it('refuses without a token (-1000), and each bad input with -1001, storing nothing', async () => {
    const u = await verifiedUser();
    const accountId = await bankAccountId();
    const none = await post(t.app, '/api/user/recharge/add', {
      channel: 'bank',
      amount: '1000',
      clientId: cid(),
    });
    expect(none.body.code).toBe(-1000);
    const before = await counts(t.db);
    const bad: [Record<string, string>, string, string | undefined][] = [
      [
        { channel: 'bank', amount: '100', clientId: cid(), receivingAccountId: accountId },
        'The minimum deposit is 500.00 PKR',
        'amount',
      ],
      [
        { channel: 'bank', amount: '20000000', clientId: cid(), receivingAccountId: accountId },
        'The maximum single deposit is 10000000.00 PKR',
        'amount',
      ],
      [
        { channel: 'bank', amount: '1000', clientId: cid() },
        'Please choose the account you are paying into',
        'receivingAccountId',
      ],
      [
        { channel: 'wallet', amount: '1000', clientId: cid(), receivingAccountId: accountId },
        'This receiving account is not available, please choose another',
        'receivingAccountId',
      ],
      [
        { channel: 'bank', amount: '1000', clientId: cid(), receivingAccountId: '999999' },
        'This receiving account is not available, please choose another',
        'receivingAccountId',
      ],
      [
        { channel: 'offline', amount: '1000', clientId: cid() },
        'Please enter the channel password',
        'channelPassword',
      ],
      [{ channel: 'bank', amount: '-5', clientId: cid(), receivingAccountId: accountId }, '', 'amount'],
      [{ channel: 'bank', amount: '1000.001', clientId: cid(), receivingAccountId: accountId }, '', 'amount'],
      [{ channel: 'cash', amount: '1000', clientId: cid() }, '', 'channel'],
      [{ channel: 'bank', amount: '1000', clientId: 'short', receivingAccountId: accountId }, '', 'clientId'],
    ];
    for (const [body, msg, field] of bad) {
      const r = await post(t.app, '/api/user/recharge/add', body, { token: u.tokenReal, lang: 'en-US' });
      expect(r.body.code, JSON.stringify(body)).toBe(-1001);
      if (msg) expect(r.body.msg).toBe(msg);
      if (field) expect(r.body).toMatchObject({ field });
    }
    expect(await counts(t.db)).toEqual(before);
  });

  it('refuses the demo account, an unverified user and outside the deposit hours', async () => {
    const u = await verifiedUser();
    const accountId = await bankAccountId();
    const body = () => ({ channel: 'bank', amount: '1000', clientId: cid(), receivingAccountId: accountId });
    const fresh = await registerUser(t.app);
    const before = await counts(t.db);
    const demo = await post(t.app, '/api/user/recharge/add', body(), { token: u.tokenDemo, lang: 'en-US' });
    expect(demo.body).toMatchObject({ code: -1001, msg: 'The demo account has no deposits' });
    const kyc = await post(t.app, '/api/user/recharge/add', body(), {
      token: fresh.tokenReal,
      lang: 'en-US',
    });
    expect(kyc.body).toMatchObject({ code: -1001, msg: 'Please complete KYC first' });
    await writeSetting(t.db, 'deposit.hours', { days: [], open: '09:00', close: '10:00' }, null, Date.now());
    try {
      const hours = await post(t.app, '/api/user/recharge/add', body(), {
        token: u.tokenReal,
        lang: 'en-US',
      });
      expect(hours.body).toMatchObject({ code: -1001, msg: 'Deposits cannot be made at the current time' });
    } finally {
      await writeSetting(
        t.db,
        'deposit.hours',
        { days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' },
        null,
        Date.now(),
      );
    }
    const after = await counts(t.db);
    // the refused deposits stored nothing (the fresh user was registered before `before`); the test's own
    // hours setting is the one row it adds (written once, then restored in place), if it was not there yet
    const settingsAdded = after['platform_settings']! - before['platform_settings']!;
    expect(settingsAdded).toBeLessThanOrEqual(1);
    expect(after).toEqual({ ...before, platform_settings: before['platform_settings']! + settingsAdded });
  });

  it('100 parallel submits with one clientId make one record; the same id with other details is refused', async () => {
    const u = await verifiedUser();
    const accountId = await bankAccountId();
    const body = { channel: 'bank', amount: '2500', clientId: cid(), receivingAccountId: accountId };
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => post(t.app, '/api/user/recharge/add', body, { token: u.tokenReal })),
    );
    expect(answers.every((a) => a.body.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    const rows = await t.db.selectFrom('deposits').select('id').where('user_id', '=', u.user.id).execute();
    expect(rows).toHaveLength(1);
    const other = await post(
      t.app,
      '/api/user/recharge/add',
      { ...body, amount: '2600' },
      { token: u.tokenReal, lang: 'en-US' },
    );
    expect(other.body).toMatchObject({ code: -1001, field: 'clientId' });
  });

  it('offline: the right channel password works; wrong ones are refused and then locked, even in a burst', async () => {
    const u = await verifiedUser();
    await setChannelPassword(t.db, u.user.id, 'open-sesame', null, Date.now());
    const ok = await post(
      t.app,
      '/api/user/recharge/add',
      { channel: 'offline', amount: '800', clientId: cid(), channelPassword: 'open-sesame' },
      { token: u.tokenReal },
    );
    expect(ok.body.code).toBe(0);
    expect(ok.body.data).toMatchObject({ channel: 'offline', status: 'pending' });
    const before = await counts(t.db);
    const burst = await Promise.all(
      Array.from({ length: 12 }, () =>
        post(
          t.app,
          '/api/user/recharge/add',
          { channel: 'offline', amount: '800', clientId: cid(), channelPassword: 'wrong-guess' },
          { token: u.tokenReal, lang: 'en-US' },
        ),
      ),
    );
    expect(burst.every((r) => r.body.code === -1001)).toBe(true);
    const wrong = burst.filter((r) => r.body.msg === 'The channel password entered is incorrect').length;
    expect(wrong).toBeLessThanOrEqual(5);
    expect(burst.filter((r) => /Too many wrong channel passwords/.test(r.body.msg)).length).toBe(12 - wrong);
    // locked now: even the right password waits
    const locked = await post(
      t.app,
      '/api/user/recharge/add',
      { channel: 'offline', amount: '800', clientId: cid(), channelPassword: 'open-sesame' },
      { token: u.tokenReal, lang: 'en-US' },
    );
    expect(locked.body.msg).toMatch(/Too many wrong channel passwords/);
    const after = await counts(t.db);
    expect(after['deposits']).toBe(before['deposits']);
  });

  it('offline: the default password opens the channel for a user without one of their own', async () => {
    await setChannelPassword(t.db, null, 'manager-1234', null, Date.now());
    const u = await verifiedUser();
    const r = await post(
      t.app,
      '/api/user/recharge/add',
      { channel: 'offline', amount: '900', clientId: cid(), channelPassword: 'manager-1234' },
      { token: u.tokenReal },
    );
    expect(r.body.code).toBe(0);
  });
});

describe('records', () => {
  it('order lists the caller own records newest first; status of another user id reads as missing', async () => {
    const a = await verifiedUser();
    const b = await verifiedUser();
    const accountId = await bankAccountId();
    const ids: number[] = [];
    for (const amount of ['600', '700', '800']) {
      const r = await post(
        t.app,
        '/api/user/recharge/add',
        { channel: 'bank', amount, clientId: cid(), receivingAccountId: accountId },
        { token: a.tokenReal },
      );
      ids.push(r.body.data.id);
    }
    const page = await get(t.app, '/api/user/recharge/order', { size: '2' }, { token: a.tokenReal });
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.list.map((d: { id: number }) => d.id)).toEqual([ids[2], ids[1]]);
    const p2 = await get(t.app, '/api/user/recharge/order', { size: '2', page: '2' }, { token: a.tokenReal });
    expect(p2.body.data.list.map((d: { id: number }) => d.id)).toEqual([ids[0]]);
    const own = await get(t.app, '/api/user/recharge/status', { id: String(ids[0]) }, { token: a.tokenReal });
    expect(own.body.data.amount).toBe('600.00');
    const theirs = await get(
      t.app,
      '/api/user/recharge/status',
      { id: String(ids[0]) },
      { token: b.tokenReal, lang: 'en-US' },
    );
    const missing = await get(
      t.app,
      '/api/user/recharge/status',
      { id: '99999999' },
      { token: b.tokenReal, lang: 'en-US' },
    );
    expect(theirs.body).toEqual(missing.body);
    expect(missing.body).toMatchObject({ code: -1001, msg: 'The deposit record does not exist' });
    const bList = await get(t.app, '/api/user/recharge/order', {}, { token: b.tokenReal });
    expect(bList.body.data.total).toBe(0);
    const noToken = await get(t.app, '/api/user/recharge/order', {});
    expect(noToken.body.code).toBe(-1000);
  });
});

describe('operator review', () => {
  it('credit posts clearing → cash once, is idempotent and audited; reject returns nothing and is final', async () => {
    const u = await verifiedUser();
    const accountId = await bankAccountId();
    const add = async (amount: string) =>
      (
        await post(
          t.app,
          '/api/user/recharge/add',
          { channel: 'bank', amount, clientId: cid(), receivingAccountId: accountId },
          { token: u.tokenReal },
        )
      ).body.data.id as number;
    const d1 = await add('1234.56');
    const d2 = await add('999');
    const real = (
      await t.db
        .selectFrom('accounts')
        .select('id')
        .where('user_id', '=', u.user.id)
        .where('type', '=', 'real')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await cashOf(t.db, real)).toBe(0n);
    const ref = `HBL-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        creditDeposit(t.db, CLI_ACTOR, d1, { bankReference: ref }, Date.now()),
      ),
    );
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(await cashOf(t.db, real)).toBe(123456n);
    await expect(
      creditDeposit(t.db, CLI_ACTOR, d1, { bankReference: 'OTHER-1' }, Date.now()),
    ).rejects.toMatchObject({ key: 'deposit.review.alreadyCredited' });
    await expect(
      creditDeposit(t.db, CLI_ACTOR, d2, { bankReference: ref }, Date.now()),
    ).rejects.toMatchObject({ key: 'deposit.review.bankReferenceUsed' });
    await expect(
      creditDeposit(t.db, CLI_ACTOR, d2, { bankReference: 'has space' }, Date.now()),
    ).rejects.toMatchObject({ key: 'deposit.review.badBankReference' });
    const rej = await rejectDeposit(t.db, CLI_ACTOR, d2, { reason: 'No matching transfer' }, Date.now());
    expect(rej.changed).toBe(true);
    expect(
      (await rejectDeposit(t.db, CLI_ACTOR, d2, { reason: 'No matching transfer' }, Date.now())).changed,
    ).toBe(false);
    await expect(
      creditDeposit(t.db, CLI_ACTOR, d2, { bankReference: 'LATE-1' }, Date.now()),
    ).rejects.toMatchObject({ key: 'deposit.review.alreadyRejected' });
    expect(await cashOf(t.db, real)).toBe(123456n);
    const audit = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'subject_id'])
      .where('subject_type', '=', 'deposit')
      .where('subject_id', 'in', [String(d1), String(d2)])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'deposit.credit', subject_id: String(d1) },
      { action: 'deposit.reject', subject_id: String(d2) },
    ]);
    const status = await get(t.app, '/api/user/recharge/status', { id: String(d1) }, { token: u.tokenReal });
    expect(status.body.data).toMatchObject({ status: 'credited', bankReference: ref });
    const status2 = await get(t.app, '/api/user/recharge/status', { id: String(d2) }, { token: u.tokenReal });
    expect(status2.body.data).toMatchObject({ status: 'rejected', reason: 'No matching transfer' });
    const queue = await listDeposits(t.db, { status: 'pending', limit: 500 });
    expect(queue.some((d) => d.id === d1 || d.id === d2)).toBe(false);
  });
});
