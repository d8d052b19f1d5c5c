// Console login: password + TOTP, one refusal for every wrong part, no replayed code, disabled operators out,
// the lock-out holding a parallel burst to its allowance, cookie attributes, CSRF header, logout; and the
// operator command (create, list, disable, reset-totp) with its audit entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashProbe } from '../../server/domain/auth/password-hash.ts';
import { totpCode } from '../../server/domain/console/totp.ts';
import { runOperator } from '../../server/tools/operator.ts';
import { get, makeTestApp, post, rowCounts, type TestApp } from './helpers.ts';
import { asOperator, consoleLogin, cookieOf, forgetTotpStep, makeOperator } from './console-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t.close());

const WRONG = 'Username, password or code is wrong.';

describe('console login', () => {
  it('logs in with password and code: HttpOnly, SameSite=Strict, Path=/admin cookie; me; logout', async () => {
    const op = await makeOperator(t, 'kyc');
    const res = await consoleLogin(t, op);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toEqual({ id: op.id, username: op.username, roles: ['kyc'] });
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/^console_session=[A-Za-z0-9_-]{40,};/);
    for (const part of ['HttpOnly', 'SameSite=Strict', 'Path=/admin', 'Max-Age=28800'])
      expect(set).toContain(part);
    expect(set).not.toContain('Secure');
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = set.split(';')[0] ?? '';
    const me = await get(t.app, '/admin/api/me', {}, asOperator(cookie));
    expect(me.body.data.username).toBe(op.username);
    const out = await post(t.app, '/admin/api/logout', {}, asOperator(cookie));
    expect(out.body.code).toBe(0);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    const after = await get(t.app, '/admin/api/me', {}, asOperator(cookie));
    expect(after.body.code).toBe(-1000);
  });

  it('sets Secure when the request came over https (behind a trusted proxy), not over plain http', async () => {
    const https = await makeTestApp({ TRUST_PROXY: '1' });
    try {
      const op = await makeOperator(https, 'support');
      const login = (proto: string) =>
        https.app.inject({
          method: 'POST',
          url: '/admin/api/login',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-console': '1',
            'x-forwarded-proto': proto,
          },
          payload: new URLSearchParams({
            username: op.username,
            password: op.password,
            code: totpCode(op.secret, Date.now()),
          }).toString(),
        });
      const secure = await login('https');
      expect(secure.json<{ code: number }>().code).toBe(0);
      expect(String(secure.headers['set-cookie'])).toContain('; Secure');
      await forgetTotpStep(https, op);
      const plain = await login('http');
      expect(plain.json<{ code: number }>().code).toBe(0);
      expect(String(plain.headers['set-cookie'])).not.toContain('Secure');
    } finally {
      await https.close();
    }
  });

  it('refuses every wrong part with the same message and changes nothing', async () => {
    const op = await makeOperator(t, 'kyc');
    const disabled = await makeOperator(t, 'kyc');
    await t.db.updateTable('operators').set({ active: 0 }).where('id', '=', disabled.id).execute();
    const code = totpCode(op.secret, Date.now());
    const wrongCode = code === '000000' ? '111111' : '000000';
    const before = await rowCounts(t.db);
    const sessions = async () => (await t.db.selectFrom('operator_sessions').selectAll().execute()).length;
    const s0 = await sessions();
    const tries = [
      consoleLogin(t, op, { password: 'wrong-password-123' }, '10.1.0.1'),
      consoleLogin(t, op, { code: wrongCode }, '10.1.0.2'),
      consoleLogin(t, { ...op, username: 'nobody-here' }, {}, '10.1.0.3'),
      consoleLogin(t, disabled, {}, '10.1.0.4'),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: -1001, msg: WRONG });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await sessions()).toBe(s0);
    expect(await rowCounts(t.db)).toEqual(before);
    // Urdu by default
    const ur = await post(
      t.app,
      '/admin/api/login',
      { username: 'x', password: 'y', code: '123456' },
      { headers: { 'x-console': '1' }, ip: '10.1.0.5' },
    );
    expect(ur.body.msg).toBe('صارف نام، پاس ورڈ یا کوڈ غلط ہے۔');
  });

  it('refuses a replayed code, even in parallel', async () => {
    const op = await makeOperator(t, 'kyc');
    // One code for every call: each computing its own could straddle a 30 s step (a login hashes for a second
    // or two on a loaded machine), and a code of the next step is rightly accepted once more.
    const code = totpCode(op.secret, Date.now());
    const first = await consoleLogin(t, op, { code }, '10.2.0.1');
    expect(first.body.code).toBe(0);
    const again = await consoleLogin(t, op, { code }, '10.2.0.1');
    expect(again.body).toMatchObject({ code: -1001, msg: WRONG });
    await forgetTotpStep(t, op);
    const burst = await Promise.all([1, 2, 3].map(() => consoleLogin(t, op, { code }, '10.2.0.2')));
    expect(burst.filter((r) => r.body.code === 0)).toHaveLength(1);
  });

  it('holds a parallel burst of guesses to the allowance, then asks to wait', async () => {
    const op = await makeOperator(t, 'admin');
    const free = t.config.lockouts.consolePerUser.free;
    const checks = hashProbe.verifies;
    const burst = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        consoleLogin(t, op, { password: `guess-password-${i}` }, `10.3.0.${i + 1}`),
      ),
    );
    expect(hashProbe.verifies - checks).toBeLessThanOrEqual(free);
    for (const r of burst) expect(r.body.code).toBe(-1001);
    expect(burst.filter((r) => r.body.msg === WRONG)).toHaveLength(free);
    const right = await consoleLogin(t, op, {}, '10.3.1.1');
    expect(right.body.code).toBe(-1001);
    expect(right.body.msg).toMatch(/try again in/);
  });

  it('needs the x-console header on state-changing calls, and a session for the rest', async () => {
    const op = await makeOperator(t, 'kyc');
    const noHeader = await post(
      t.app,
      '/admin/api/login',
      { username: op.username, password: op.password, code: totpCode(op.secret, Date.now()) },
      { lang: 'en-US' },
    );
    expect(noHeader.body.code).toBe(-1001);
    expect(noHeader.headers['set-cookie']).toBeUndefined();
    const cookie = await cookieOf(t, op);
    const csrf = await post(t.app, '/admin/api/logout', {}, { headers: { cookie }, lang: 'en-US' });
    expect(csrf.body.code).toBe(-1001);
    expect((await get(t.app, '/admin/api/me', {}, asOperator(cookie))).body.code).toBe(0);
    expect((await get(t.app, '/admin/api/me', {}, asOperator('console_session=forged'))).body.code).toBe(
      -1000,
    );
    expect((await get(t.app, '/admin/api/me')).body.code).toBe(-1000);
    const unknown = await t.app.inject({ method: 'GET', url: '/admin/api/nothing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ code: number }>().code).toBe(-1001);
  });
});

describe('operator command', () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return {
      out,
      err,
      io: {
        out: (l: string) => out.push(l),
        err: (l: string) => err.push(l),
        readStdin: async () => 'a-chosen-password-42\n',
      },
    };
  };
  const env = () => ({
    ...process.env,
    ...Object.fromEntries(Object.entries({ DATA_DIR: t.dataDir, DATABASE_URL: t.config.databaseUrl })),
  });

  it('creates (generated or stdin password), lists, resets TOTP and disables, each audited', async () => {
    const a = io();
    expect(
      await runOperator(['create', '--username', 'cli.alice', '--roles', 'kyc,finance'], env(), a.io),
    ).toBe(0);
    const created = JSON.parse(a.out[0] ?? '{}') as {
      operator: { id: number; roles: string[] };
      password: string;
      totpSecret: string;
      otpauth: string;
    };
    expect(created.operator.roles).toEqual(['kyc', 'finance']);
    expect(created.password.length).toBeGreaterThanOrEqual(20);
    expect(created.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect(created.otpauth).toContain(`secret=${created.totpSecret}`);
    const login = await consoleLogin(
      t,
      {
        id: created.operator.id,
        username: 'cli.alice',
        password: created.password,
        secret: created.totpSecret,
      },
      {},
      '10.4.0.1',
    );
    expect(login.body.code).toBe(0);

    const b = io();
    expect(
      await runOperator(
        ['create', '--username', 'cli.bob', '--roles', 'support', '--password-stdin'],
        env(),
        b.io,
      ),
    ).toBe(0);
    expect(b.out[0]).not.toContain('"password"');

    const dup = io();
    expect(await runOperator(['create', '--username', 'cli.bob', '--roles', 'support'], env(), dup.io)).toBe(
      1,
    );
    expect(dup.err[0]).toContain('taken');
    const badRoles = io();
    expect(
      await runOperator(['create', '--username', 'cli.carol', '--roles', 'root'], env(), badRoles.io),
    ).toBe(1);
    const usage = io();
    expect(await runOperator(['launch'], env(), usage.io)).toBe(2);

    const l = io();
    expect(await runOperator(['list'], env(), l.io)).toBe(0);
    const names = (JSON.parse(l.out[0] ?? '{}') as { operators: { username: string }[] }).operators.map(
      (o) => o.username,
    );
    expect(names).toEqual(expect.arrayContaining(['cli.alice', 'cli.bob']));

    const r = io();
    expect(await runOperator(['reset-totp', '--username', 'cli.alice'], env(), r.io)).toBe(0);
    expect((JSON.parse(r.out[0] ?? '{}') as { totpSecret: string }).totpSecret).not.toBe(created.totpSecret);

    const d = io();
    expect(await runOperator(['disable', '--username', 'cli.alice'], env(), d.io)).toBe(0);
    const me = await get(
      t.app,
      '/admin/api/me',
      {},
      asOperator(String(login.headers['set-cookie']).split(';')[0] ?? ''),
    );
    expect(me.body.code).toBe(-1000);

    const audit = await t.db
      .selectFrom('operator_audit')
      .select(['action', 'source'])
      .where('subject_type', '=', 'operator')
      .where('subject_id', '=', String(created.operator.id))
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'operator.create', source: 'cli' },
      { action: 'operator.resetTotp', source: 'cli' },
      { action: 'operator.disable', source: 'cli' },
    ]);
  });
});
