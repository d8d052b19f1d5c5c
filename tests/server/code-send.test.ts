// POST common/code/send: codes go through the SMS gateway (dev outbox by default), as keyed hashes in
// sms_codes; the answer is the same whether or not the number has an account, for every type, and the
// limits count every answer; the log never holds a code.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { SmsGateway } from '../../server/domain/sms/sms-gateway.ts';
import {
  latestSms,
  makeTestApp,
  post,
  registerUser,
  rowCounts,
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

describe('POST common/code/send', () => {
  it('writes a localised 6-digit code to the dev outbox; the code verifies once', async () => {
    const phone = uniquePhone();
    const res = await post(
      t.app,
      '/api/common/code/send',
      { areaCode: '+92', phone: `0${phone}`, type: 'register' },
      { lang: 'en-US' },
    );
    expect(res.body).toEqual({ code: 0, msg: '', data: { expiresInSec: 300, resendInSec: 60 } });
    const text = (await latestSms(t.app, phone)) ?? '';
    expect(text).toMatch(/^Your verification code is \d{6}\. It expires in 5 minutes\./);
    const code = /\d{6}/.exec(text)?.[0] ?? '';
    const other = code === '000000' ? '000001' : '000000';
    expect(await t.app.smsCodes.verify(`+92${phone}`, 'register', other)).toBe('wrong');
    expect(await t.app.smsCodes.verify(`+92${phone}`, 'reset', code)).toBe('expired'); // bound to its purpose
    expect(await t.app.smsCodes.verify(`+92${phone}`, 'register', code)).toBe('ok');
    expect(await t.app.smsCodes.verify(`+92${phone}`, 'register', code)).toBe('expired'); // single use
  });

  it('sends the text in Urdu by default', async () => {
    const phone = uniquePhone();
    await post(t.app, '/api/common/code/send', { phone, type: 'register' });
    expect(await latestSms(t.app, phone)).toMatch(/^آپ کا تصدیقی کوڈ \d{6} ہے/);
  });

  it('answers the same for a registered and an unregistered number, for every type', async () => {
    for (const type of ['register', 'reset', 'login', 'withdraw'] as const) {
      const user = await registerUser(t.app);
      t.app.limits.codeSendPerPhone.reset(`+92${user.phone}`);
      const stranger = uniquePhone();
      const answers = [];
      for (const phone of [user.phone, stranger]) {
        const before = await rowCounts(t.db);
        // `withdraw` from its own address, so the default address keeps its per-IP budget for later tests
        const from = type === 'withdraw' ? { ip: '10.7.2.1' } : {};
        const res = await post(t.app, '/api/common/code/send', { phone, type }, { lang: 'en-US', ...from });
        answers.push({
          raw: res.raw,
          status: res.status,
          // The clock's headers differ between any two answers: the date, and the seconds until the rate
          // window resets (one second apart when the two calls straddle a second on a loaded machine).
          headers: { ...res.headers, date: '', 'x-ratelimit-remaining': '', 'x-ratelimit-reset': '' },
        });
        // The same database work either way: one sms_codes row replaces the number's earlier ones.
        const codes = await t.db
          .selectFrom('sms_codes')
          .select('id')
          .where('phone', '=', `+92${phone}`)
          .where('type', '=', type)
          .execute();
        expect(codes).toHaveLength(1);
        expect((await rowCounts(t.db)).users).toBe(before.users);
      }
      expect(answers[0], type).toEqual(answers[1]);
      // What the owner receives differs.
      const registeredText = (await latestSms(t.app, user.phone)) ?? '';
      const strangerText = await latestSms(t.app, stranger);
      if (type === 'register') {
        expect(registeredText).toMatch(/already has an account.*Forgot password/);
        expect(registeredText).not.toMatch(/\d{6}/);
        expect(strangerText).toMatch(/^Your verification code is \d{6}/);
      } else {
        expect(registeredText).toMatch(
          type === 'login'
            ? /verification code is \d{6}/
            : type === 'withdraw'
              ? /withdrawal password reset code is \d{6}/
              : /password reset code is \d{6}/,
        );
        expect(strangerText).toBeUndefined(); // nothing texted to a number without an account
      }
    }
  });

  it('refuses a wrong reset code for a number without an account exactly like for a registered one', async () => {
    const user = await registerUser(t.app);
    t.app.limits.codeSendPerPhone.reset(`+92${user.phone}`);
    const stranger = uniquePhone();
    const answers = [];
    for (const phone of [user.phone, stranger]) {
      await post(t.app, '/api/common/code/send', { phone, type: 'reset' });
      const body = { phone, code: '123456', password: 'New-pass-77', password2: 'New-pass-77' };
      answers.push((await post(t.app, '/api/user/password/reset', body, { lang: 'en-US' })).raw);
    }
    expect(answers[0]).toBe(answers[1]);
    expect(answers[0]).toMatch(/The SMS code is wrong/);
  });

  it('refuses bad input with a localised message and stores nothing', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ phone: uniquePhone(), type: 'other' }, 'Type: invalid value', 'type'],
      [{ phone: uniquePhone() }, 'Type: required', 'type'],
      [
        { phone: '0300123456', type: 'register' },
        'Phone number: a Pakistani mobile number such as 3001234567',
        'phone',
      ],
      [{ phone: uniquePhone(), type: 'register', areaCode: '+1' }, 'Area code: invalid value', 'areaCode'],
    ];
    for (const [body, msg, field] of cases) {
      const before = await rowCounts(t.db);
      const res = await post(t.app, '/api/common/code/send', body, { lang: 'en-US', ip: '10.7.0.1' });
      expect(res.body, msg).toEqual({ code: -1001, msg, data: null, field });
      expect(await rowCounts(t.db)).toEqual(before);
    }
  });

  it('uses a configured gateway instead of the outbox, and answers the same when the gateway fails', async () => {
    const sent: Array<[string, string]> = [];
    let fail = false;
    const gateway: SmsGateway = {
      send: async (phone, text) => {
        if (fail) throw new Error('provider down');
        sent.push([phone, text]);
      },
    };
    const app = await buildApp({ config: t.config, smsGateway: gateway });
    try {
      const phone = uniquePhone();
      const before = (await rowCounts(app.db)).sms_outbox;
      const first = await post(app, '/api/common/code/send', { phone, type: 'register' });
      expect(first.body.code).toBe(0);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.[0]).toBe(`+92${phone}`);
      expect((await rowCounts(app.db)).sms_outbox).toBe(before);
      fail = true;
      const second = await post(app, '/api/common/code/send', { phone: uniquePhone(), type: 'register' });
      expect(second.raw).toBe(first.raw);
    } finally {
      await app.close();
    }
  });
});

describe('limits count every answer', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await makeTestApp({ RATE_CODE_PER_IP_PER_HOUR: '3' });
  });
  afterAll(() => s.close());

  it('refuses a second request for a phone within a minute, registered or not', async () => {
    const user = await registerUser(s.app);
    s.app.limits.codeSendPerPhone.reset(`+92${user.phone}`);
    const stranger = uniquePhone();
    const refusals = [];
    for (const [i, phone] of [user.phone, stranger].entries()) {
      for (const type of ['reset', 'register'] as const) {
        const res = await post(
          s.app,
          '/api/common/code/send',
          { phone, type },
          { ip: `10.8.${i}.${type.length}`, lang: 'en-US' },
        );
        if (type === 'reset') expect(res.body.code).toBe(0);
        else refusals.push(res.body);
      }
    }
    expect(refusals[0]).toEqual(refusals[1]);
    expect(refusals[0]?.msg).toMatch(/^Too many attempts, please try again in (59|60) seconds$/);
  });

  it('counts answers for registered and unregistered numbers toward one per-IP budget', async () => {
    const user = await registerUser(s.app);
    s.app.limits.codeSendPerPhone.reset(`+92${user.phone}`);
    const ip = '10.9.9.9';
    const phones = [user.phone, uniquePhone(), uniquePhone()];
    for (const phone of phones)
      expect((await post(s.app, '/api/common/code/send', { phone, type: 'reset' }, { ip })).body.code).toBe(
        0,
      );
    const before = await rowCounts(s.db);
    const refused = await post(
      s.app,
      '/api/common/code/send',
      { phone: uniquePhone(), type: 'register' },
      { ip, lang: 'en-US' },
    );
    expect(refused.body.msg).toMatch(/^Too many attempts, please try again in 60 minutes$/);
    expect(await rowCounts(s.db)).toEqual(before);
  });
});

describe('logging', () => {
  it('never writes a code (or the texts that carry it) to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({ config: t.config, logger: true, logStream: stream });
    try {
      const phone = uniquePhone();
      const code = await sendSmsCode(app, phone);
      const res = await post(app, '/api/user/register', {
        phone,
        password: 'Multan-mango-1',
        password2: 'Multan-mango-1',
        code,
        ...(await solveCaptcha(app)),
        agree: '1',
      });
      expect(res.body.code).toBe(0);
      app.limits.codeSendPerPhone.reset(`+92${phone}`);
      const resetCode = await sendSmsCode(app, phone, 'reset');
      await post(app, '/api/user/password/reset', {
        phone,
        code: resetCode,
        password: 'Multan-mango-2',
        password2: 'Multan-mango-2',
      });
      const log = lines.join('');
      expect(log).toContain('dev SMS outbox'); // the log was captured at all
      expect(log).not.toContain(code);
      expect(log).not.toContain(resetCode);
      expect(log).not.toMatch(/verification code is|reset code is|تصدیقی کوڈ/);
    } finally {
      await app.close();
    }
  });
});

describe('the HMAC key', () => {
  it('comes from SMS_CODE_SECRET when set (no key file then), which must be at least 32 characters', async () => {
    const secret = 'a-shared-secret-for-several-nodes-0123456789';
    const s = await makeTestApp({ SMS_CODE_SECRET: secret });
    try {
      const phone = uniquePhone();
      const code = await sendSmsCode(s.app, phone);
      const { code_hash: stored } = await s.db
        .selectFrom('sms_codes')
        .select('code_hash')
        .where('phone', '=', `+92${phone}`)
        .executeTakeFirstOrThrow();
      expect(stored).toBe(
        createHmac('sha256', secret).update(`+92${phone}\nregister\n${code}`).digest('hex'),
      );
      expect(fs.existsSync(path.join(s.dataDir, 'sms-code.key'))).toBe(false);
    } finally {
      await s.close();
    }
    expect(() => loadConfig({ SMS_CODE_SECRET: 'short' })).toThrow(/SMS_CODE_SECRET must be at least 32/);
  });

  it('is kept in DATA_DIR across restarts, so a texted code stays valid', async () => {
    const phone = uniquePhone();
    const code = await sendSmsCode(t.app, phone);
    const again = await buildApp({ config: t.config });
    try {
      expect(await again.smsCodes.verify(`+92${phone}`, 'register', code)).toBe('ok');
    } finally {
      await again.close();
    }
  });
});
