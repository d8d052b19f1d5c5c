// user/register and common/captcha: the happy path, each refusal (nothing stored), captcha single use/expiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, userLedgerAccount } from '../../server/domain/ledger/ledger-repo.ts';
import { accountIdOf } from '../../server/domain/auth/users-repo.ts';
import {
  get,
  post,
  registerUser,
  rowCounts,
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

async function validBody(overrides: Record<string, string> = {}) {
  return {
    areaCode: '+92',
    phone: uniquePhone(),
    password: 'Kar4chi-sea',
    password2: 'Kar4chi-sea',
    ...(await solveCaptcha(t.app)),
    agree: '1',
    ...overrides,
  };
}

describe('GET common/captcha', () => {
  it('answers an SVG data URL whose answer is stored, 4–5 unambiguous characters, not in the markup', async () => {
    const res = await get(t.app, '/api/common/captcha');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const { captchaId, image, expiresInSec } = res.body.data;
    expect(expiresInSec).toBeGreaterThanOrEqual(120);
    expect(expiresInSec).toBeLessThanOrEqual(300);
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(image.split(',')[1], 'base64').toString();
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toContain('<text');
    const row = t.db
      .prepare('SELECT answer, expires_at - created_at AS ttl FROM captchas WHERE id = ?')
      .get(captchaId) as {
      answer: string;
      ttl: number;
    };
    expect(row.answer).toMatch(/^[ACDEFHJKMNPRTUVWXY34679]{4,5}$/);
    expect(row.ttl).toBe(expiresInSec * 1000);
  });
});

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
      openAutoApply: 0,
      hasTradePassword: false,
    });
    expect(data.user.id).toBeGreaterThan(100000);
    expect(data.user.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    // Tokens are stored only as hashes.
    expect(t.db.prepare('SELECT COUNT(*) FROM tokens WHERE token_hash = ?').pluck().get(data.tokenReal)).toBe(
      0,
    );
    const demo = accountIdOf(t.db, data.user.id, 'demo') as number;
    const real = accountIdOf(t.db, data.user.id, 'real') as number;
    expect(balanceOf(t.db, userLedgerAccount(t.db, demo), 'PKR')).toBe(250050n);
    expect(balanceOf(t.db, userLedgerAccount(t.db, real), 'PKR')).toBe(0n);
    const stored = t.db
      .prepare('SELECT password_hash FROM users WHERE id = ?')
      .pluck()
      .get(data.user.id) as string;
    expect(stored).toMatch(/^scrypt\$17\$8\$1\$/);
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
    const invitedBy = t.db
      .prepare('SELECT invited_by FROM users WHERE id = ?')
      .pluck()
      .get(res.body.data.user.id);
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
      ['a landline number', (b) => ({ ...b, phone: '0215551234' }), /^Phone number: invalid format$/],
      [
        'a phone of another country',
        (b) => ({ ...b, phone: '+913001234567' }),
        /^Phone number: invalid format$/,
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
      [
        'a duplicated phone key',
        (b) => ({ ...b, phone: [b['phone'] ?? '', '3001234567'] }),
        /^Phone number: sent more than once$/,
      ],
    ];
  it.each(refusals)('refuses %s with -1001 and stores nothing', async (_name, change, message) => {
    const body = change(await validBody());
    const before = rowCounts(t.db);
    const res = await post(t.app, '/api/user/register', body, { lang: 'en-US' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(-1001);
    expect(res.body.msg).toMatch(message);
    expect(res.body.data).toBeNull();
    expect(rowCounts(t.db)).toEqual(before);
  });

  it('refuses a phone that is already registered, in any of its forms', async () => {
    const user = await registerUser(t.app);
    const before = rowCounts(t.db);
    const res = await post(t.app, '/api/user/register', await validBody({ phone: '0' + user.phone }), {
      lang: 'en-US',
    });
    expect(res.body).toMatchObject({ code: -1001, msg: 'This phone number is already registered' });
    expect(rowCounts(t.db)).toEqual(before);
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
    expect(t.db.prepare('SELECT COUNT(*) FROM captchas WHERE id = ?').pluck().get(body.captchaId)).toBe(0);
  });

  it('refuses an expired captcha even with the right answer', async () => {
    const body = await validBody();
    t.db.prepare('UPDATE captchas SET expires_at = ? WHERE id = ?').run(Date.now() - 1, body.captchaId);
    const before = rowCounts(t.db);
    const res = await post(t.app, '/api/user/register', body, { lang: 'en-US' });
    expect(res.body).toMatchObject({ code: -1001, msg: 'The captcha has expired, please get a new one' });
    expect(rowCounts(t.db)).toEqual(before);
  });

  it('answers in Urdu by default', async () => {
    const res = await post(t.app, '/api/user/register', await validBody({ captcha: 'nope' }));
    expect(res.body).toMatchObject({ code: -1001, msg: 'کیپچا کوڈ غلط ہے' });
  });
});
