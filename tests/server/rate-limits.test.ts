// Rate limits: login failures per phone and per IP, code sending per phone and per IP, captchas per IP,
// and the per-IP flood guard on every /api call. IPs vary through inject's remoteAddress. (The same limits
// shared by two nodes through Redis: shared-limits.test.ts.)
import { DevOutboxGateway } from '../../server/domain/sms/sms-gateway.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  get,
  login,
  makeTestApp,
  post,
  registerUser,
  uniquePhone,
  type RegisteredUser,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let dana: RegisteredUser;
beforeAll(async () => {
  t = await makeTestApp({
    RATE_LOGIN_FAIL_PER_PHONE: '3',
    RATE_LOGIN_FAIL_PER_IP_PER_MIN: '4',
    RATE_CODE_PER_IP_PER_HOUR: '3',
    RATE_CAPTCHA_PER_IP_PER_MIN: '5',
  });
  dana = await registerUser(t.app, { password: 'Hyderabad-5' });
});
afterAll(() => t?.close());

/** Texts in the dev outbox, for one phone or all. */
async function outboxCount(phone?: string): Promise<number> {
  // The dev outbox is written behind the answer: count once what was sent is stored.
  if (t.app.sms instanceof DevOutboxGateway) await t.app.sms.drained();
  let q = t.db.selectFrom('sms_outbox').select((eb) => eb.fn.countAll<number>().as('n'));
  if (phone !== undefined) q = q.where('phone', '=', phone);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

describe('login', () => {
  // The first wait is 30 seconds (it was a fixed 15 minutes, which let five requests lock anyone out); the
  // waits then double (attempt-rules.ts; bursts and back-off: password-lockouts.test.ts).
  it('makes a phone wait after repeated failures, even for the right password and from another IP', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await login(t.app, dana.phone, 'Wrong-pass', { ip: `10.1.0.${i}` });
      expect(res.body.msg).toBe('فون نمبر یا پاس ورڈ غلط ہے');
    }
    const locked = await login(t.app, dana.phone, 'Hyderabad-5', { ip: '10.1.0.99', lang: 'en-US' });
    expect(locked.body).toEqual({
      code: -1001,
      msg: 'Too many attempts, please try again in 30 seconds',
      data: null,
    });
    const urdu = await login(t.app, dana.phone, 'Hyderabad-5', { ip: '10.1.0.98' });
    expect(urdu.body.msg).toBe('بہت زیادہ کوششیں، براہِ کرم 30 سیکنڈ بعد دوبارہ کوشش کریں');
    // Unlocked by the failures being forgotten (simulated by clearing the record).
    await t.app.lockouts.loginPerPhone.clear(`+92${dana.phone}`);
    expect((await login(t.app, dana.phone, 'Hyderabad-5', { ip: '10.1.0.97' })).body.code).toBe(0);
  });

  it('slows an IP that guesses many phones, without affecting other IPs', async () => {
    for (let i = 0; i < 4; i++) {
      expect((await login(t.app, uniquePhone(), 'Guess-123', { ip: '10.2.0.1' })).body.code).toBe(-1001);
    }
    const refused = await login(t.app, dana.phone, 'Hyderabad-5', { ip: '10.2.0.1', lang: 'en-US' });
    expect(refused.body.msg).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    expect((await login(t.app, dana.phone, 'Hyderabad-5', { ip: '10.2.0.2' })).body.code).toBe(0);
  });
});

describe('common/code/send', () => {
  it('sends at most one code per phone per minute', async () => {
    const phone = uniquePhone();
    const first = await post(t.app, '/api/common/code/send', { phone, type: 'register' }, { ip: '10.3.0.1' });
    expect(first.body).toEqual({ code: 0, msg: '', data: { expiresInSec: 300, resendInSec: 60 } });
    const again = await post(
      t.app,
      '/api/common/code/send',
      { phone, type: 'register' },
      { ip: '10.3.0.2', lang: 'en-US' },
    );
    expect(again.body.msg).toMatch(/^Too many attempts, please try again in (59|60) seconds$/);
    expect(await outboxCount(`+92${phone}`)).toBe(1);
  });

  it('sends a limited number of codes per IP', async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await post(
            t.app,
            '/api/common/code/send',
            { phone: uniquePhone(), type: 'register' },
            { ip: '10.4.0.1' },
          )
        ).body.code,
      ).toBe(0);
    }
    const before = await outboxCount();
    const refused = await post(
      t.app,
      '/api/common/code/send',
      { phone: uniquePhone(), type: 'register' },
      { ip: '10.4.0.1', lang: 'en-US' },
    );
    expect(refused.body.msg).toMatch(/^Too many attempts, please try again in 60 minutes$/);
    expect(await outboxCount()).toBe(before);
  });
});

describe('common/code/send at the limit', () => {
  const send = (phone: string, ip: string) =>
    post(t.app, '/api/common/code/send', { phone, type: 'register' }, { ip, lang: 'en-US' });

  it('lets one of two parallel sends for one phone through, and counts the refused one nowhere', async () => {
    const phone = uniquePhone();
    const answers = await Promise.all([send(phone, '10.5.0.1'), send(phone, '10.5.0.2')]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([-1001, 0]);
    expect(await outboxCount(`+92${phone}`)).toBe(1);
    // the refused send took nothing from its address's budget of 3
    const refusedIp = answers[0]!.body.code === 0 ? '10.5.0.2' : '10.5.0.1';
    for (let i = 0; i < 3; i++) expect((await send(uniquePhone(), refusedIp)).body.code).toBe(0);
  });

  it('lets one of two parallel sends from one address through when one send is left', async () => {
    const ip = '10.6.0.1';
    for (let i = 0; i < 2; i++) expect((await send(uniquePhone(), ip)).body.code).toBe(0);
    const [p, q] = [uniquePhone(), uniquePhone()];
    const answers = await Promise.all([send(p, ip), send(q, ip)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([-1001, 0]);
    expect((await outboxCount(`+92${p}`)) + (await outboxCount(`+92${q}`))).toBe(1);
    // the phone whose send was refused was not counted: it may have its code from another address
    const refusedPhone = answers[0]!.body.code === 0 ? q : p;
    expect((await send(refusedPhone, '10.6.0.2')).body.code).toBe(0);
  });
});

describe('captcha', () => {
  it('limits captchas per IP', async () => {
    for (let i = 0; i < 5; i++)
      expect((await get(t.app, '/api/common/captcha', {}, { ip: '10.5.0.1' })).body.code).toBe(0);
    expect((await get(t.app, '/api/common/captcha', {}, { ip: '10.5.0.1' })).body.code).toBe(-1001);
    expect((await get(t.app, '/api/common/captcha', {}, { ip: '10.5.0.2' })).body.code).toBe(0);
  });
});

describe('flood guard', () => {
  it('answers HTTP 429 with a JSON -1001 envelope once an IP exceeds the per-minute budget', async () => {
    const small = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '3' });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await get(small.app, '/api/user/login/info', {}, { ip: '10.6.0.1' })).status).toBe(200);
      }
      const res = await get(small.app, '/api/user/login/info', {}, { ip: '10.6.0.1', lang: 'en-US' });
      expect(res.status).toBe(429);
      expect(res.body.code).toBe(-1001);
      expect(res.body.msg).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect((await get(small.app, '/api/user/login/info', {}, { ip: '10.6.0.2' })).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});
