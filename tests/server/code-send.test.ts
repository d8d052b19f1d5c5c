// POST common/code/send: codes go through the SMS gateway (dev outbox by default), hashed in sms_codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySmsCode } from '../../server/domain/sms/sms-codes.ts';
import type { SmsGateway } from '../../server/domain/sms/sms-gateway.ts';
import { makeTestApp, post, registerUser, rowCounts, uniquePhone, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe('POST common/code/send', () => {
  it('writes a localised 6-digit code to the dev outbox and stores only its hash', async () => {
    const phone = uniquePhone();
    const res = await post(
      t.app,
      '/api/common/code/send',
      { areaCode: '+92', phone: `0${phone}`, type: 'register' },
      { lang: 'en-US' },
    );
    expect(res.body.code).toBe(0);
    const text = t.db
      .prepare('SELECT text FROM sms_outbox WHERE phone = ?')
      .pluck()
      .get(`+92${phone}`) as string;
    expect(text).toMatch(/^Your verification code is \d{6}\. It expires in 5 minutes\./);
    const code = /\d{6}/.exec(text)?.[0] ?? '';
    expect(t.db.prepare('SELECT COUNT(*) FROM sms_codes WHERE code_hash = ?').pluck().get(code)).toBe(0);
    expect(
      verifySmsCode(
        t.db,
        `+92${phone}`,
        'register',
        '000000'.replace(/./g, (_, i) => (code[i] === '0' ? '1' : '0')),
      ),
    ).toBe(false);
    expect(verifySmsCode(t.db, `+92${phone}`, 'register', code)).toBe(true);
    expect(verifySmsCode(t.db, `+92${phone}`, 'register', code)).toBe(false); // single use
  });

  it('sends the text in Urdu by default', async () => {
    const phone = uniquePhone();
    await post(t.app, '/api/common/code/send', { phone, type: 'register' });
    const text = t.db
      .prepare('SELECT text FROM sms_outbox WHERE phone = ?')
      .pluck()
      .get(`+92${phone}`) as string;
    expect(text).toMatch(/^آپ کا تصدیقی کوڈ \d{6} ہے/);
  });

  it('refuses register for a registered phone and reset/login for an unknown one, storing nothing', async () => {
    const user = await registerUser(t.app);
    const cases: Array<[Record<string, string>, string]> = [
      [{ phone: user.phone, type: 'register' }, 'This phone number is already registered'],
      [{ phone: uniquePhone(), type: 'reset' }, 'This phone number is not registered'],
      [{ phone: uniquePhone(), type: 'login' }, 'This phone number is not registered'],
      [{ phone: uniquePhone(), type: 'other' }, 'Type: invalid value'],
      [{ phone: uniquePhone() }, 'Type: required'],
      [{ phone: '0300123456', type: 'register' }, 'Phone number: invalid format'],
      [{ phone: uniquePhone(), type: 'register', areaCode: '+1' }, 'Area code: invalid value'],
    ];
    for (const [body, msg] of cases) {
      const before = rowCounts(t.db);
      const res = await post(t.app, '/api/common/code/send', body, { lang: 'en-US', ip: '10.7.0.1' });
      expect(res.body, msg).toEqual({ code: -1001, msg, data: null });
      expect(rowCounts(t.db)).toEqual(before);
    }
    expect((await post(t.app, '/api/common/code/send', { phone: user.phone, type: 'reset' })).body.code).toBe(
      0,
    );
  });

  it('uses a configured gateway instead of the outbox', async () => {
    const sent: Array<[string, string]> = [];
    const gateway: SmsGateway = { send: async (phone, text) => void sent.push([phone, text]) };
    const { buildApp } = await import('../../server/app.ts');
    const app = await buildApp({ config: t.config, smsGateway: gateway });
    try {
      const phone = uniquePhone();
      const before = rowCounts(app.db).sms_outbox;
      expect((await post(app, '/api/common/code/send', { phone, type: 'register' })).body.code).toBe(0);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.[0]).toBe(`+92${phone}`);
      expect(rowCounts(app.db).sms_outbox).toBe(before);
    } finally {
      await app.close();
    }
  });
});
