// user/login, user/login/info, user/info (GET and POST), user/update/password and user/logout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/domain/auth/tokens.ts';
import {
  get,
  login,
  makeTestApp,
  post,
  registerUser,
  rowCounts,
  type RegisteredUser,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let alice: RegisteredUser;
beforeAll(async () => {
  t = await makeTestApp();
  alice = await registerUser(t.app, { password: 'Lahore-2024' });
});
afterAll(() => t.close());

describe('POST user/login', () => {
  it('logs in with any accepted phone form and answers a new session with real and demo tokens', async () => {
    const res = await login(t.app, `0${alice.phone}`, 'Lahore-2024');
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      accountType: 'real',
      user: { id: alice.user.id, accountType: 'real' },
    });
    expect(res.body.data.tokenReal).not.toBe(alice.tokenReal);
    const session = await t.db
      .selectFrom('tokens as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .select(['s.created_at', 's.expires_at'])
      .where('t.token_hash', '=', hashToken(res.body.data.tokenDemo))
      .executeTakeFirstOrThrow();
    expect(session.expires_at - session.created_at).toBe(30 * 86_400_000);
  });

  it('refuses a wrong password or an unknown phone with the same message, storing no session', async () => {
    const before = await rowCounts(t.db);
    const wrong = await login(t.app, alice.phone, 'Wrong-pass-1', { lang: 'en-US', ip: '10.9.0.1' });
    const unknown = await login(t.app, '3119999999', 'Lahore-2024', { lang: 'en-US', ip: '10.9.0.1' });
    expect(wrong.body).toEqual({ code: -1001, msg: 'Wrong phone number or password', data: null });
    expect(unknown.body).toEqual(wrong.body);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it('refuses bad input by schema, naming the field', async () => {
    const cases: Array<[Record<string, string | string[]>, string, string]> = [
      [{ phone: alice.phone }, 'Password: required', 'password'],
      [
        { phone: '12345', password: 'x' },
        'Phone number: a Pakistani mobile number such as 3001234567',
        'phone',
      ],
      [{ phone: alice.phone, password: '' }, 'Password: must not be empty', 'password'],
      [{ phone: alice.phone, password: 'p'.repeat(21) }, 'Password: at most 20 characters', 'password'],
      [
        { phone: [alice.phone, alice.phone], password: 'Lahore-2024' },
        'Phone number: sent more than once',
        'phone',
      ],
    ];
    for (const [body, msg, field] of cases) {
      const res = await post(t.app, '/api/user/login', body, { lang: 'en-US' });
      expect(res.body, JSON.stringify(body)).toEqual({ code: -1001, msg, data: null, field });
    }
  });
});

describe('GET user/login/info', () => {
  it('answers user, openAutoApply and serviceSaleSmartly for a valid token of either account', async () => {
    for (const token of [alice.tokenReal, alice.tokenDemo]) {
      const res = await get(t.app, '/api/user/login/info', {}, { token });
      expect(res.body).toEqual({
        code: 0,
        msg: '',
        data: {
          user: { id: alice.user.id, account: `+92${alice.phone}`, status: 1, idStatus: 'none' },
          openAutoApply: 1, // the broker offers automatic IPO subscription (ipo.autoApply, on by default)
          serviceSaleSmartly: '',
        },
      });
    }
  });

  it('is public: data {} (never -1000) without a token or with a bad one', async () => {
    for (const opts of [{}, { token: 'garbage' }, { token: 'x'.repeat(500) }]) {
      const res = await get(t.app, '/api/user/login/info', {}, opts);
      expect(res.body).toEqual({ code: 0, msg: '', data: {} });
    }
  });
});

describe('user/info', () => {
  it('answers the profile for the account of the token, by GET and by POST', async () => {
    const real = await get(t.app, '/api/user/info', {}, { token: alice.tokenReal });
    const demo = await post(t.app, '/api/user/info', {}, { token: alice.tokenDemo });
    expect(real.body.data).toMatchObject({
      id: alice.user.id,
      accountType: 'real',
      phone: `+92${alice.phone}`,
    });
    expect(demo.body.data).toMatchObject({ id: alice.user.id, accountType: 'demo' });
    expect(Object.keys(real.body.data).sort()).toEqual(
      [
        'account',
        'accountType',
        'areaCode',
        'createdAt',
        'email',
        'hasTradePassword',
        'hasWithdrawPassword',
        'id',
        'idStatus',
        'inviteCode',
        'openAutoApply',
        'phone',
        'status',
      ].sort(),
    );
  });

  it('answers -1000 without a token, with an unknown token, or with an expired one', async () => {
    const fresh = await login(t.app, alice.phone, 'Lahore-2024');
    await t.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where(
        'id',
        '=',
        t.db
          .selectFrom('tokens')
          .select('session_id')
          .where('token_hash', '=', hashToken(fresh.body.data.tokenReal)),
      )
      .execute();
    for (const token of [undefined, 'not-a-token', fresh.body.data.tokenReal]) {
      const res = await get(
        t.app,
        '/api/user/info',
        {},
        token === undefined ? { lang: 'en-US' } : { token, lang: 'en-US' },
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        code: -1000,
        msg: 'You are not currently logged in, please go to log in',
        data: null,
      });
    }
  });

  it('answers -1000 before looking at the body of a non-public call', async () => {
    const res = await post(t.app, '/api/user/update/password', { oldPassword: ['a', 'b'] });
    expect(res.body.code).toBe(-1000);
  });
});

describe('POST user/logout', () => {
  it('revokes both tokens of the session and leaves other sessions alive', async () => {
    const s1 = (await login(t.app, alice.phone, 'Lahore-2024')).body.data;
    const s2 = (await login(t.app, alice.phone, 'Lahore-2024')).body.data;
    expect((await post(t.app, '/api/user/logout', {}, { token: s1.tokenDemo })).body).toEqual({
      code: 0,
      msg: '',
      data: null,
    });
    expect((await get(t.app, '/api/user/info', {}, { token: s1.tokenReal })).body.code).toBe(-1000);
    expect((await get(t.app, '/api/user/info', {}, { token: s1.tokenDemo })).body.code).toBe(-1000);
    expect((await get(t.app, '/api/user/login/info', {}, { token: s1.tokenReal })).body.data).toEqual({});
    expect((await get(t.app, '/api/user/info', {}, { token: s2.tokenReal })).body.code).toBe(0);
  });

  it('succeeds without a valid token (sign-out is idempotent)', async () => {
    expect((await post(t.app, '/api/user/logout')).body.code).toBe(0);
    expect((await post(t.app, '/api/user/logout', {}, { token: 'nope' })).body.code).toBe(0);
  });
});

describe('POST user/update/password', () => {
  it('refuses a wrong current password, a mismatch, the same password and a common one, changing nothing', async () => {
    const bob = await registerUser(t.app, { password: 'Quetta-77' });
    const cases: Array<[Record<string, string>, string, string]> = [
      [
        { oldPassword: 'Wrong-777', password: 'Multan-88', password2: 'Multan-88' },
        'The current password is incorrect',
        'oldPassword',
      ],
      [
        { oldPassword: 'Quetta-77', password: 'Multan-88', password2: 'Multan-89' },
        'The two passwords do not match',
        'password2',
      ],
      [
        { oldPassword: 'Quetta-77', password: 'Quetta-77', password2: 'Quetta-77' },
        'The new password must be different from the current one',
        'password',
      ],
      [
        { oldPassword: 'Quetta-77', password: 'password1', password2: 'password1' },
        'This password is too common, please choose another one',
        'password',
      ],
      [
        { oldPassword: 'Quetta-77', password: 'short', password2: 'short' },
        'Password: at least 6 characters',
        'password',
      ],
      [{ oldPassword: 'Quetta-77', password: 'Multan-88' }, 'Confirm password: required', 'password2'],
    ];
    const hashOf = async (id: number) =>
      (await t.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
        .password_hash;
    const hashBefore = await hashOf(bob.user.id);
    for (const [body, msg, field] of cases) {
      const res = await post(t.app, '/api/user/update/password', body, {
        token: bob.tokenReal,
        lang: 'en-US',
      });
      expect(res.body, msg).toEqual({ code: -1001, msg, data: null, field });
    }
    expect(await hashOf(bob.user.id)).toBe(hashBefore);
    expect((await get(t.app, '/api/user/info', {}, { token: bob.tokenReal })).body.code).toBe(0);
  });

  it('changes the password and revokes every session of the user', async () => {
    const carol = await registerUser(t.app, { password: 'Sialkot-12' });
    const other = (await login(t.app, carol.phone, 'Sialkot-12')).body.data;
    const res = await post(
      t.app,
      '/api/user/update/password',
      { oldPassword: 'Sialkot-12', password: 'Peshawar-34', password2: 'Peshawar-34' },
      { token: carol.tokenDemo },
    );
    expect(res.body).toEqual({ code: 0, msg: '', data: null });
    for (const token of [carol.tokenReal, carol.tokenDemo, other.tokenReal, other.tokenDemo]) {
      expect((await get(t.app, '/api/user/info', {}, { token })).body.code).toBe(-1000);
    }
    expect((await login(t.app, carol.phone, 'Sialkot-12')).body.code).toBe(-1001);
    expect((await login(t.app, carol.phone, 'Peshawar-34')).body.code).toBe(0);
    // Other users keep their sessions.
    expect((await get(t.app, '/api/user/info', {}, { token: alice.tokenReal })).body.code).toBe(0);
  });
});
