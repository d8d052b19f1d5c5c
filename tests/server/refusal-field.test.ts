// A -1001 about one request field names it in the envelope's `field` (contract/envelope.ts ErrorEnvelope), so a
// form shows the message at that field: every schema refusal, and the business refusals of one field (captcha,
// SMS code, invitation code, the repeated password, the current password). Refusals of no one field (wrong
// phone or password together) carry no `field`. Every answer is checked against the error envelope by `post`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  login,
  makeTestApp,
  post,
  registerUser,
  sendSmsCode,
  solveCaptcha,
  uniquePhone,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

async function signUpForm(overrides: Record<string, string> = {}) {
  const phone = uniquePhone();
  return {
    phone,
    password: 'Kar4chi-sea',
    password2: 'Kar4chi-sea',
    code: await sendSmsCode(t.app, phone),
    ...(await solveCaptcha(t.app)),
    agree: '1',
    ...overrides,
  };
}

describe('the field of a refusal', () => {
  it('names the field a schema rule refused, in either language', async () => {
    const en = await login(t.app, '12345', 'whatever-1', { lang: 'en-US' });
    expect(en.body).toEqual({
      code: -1001,
      msg: 'Phone number: a Pakistani mobile number such as 3001234567',
      data: null,
      field: 'phone',
    });
    const ur = await post(
      t.app,
      '/api/user/password/trade/set',
      { password: '12345', password2: '12345' },
      {
        token: (await registerUser(t.app)).tokenReal,
      },
    );
    expect(ur.body).toEqual({ code: -1001, msg: 'پاس ورڈ: بالکل 6 ہندسے', data: null, field: 'password' });
  });

  it('names the field of a business refusal about one field', async () => {
    const register = (body: Record<string, string>) =>
      post(t.app, '/api/user/register', body, { lang: 'en-US' });
    const cases: Array<[Record<string, string>, string]> = [
      [await signUpForm({ captcha: 'nope' }), 'captcha'],
      [await signUpForm({ password2: 'Kar4chi-sky' }), 'password2'],
      [await signUpForm({ password: 'password1', password2: 'password1' }), 'password'],
      [await signUpForm({ inviteCode: 'NOSUCHCODE' }), 'inviteCode'],
      [await signUpForm({ code: '000000' }), 'code'],
    ];
    for (const [body, field] of cases) {
      const res = await register(body);
      expect(res.body, field).toMatchObject({ code: -1001, data: null, field });
      expect(res.body.msg, field).not.toBe('');
    }
    const bob = await registerUser(t.app, { password: 'Quetta-77' });
    const wrongOld = await post(
      t.app,
      '/api/user/update/password',
      { oldPassword: 'Wrong-777', password: 'Multan-88', password2: 'Multan-88' },
      { token: bob.tokenReal, lang: 'en-US' },
    );
    expect(wrongOld.body).toEqual({
      code: -1001,
      msg: 'The current password is incorrect',
      data: null,
      field: 'oldPassword',
    });
  });

  it('names no field when the refusal is not about one', async () => {
    const bob = await registerUser(t.app);
    const res = await login(t.app, bob.phone, 'Wrong-pass-1', { lang: 'en-US' });
    expect(res.body).toEqual({ code: -1001, msg: 'Wrong phone number or password', data: null });
    expect('field' in res.body).toBe(false);
  });
});
