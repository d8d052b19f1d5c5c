// Withdrawals under parallel load, as an attacker or a flaky network would send them: 100 withdrawals of the
// whole balance at once (exactly one is accepted, the rest 'Insufficient Balance'), 100 copies of one clientId
// (one record, one freeze), a burst of withdrawal-password guesses with the right one hidden inside (no
// withdrawal, at most the free checks), the password calls (set once, update, reset by SMS lifting the
// lock-out), and the back-office `withdraw list|approve|reject` command.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runBackoffice } from '../../server/tools/backoffice.ts';
import { burst, holdHashes, inQueue, until, verifies } from './attack-helpers.ts';
import { get, latestSms, makeTestApp, post, sendSmsCode, type TestApp } from './helpers.ts';
import {
  newClientId,
  openAllWeek,
  WITHDRAW_PASSWORD,
  withdrawer,
  type Withdrawer,
} from './withdraw-helpers.ts';

const FREE = 5;
let t: TestApp;
let gate: ReturnType<typeof holdHashes> | undefined;
beforeAll(async () => {
  t = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '100000' });
  await openAllWeek(t.db);
});
afterAll(() => t?.close());
afterEach(() => gate?.close());

const en = { lang: 'en-US' };
const add = (w: Withdrawer, body: Record<string, string> = {}) =>
  post(
    t.app,
    '/api/user/withdraw/add',
    {
      bindingId: String(w.bindingId),
      amount: '5000',
      password: WITHDRAW_PASSWORD,
      clientId: newClientId(),
      ...body,
    },
    { ...en, token: w.tokenReal },
  );
const rowsOf = async (userId: number) =>
  (await t.db.selectFrom('withdrawals').select('id').where('user_id', '=', userId).execute()).length;

describe('parallel withdrawals', () => {
  it('100 withdrawals of the whole balance at once: exactly one is accepted', async () => {
    const w = await withdrawer(t, { pkr: 1_005_000n }); // 10,000.00 + its 50.00 fee
    const answers = await Promise.all(Array.from({ length: 100 }, () => add(w, { amount: '10000' })));
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.msg === 'Insufficient Balance')).toHaveLength(99);
    expect(await t.app.ledger.money(w.accountId)).toEqual({
      asset: 'PKR',
      available: 0n,
      frozen: 1_005_000n,
    });
    expect(await rowsOf(w.userId)).toBe(1);
  });

  it('100 copies of one clientId: one record, one freeze, every answer the same record', async () => {
    const w = await withdrawer(t, { pkr: 10_000_000n });
    const clientId = newClientId();
    const answers = await Promise.all(Array.from({ length: 100 }, () => add(w, { clientId })));
    expect(new Set(answers.map((a) => a.body.data?.id)).size).toBe(1);
    expect(answers.every((a) => a.body.code === 0)).toBe(true);
    expect(await rowsOf(w.userId)).toBe(1);
    expect((await t.app.ledger.money(w.accountId)).frozen).toBe(505_000n);
  });
});

describe('the withdrawal password', () => {
  it('30 parallel guesses with the right one at #25 withdraw nothing and check at most the free ones', async () => {
    const w = await withdrawer(t, { pkr: 10_000_000n });
    const before = verifies();
    gate = holdHashes();
    // The 29 wrong guesses first (which of them the guard admits depends on arrival order, and so may the
    // right one's fate if it raced them): once they are all admitted or refused, the right one comes.
    const wrong = burst(Array.from({ length: 29 }, (_, i) => () => add(w, { password: String(100000 + i) })));
    await until(() => wrong.settled() + inQueue() === 29);
    const right = burst([() => add(w, { password: WITHDRAW_PASSWORD })]);
    await until(() => wrong.settled() + right.settled() + inQueue() === 30);
    gate.open();
    const answers = [...(await wrong.all).slice(0, 25), ...(await right.all), ...(await wrong.all).slice(25)];
    expect(verifies() - before).toBeLessThanOrEqual(FREE);
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(0);
    expect(answers[25]?.body.msg).toMatch(/^Too many wrong withdrawal passwords/);
    expect(await rowsOf(w.userId)).toBe(0);
  });

  it('set once, update with the old one, reset by SMS code (which lifts the lock-out)', async () => {
    const w = await withdrawer(t, { password: false, pkr: 10_000_000n });
    const call = (path: string, body: Record<string, string>) =>
      post(t.app, `/api/user/withdraw/password/${path}`, body, { ...en, token: w.tokenReal });
    const info = async () =>
      (await get(t.app, '/api/user/info', {}, { ...en, token: w.tokenReal })).body.data;
    expect((await info()).hasWithdrawPassword).toBe(false);
    expect((await call('set', { password: '111111', password2: '111112' })).body).toMatchObject({
      field: 'password2',
    });
    expect((await call('set', { password: '111111', password2: '111111' })).body.code).toBe(0);
    expect((await info()).hasWithdrawPassword).toBe(true);
    expect((await call('set', { password: '222222', password2: '222222' })).body.msg).toMatch(/already set/);
    const upd = { oldPassword: '111111', password: '222222', password2: '222222' };
    expect((await call('update', upd)).body.code).toBe(0);
    for (let i = 0; i < FREE; i++)
      await call('update', { oldPassword: '999999', password: '333333', password2: '333333' });
    expect((await add(w, { password: '222222' })).body.msg).toMatch(/^Too many wrong withdrawal passwords/);
    const user = await t.db
      .selectFrom('users')
      .select('phone')
      .where('id', '=', w.userId)
      .executeTakeFirstOrThrow();
    const passwordHash = async () =>
      (
        await t.db
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', w.userId)
          .executeTakeFirstOrThrow()
      ).password_hash;
    const phone = user.phone.replace('+92', '');
    // A login-password reset code does not reset the withdrawal password (and stays usable for its own purpose)
    const loginReset = await sendSmsCode(t.app, phone, 'reset');
    const crossed = await call('reset', { code: loginReset, password: '444444', password2: '444444' });
    expect(crossed.body).toMatchObject({ code: -1001, field: 'code' });
    expect(crossed.body.msg).toMatch(/^The SMS code has expired/);
    expect(await t.app.smsCodes.verify(user.phone, 'reset', loginReset)).toBe('ok');
    t.app.limits.codeSendPerPhone.reset(user.phone);
    const code = await sendSmsCode(t.app, phone, 'withdraw');
    expect(await latestSms(t.app, phone)).toMatch(/رقم نکالنے کا پاس ورڈ ری سیٹ کوڈ \d{6}/);
    const wrong = await call('reset', {
      code: code === '000000' ? '000001' : '000000',
      password: '444444',
      password2: '444444',
    });
    expect(wrong.body).toMatchObject({ code: -1001, field: 'code' });
    expect((await call('reset', { code, password: '444444', password2: '444444' })).body.code).toBe(0);
    expect((await add(w, { password: '444444' })).body.code).toBe(0);
    // ...and a withdrawal-password code does not reset the login password
    t.app.limits.codeSendPerPhone.reset(user.phone);
    const hashBefore = await passwordHash();
    const withdrawCode = await sendSmsCode(t.app, phone, 'withdraw');
    const login = await post(
      t.app,
      '/api/user/password/reset',
      { phone, code: withdrawCode, password: 'New-pass-456', password2: 'New-pass-456' },
      en,
    );
    expect(login.body).toMatchObject({ code: -1001 });
    expect(login.body.msg).toMatch(/^The SMS code has expired/);
    expect(await passwordHash()).toBe(hashBefore);
  });
});

describe('back-office withdraw command', () => {
  it('lists the queue, approves once and refuses a reject of a paid one', async () => {
    const w = await withdrawer(t, { pkr: 10_000_000n });
    const id = String((await add(w)).body.data.id);
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    const env = { ...process.env, DATA_DIR: t.dataDir, DATABASE_URL: t.config.databaseUrl };
    expect(await runBackoffice(['withdraw', 'list', '--limit', '500'], env, io)).toBe(0);
    const listed = JSON.parse(out.pop()!) as { withdrawals: Array<{ id: number }> };
    expect(listed.withdrawals.map((x) => String(x.id))).toContain(id);
    expect(await runBackoffice(['withdraw', 'approve', '--id', id, '--ref', 'HBL-778'], env, io)).toBe(0);
    expect(JSON.parse(out.pop()!)).toMatchObject({ changed: true, status: 'paid', reference: 'HBL-778' });
    expect(await runBackoffice(['withdraw', 'approve', '--id', id, '--ref', 'HBL-778'], env, io)).toBe(0);
    expect(JSON.parse(out.pop()!)).toMatchObject({ changed: false });
    expect(await runBackoffice(['withdraw', 'reject', '--id', id, '--reason', 'late'], env, io)).toBe(1);
    expect(err.pop()).toMatch(/already paid/);
    expect(await runBackoffice(['withdraw', 'reject', '--id', 'x'], env, io)).toBe(2);
    expect(await runBackoffice(['withdraw'], env, io)).toBe(2);
  });
});
