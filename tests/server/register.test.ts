// user/register: the happy path, each refusal (nothing stored), captcha single use/expiry, and the SMS code:
// required, single use, expiring, limited tries, checked before "phone taken" can be said.
import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, userLedgerAccount } from '../../server/domain/ledger/ledger-repo.ts';
import { accountIdOf, createUser } from '../../server/domain/auth/users-repo.ts';
import {
  latestSms,
  post,
  registerUser,
  rowCounts,
  sendSmsCode,
  solveCaptcha,
  uniquePhone,
  type TestApp,
  makeTestApp,
} from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ DEMO_FUNDS_PKR: '2500.50' });
});
afterAll(() => t.close());

/** A complete sign-up form with a fresh captcha and the SMS code texted to the (valid) phone. */
async function validBody(overrides: Record<string, string> = {}) {
  const phone = overrides['phone'] ?? uniquePhone();
  return {
    areaCode: '+92',
    phone,
    password: 'Kar4chi-sea',
    password2: 'Kar4chi-sea',
    code: await sendSmsCode(t.app, phone),
    ...(await solveCaptcha(t.app)),
    agree: '1',
    ...overrides,
  };
}

const register = (body: Record<string, string | string[]>) =>
  post(t.app, '/api/user/register', body, { lang: 'en-US' });

describe('POST user/register', () => {
  it('registers, logs in with two tokens, normalises the phone and funds only the demo account', async () => {
    const body = await validBody({ phone: '03' + uniquePhone().slice(1) });
    const res = await post(t.app, '/api/user/register', { ...body, captcha: body.captcha.toLowerCase() });
    expect(res.body).toMatchObject({ code: 0, msg: '' });
    const data = res.body.data;
    expect(data.accountType).toBe('real');
    expect(data.token).toBe(data.tokenReal);
    expect(data.tokenReal).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.tokenDemo).not.toBe(data.tokenReal);
    expect(data.user).toMatchObject({
      account: `+92${body.phone.slice(1)}`,
      phone: `+92${body.phone.slice(1)}`,
      areaCode: '+92',
      status: 1,
      idStatus: 'none',
      accountType: 'real',
      openAutoApply: 1,
      hasTradePassword: false,
    });
    expect(data.user.id).toBeGreaterThan(100000);
    expect(data.user.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    // Tokens are stored only as hashes.
    const tokenRows = await t.db
      .selectFrom('tokens')
      .select('session_id')
      .where('token_hash', '=', data.tokenReal)
      .execute();
    expect(tokenRows).toHaveLength(0);
    const demo = (await accountIdOf(t.db, data.user.id, 'demo')) as number;
    const real = (await accountIdOf(t.db, data.user.id, 'real')) as number;
    expect(await balanceOf(t.db, await userLedgerAccount(t.db, demo), 'PKR')).toBe(250050n);
    expect(await balanceOf(t.db, await userLedgerAccount(t.db, real), 'PKR')).toBe(0n);
    const { password_hash: stored } = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', data.user.id)
      .executeTakeFirstOrThrow();
    // At the configured cost: the suite's cheap one (SCRYPT_LOG2N_FOR_TESTS, vitest.config.ts); production's 2^17
    // is checked in tests/unit/server/password-cost.test.ts.
    expect(stored.startsWith(`scrypt$${t.config.passwordHashLog2n}$8$1$`)).toBe(true);
    expect(t.config.passwordHashLog2n).toBeLessThan(17);
    expect(stored).not.toContain('Kar4chi-sea');
  });

  it('accepts the +92 form and an existing invitation code, and links the inviter', async () => {
    const inviter = await registerUser(t.app);
    const body = await validBody({
      phone: '+92' + uniquePhone(),
      inviteCode: inviter.user.inviteCode.toLowerCase(),
    });
    const res = await post(t.app, '/api/user/register', body);
    expect(res.body.code).toBe(0);
    const { invited_by: invitedBy } = await t.db
      .selectFrom('users')
      .select('invited_by')
      .where('id', '=', res.body.data.user.id)
      .executeTakeFirstOrThrow();
    expect(invitedBy).toBe(inviter.user.id);
  });

  const refusals: Array<[string, (b: Record<string, string>) => Record<string, string | string[]>, RegExp]> =
    [
      ['a wrong captcha', (b) => ({ ...b, captcha: 'ZZZZZZ' }), /^captcha code error$/],
      ['mismatched passwords', (b) => ({ ...b, password2: 'other-pass1' }), /do not match/],
      ['a common password', (b) => ({ ...b, password: 'qwerty123', password2: 'qwerty123' }), /too common/],
      [
        'a short password',
        (b) => ({ ...b, password: 'ab1', password2: 'ab1' }),
        /^Password: at least 6 characters$/,
      ],
      [
        'a long password',
        (b) => ({ ...b, password: 'a'.repeat(21), password2: 'a'.repeat(21) }),
        /^Password: at most 20/,
      ],
      [
        'a landline number',
        (b) => ({ ...b, phone: '0215551234' }),
        /^Phone number: a Pakistani mobile number such as 3001234567$/,
      ],
      [
        'a phone of another country',
        (b) => ({ ...b, phone: '+913001234567' }),
        /^Phone number: a Pakistani mobile number such as 3001234567$/,
      ],
      ['another area code', (b) => ({ ...b, areaCode: '+91' }), /^Area code: invalid value$/],
      ['no agreement', (b) => ({ ...b, agree: '0' }), /agree to the disclaimer/],
      ['a missing agreement', (b) => ({ ...b, agree: [] }), /^Agreement: required$/],
      [
        'an unknown invitation code',
        (b) => ({ ...b, inviteCode: 'NOSUCH99' }),
        /referral code does not exist/,
      ],
      ['an empty phone', (b) => ({ ...b, phone: '' }), /^Phone number: must not be empty$/],
      ['no SMS code', ({ code: _code, ...b }) => b, /^SMS code: required$/],
      ['a 5-digit SMS code', (b) => ({ ...b, code: '12345' }), /^SMS code: exactly 6 digits$/],
      [
        'a wrong SMS code',
        (b) => ({ ...b, code: b['code'] === '000000' ? '000001' : '000000' }),
        /^The SMS code is wrong/,
      ],
      [
        'the code of another phone',
        (b) => ({ ...b, phone: uniquePhone() }),
        /^The SMS code has expired or was already used/,
      ],
      [
        'a duplicated phone key',
        (b) => ({ ...b, phone: [b['phone'] ?? '', '3001234567'] }),
        /^Phone number: sent more than once$/,
      ],
    ];
  it.each(refusals)('refuses %s with -1001 and stores nothing', async (_name, change, message) => {
    const body = change(await validBody());
    const before = await rowCounts(t.db);
    const res = await post(t.app, '/api/user/register', body, { lang: 'en-US' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(-1001);
    expect(res.body.msg).toMatch(message);
    expect(res.body.data).toBeNull();
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('says "already registered" only after the SMS code is proven', async () => {
    // The code was texted while the number was free; the account appeared meanwhile (another sign-up).
    const body = await validBody();
    await createUser(t.db, {
      areaCode: '+92',
      phone: `+92${body.phone}`,
      passwordHash: 'x',
      invitedBy: null,
      demoFundsPaisa: 0n,
    });
    const before = await rowCounts(t.db);
    const wrong = await register({ ...body, code: body.code === '999999' ? '999998' : '999999' });
    expect(wrong.body.msg).toMatch(/^The SMS code is wrong/);
    const res = await register({ ...body, ...(await solveCaptcha(t.app)), phone: '0' + body.phone });
    expect(res.body).toMatchObject({ code: -1001, msg: 'This phone number is already registered' });
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('texts a registered number a notice instead of a code, and refuses every guess like a wrong code', async () => {
    const user = await registerUser(t.app);
    t.app.limits.codeSendPerPhone.reset(`+92${user.phone}`); // a minute later
    const res = await post(
      t.app,
      '/api/common/code/send',
      { phone: user.phone, type: 'register' },
      { lang: 'en-US' },
    );
    expect(res.body.code).toBe(0);
    expect(await latestSms(t.app, user.phone)).toMatch(/already has an account/);
    expect(await latestSms(t.app, user.phone)).not.toMatch(/\d{6}/);
    const res2 = await register({
      areaCode: '+92',
      phone: user.phone,
      password: 'Kar4chi-sea',
      password2: 'Kar4chi-sea',
      code: '123456',
      ...(await solveCaptcha(t.app)),
      agree: '1',
    });
    expect(res2.body.msg).toMatch(/^The SMS code is wrong/);
  });

  it('refuses a reused code (single use)', async () => {
    const body = await validBody();
    expect((await register(body)).body.code).toBe(0);
    const again = await register({ ...body, ...(await solveCaptcha(t.app)) });
    expect(again.body.msg).toBe('The SMS code has expired or was already used, please request a new one');
  });

  it('refuses an expired code and changes nothing', async () => {
    const body = await validBody();
    await t.db
      .updateTable('sms_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('phone', '=', `+92${body.phone}`)
      .execute();
    const before = await rowCounts(t.db);
    const res = await register(body);
    expect(res.body).toEqual({
      code: -1001,
      msg: 'The SMS code has expired or was already used, please request a new one',
      data: null,
      field: 'code',
    });
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('allows 5 tries per code: after 5 wrong codes even the right one is refused', async () => {
    const body = await validBody();
    for (let i = 0; i < 5; i++) {
      const wrong = String((Number(body.code) + 1 + i) % 1_000_000).padStart(6, '0');
      const res = await register({ ...body, ...(await solveCaptcha(t.app)), code: wrong });
      expect(res.body.msg).toMatch(/^The SMS code is wrong/);
    }
    const right = await register({ ...body, ...(await solveCaptcha(t.app)) });
    expect(right.body.msg).toMatch(/^The SMS code has expired/);
  });

  it('keeps the code when the form fails before it (captcha, passwords): the fixed form then succeeds', async () => {
    const body = await validBody();
    expect((await register({ ...body, captcha: 'ZZZZZZ' })).body.msg).toBe('captcha code error');
    const mismatch = await register({ ...body, ...(await solveCaptcha(t.app)), password2: 'other-pass1' });
    expect(mismatch.body.msg).toMatch(/do not match/);
    const { attempts } = await t.db
      .selectFrom('sms_codes')
      .select('attempts')
      .where('phone', '=', `+92${body.phone}`)
      .executeTakeFirstOrThrow();
    expect(attempts).toBe(0);
    expect((await register({ ...body, ...(await solveCaptcha(t.app)) })).body.code).toBe(0);
  });

  it('stores the code as an HMAC under the server key (not the code, nor its plain SHA-256)', async () => {
    const phone = uniquePhone();
    const code = await sendSmsCode(t.app, phone);
    const { code_hash: stored } = await t.db
      .selectFrom('sms_codes')
      .select('code_hash')
      .where('phone', '=', `+92${phone}`)
      .where('type', '=', 'register')
      .executeTakeFirstOrThrow();
    const sha = (s: string) => createHash('sha256').update(s).digest('hex');
    expect(stored).not.toContain(code);
    expect(stored).not.toBe(sha(code));
    expect(stored).not.toBe(sha(`+92${phone}\nregister\n${code}`));
    const keyFile = path.join(t.dataDir, 'sms-code.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'hex');
    expect(key).toHaveLength(32);
    const hmac = createHmac('sha256', key).update(`+92${phone}\nregister\n${code}`).digest('hex');
    expect(stored).toBe(hmac);
  });

  it('consumes a captcha on any attempt: a failed try cannot be retried with the right answer', async () => {
    const body = await validBody({ password2: 'mismatch-1' });
    expect((await post(t.app, '/api/user/register', body)).body.code).toBe(-1001);
    const retry = await post(
      t.app,
      '/api/user/register',
      { ...body, password2: body.password },
      { lang: 'en-US' },
    );
    expect(retry.body).toMatchObject({ code: -1001, msg: 'The captcha has expired, please get a new one' });
    const left = await t.db.selectFrom('captchas').select('id').where('id', '=', body.captchaId).execute();
    expect(left).toHaveLength(0);
  });

  it('refuses an expired captcha even with the right answer', async () => {
    const body = await validBody();
    await t.db
      .updateTable('captchas')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', body.captchaId)
      .execute();
    const before = await rowCounts(t.db);
    const res = await post(t.app, '/api/user/register', body, { lang: 'en-US' });
    expect(res.body).toMatchObject({ code: -1001, msg: 'The captcha has expired, please get a new one' });
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('answers in Urdu by default', async () => {
    const res = await post(t.app, '/api/user/register', await validBody({ captcha: 'nope' }));
    expect(res.body).toMatchObject({ code: -1001, msg: 'کیپچا کوڈ غلط ہے' });
  });
});
