// POST user/password/reset: the owner of the phone, proven by a `reset` SMS code, sets a new password; every
// session ends (and is announced); bad codes and bad passwords are refused and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionsRevoked } from '../../server/domain/auth/session-events.ts';
import {
  get,
  login,
  makeTestApp,
  post,
  registerUser,
  rowCounts,
  sendSmsCode,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const reset = (body: Record<string, string>) =>
  post(t.app, '/api/user/password/reset', body, { lang: 'en-US' });
const passwordHashOf = async (id: number) =>
  (await t.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
    .password_hash;

/** A registered user with a fresh reset code (the per-phone minute has "passed" since sign-up). */
async function userWithResetCode() {
  const user = await registerUser(t.app, { password: 'Old-pass-123' });
  t.app.limits.codeSendPerPhone.reset(`+92${user.phone}`);
  const code = await sendSmsCode(t.app, user.phone, 'reset');
  return { user, code };
}

describe('POST user/password/reset', () => {
  it('sets the new password, revokes every session and announces it', async () => {
    const { user, code } = await userWithResetCode();
    const second = await login(t.app, user.phone, 'Old-pass-123');
    const events: SessionsRevoked[] = [];
    const stop = t.app.sessionEvents.onRevoked((e) => events.push(e));
    try {
      const res = await reset({
        phone: `0${user.phone}`,
        code,
        password: 'New-pass-456',
        password2: 'New-pass-456',
      });
      expect(res.body).toEqual({ code: 0, msg: '', data: null });
    } finally {
      stop();
    }
    expect(events).toEqual([{ userId: user.user.id }]);
    for (const token of [user.tokenReal, user.tokenDemo, second.body.data.tokenReal])
      expect((await get(t.app, '/api/user/info', {}, { token })).body.code).toBe(-1000);
    expect((await login(t.app, user.phone, 'Old-pass-123', { ip: '10.20.0.1' })).body.code).toBe(-1001);
    expect((await login(t.app, user.phone, 'New-pass-456')).body.code).toBe(0);
    // The code was used up.
    const again = await reset({
      phone: user.phone,
      code,
      password: 'Third-pass-789',
      password2: 'Third-pass-789',
    });
    expect(again.body.msg).toBe('The SMS code has expired or was already used, please request a new one');
  });

  it('lifts the login lock of the phone once the owner has proven it', async () => {
    const { user, code } = await userWithResetCode();
    for (let i = 0; i < 5; i++) await login(t.app, user.phone, 'Guess-0000', { ip: `10.21.0.${i}` });
    expect((await login(t.app, user.phone, 'Old-pass-123', { lang: 'en-US' })).body.msg).toMatch(
      /Too many attempts/,
    );
    await reset({ phone: user.phone, code, password: 'New-pass-456', password2: 'New-pass-456' });
    expect((await login(t.app, user.phone, 'New-pass-456')).body.code).toBe(0);
  });

  it('refuses wrong, expired, register-type and missing codes and bad passwords, changing nothing', async () => {
    const { user, code } = await userWithResetCode();
    const hash = await passwordHashOf(user.user.id);
    const good = { phone: user.phone, code, password: 'New-pass-456', password2: 'New-pass-456' };
    const other = code === '000000' ? '000001' : '000000';
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ ...good, password2: 'New-pass-457' }, /do not match/],
      [{ ...good, password: 'password1', password2: 'password1' }, /too common/],
      [{ ...good, password: 'abc', password2: 'abc' }, /^Password: at least 6 characters$/],
      [{ ...good, code: '' }, /^SMS code: must not be empty$/],
      [{ ...good, code: '12a456' }, /^SMS code: exactly 6 digits$/],
      [{ ...good, phone: '0215551234' }, /^Phone number: a Pakistani mobile number such as 3001234567$/],
      [{ ...good, code: other }, /^The SMS code is wrong/],
    ];
    for (const [body, msg] of cases) {
      const before = await rowCounts(t.db);
      const res = await reset(body);
      expect(res.body.code, JSON.stringify(body)).toBe(-1001);
      expect(res.body.msg).toMatch(msg);
      expect(await rowCounts(t.db)).toEqual(before);
    }
    expect(await passwordHashOf(user.user.id)).toBe(hash);
    expect((await get(t.app, '/api/user/info', {}, { token: user.tokenReal })).body.code).toBe(0);
    // A sign-up code is not a reset code.
    const fresh = await registerUser(t.app);
    t.app.limits.codeSendPerPhone.reset(`+92${fresh.phone}`);
    const loginCode = await sendSmsCode(t.app, fresh.phone, 'login');
    const wrongType = await reset({ ...good, phone: fresh.phone, code: loginCode });
    expect(wrongType.body.msg).toMatch(/^The SMS code has expired/);
    // Expired.
    await t.db
      .updateTable('sms_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('phone', '=', `+92${user.phone}`)
      .execute();
    expect((await reset(good)).body.msg).toMatch(/^The SMS code has expired/);
    expect(await passwordHashOf(user.user.id)).toBe(hash);
  });

  it('allows 5 tries per code', async () => {
    const { user, code } = await userWithResetCode();
    for (let i = 1; i <= 5; i++) {
      const wrong = String((Number(code) + i) % 1_000_000).padStart(6, '0');
      const res = await reset({
        phone: user.phone,
        code: wrong,
        password: 'New-pass-456',
        password2: 'New-pass-456',
      });
      expect(res.body.msg).toMatch(/^The SMS code is wrong/);
    }
    const right = await reset({
      phone: user.phone,
      code,
      password: 'New-pass-456',
      password2: 'New-pass-456',
    });
    expect(right.body.msg).toMatch(/^The SMS code has expired/);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, { post?: { summary?: string; requestBody?: unknown } }>;
    };
    const op = doc.paths['/api/user/password/reset']?.post;
    expect(op?.summary).toMatch(/beyond the spec/);
    expect(JSON.stringify(op?.requestBody)).toContain('"code"');
  });
});
