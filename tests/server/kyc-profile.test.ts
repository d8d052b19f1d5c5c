// POST user/update (display name) and POST user/update/email (stored unverified): each answers the profile,
// changes only the caller's own row, and refuses bad input at its field without changing anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, makeTestApp, post, registerUser, rowCounts, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const userRow = (id: number) =>
  t.db.selectFrom('users').select(['account', 'email']).where('id', '=', id).executeTakeFirstOrThrow();

describe('POST user/update', () => {
  it('changes the display name (trimmed), only for the caller', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const res = await post(t.app, '/api/user/update', { account: '  Ali   Raza ' }, { token: a.token });
    expect(res.body).toMatchObject({ code: 0, data: { id: a.user.id, account: 'Ali Raza' } });
    const info = await get(t.app, '/api/user/info', {}, { token: a.tokenDemo });
    expect(info.body.data.account).toBe('Ali Raza');
    expect((await userRow(b.user.id)).account).toBe(b.user.account);
    const urdu = await post(t.app, '/api/user/update', { account: 'علی رضا' }, { token: a.token });
    expect(urdu.body.data.account).toBe('علی رضا');
  });

  it('refuses a name too short, too long or with control characters; -1000 without a token', async () => {
    const a = await registerUser(t.app);
    const before = await rowCounts(t.db);
    for (const account of ['', ' a ', 'x'.repeat(31), 'bad\u0007name', '<script>']) {
      const res = await post(t.app, '/api/user/update', { account }, { token: a.token, lang: 'en-US' });
      expect(res.body.code).toBe(-1001);
      expect((res.body as { field?: string }).field).toBe('account');
    }
    expect((await userRow(a.user.id)).account).toBe(a.user.account);
    expect(await rowCounts(t.db)).toEqual(before);
    expect((await post(t.app, '/api/user/update', { account: 'Ali' })).body.code).toBe(-1000);
  });
});

describe('POST user/update/email', () => {
  it('stores the address with the domain lower-cased and shows it in the profile', async () => {
    const a = await registerUser(t.app);
    const res = await post(
      t.app,
      '/api/user/update/email',
      { email: ' Ali.Raza@Example.COM ' },
      { token: a.token },
    );
    expect(res.body).toMatchObject({ code: 0, data: { email: 'Ali.Raza@example.com' } });
    expect((await userRow(a.user.id)).email).toBe('Ali.Raza@example.com');
    const info = await get(t.app, '/api/user/info', {}, { token: a.token });
    expect(info.body.data.email).toBe('Ali.Raza@example.com');
    await post(t.app, '/api/user/update/email', { email: 'new@mail.pk' }, { token: a.token });
    expect((await userRow(a.user.id)).email).toBe('new@mail.pk');
  });

  it('answers an empty email before one is set', async () => {
    const a = await registerUser(t.app);
    expect((await get(t.app, '/api/user/info', {}, { token: a.token })).body.data.email).toBe('');
  });

  it('refuses what is not an address; -1000 without a token', async () => {
    const a = await registerUser(t.app);
    const before = await rowCounts(t.db);
    const bad = [
      'plain',
      'a@b',
      '@example.com',
      'a..b@example.com',
      'a@-x.com',
      'a b@example.com',
      `${'x'.repeat(250)}@e.com`,
    ];
    for (const email of bad) {
      const res = await post(t.app, '/api/user/update/email', { email }, { token: a.token, lang: 'en-US' });
      expect(res.body.code, email).toBe(-1001);
      expect((res.body as { field?: string }).field).toBe('email');
    }
    expect((await userRow(a.user.id)).email).toBeNull();
    expect(await rowCounts(t.db)).toEqual(before);
    expect((await post(t.app, '/api/user/update/email', { email: 'a@b.pk' })).body.code).toBe(-1000);
  });
});
