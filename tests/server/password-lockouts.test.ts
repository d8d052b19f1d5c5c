// Attacks on the login password, as an outsider ran them: parallel bursts against one phone (login) and one
// session (user/update/password) never get more scrypt checks than the allowance, the right password hidden
// in a burst does not get through, a success does not wipe earlier failures, and the waits grow.
// Hashes are held at their start until every request of a burst has been admitted or refused, so the burst is
// truly in flight at once. (The same lock-out shared by two nodes through Redis: shared-limits.test.ts.)
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AttemptGuard, MemoryAttemptStore } from '../../server/domain/rate-limit/attempt-guard.ts';
import { burst, cheapUser, holdHashes, inQueue, sessionsOf, until, verifies } from './attack-helpers.ts';
import { login, makeTestApp, post, type TestApp } from './helpers.ts';

const FREE = 5;
let t: TestApp;
let gate: ReturnType<typeof holdHashes> | undefined;

beforeAll(async () => {
  // The per-phone in-flight cap (1) alone would stop these bursts; it is lifted here so the tests show that
  // the lock-out holds by itself (its own test is below).
  t = await makeTestApp({
    RATE_API_PER_IP_PER_MIN: '100000',
    LOGIN_IN_FLIGHT_PER_PHONE: '100',
    LOGIN_IN_FLIGHT_PER_IP: '1000',
  });
});
afterAll(() => t?.close());
afterEach(() => gate?.close());

/** Fires `calls` with every hash held until all are admitted or refused, then lets them finish. */
async function heldBurst<T>(calls: Array<() => Promise<T>>): Promise<T[]> {
  gate = holdHashes();
  const b = burst(calls);
  await until(() => b.settled() + inQueue() === calls.length);
  gate.open();
  return b.all;
}

const en = { lang: 'en-US' };

describe('login', () => {
  it('80 parallel wrong passwords for one phone get at most the free checks', async () => {
    const u = await cheapUser(t);
    const before = verifies();
    const answers = await heldBurst(
      Array.from(
        { length: 80 },
        (_, i) => () => login(t.app, u.phone, `Wrong-${i}`, { ...en, ip: `10.8.${i}.1` }),
      ),
    );
    expect(verifies() - before).toBeLessThanOrEqual(FREE);
    expect(answers.filter((a) => a.body.msg === 'Wrong phone number or password')).toHaveLength(FREE);
    expect(answers.every((a) => a.body.code === -1001)).toBe(true);
    expect(answers.filter((a) => /^Too many attempts/.test(a.body.msg))).toHaveLength(80 - FREE);
  });

  it('after 4 failures, 60 parallel guesses with the right one at #45 do not log in', async () => {
    const u = await cheapUser(t);
    for (let i = 0; i < 4; i++)
      expect((await login(t.app, u.phone, `Wrong-${i}`, { ip: '10.9.0.1' })).body.code).toBe(-1001);
    const sessions = await sessionsOf(t.app, u.userId);
    const before = verifies();
    const answers = await heldBurst(
      Array.from(
        { length: 60 },
        (_, i) => () =>
          login(t.app, u.phone, i === 45 ? u.password : `Guess-${i}`, { ...en, ip: `10.9.${i}.2` }),
      ),
    );
    // one free check was left: whichever request took it, the 45th was refused before any hash
    expect(verifies() - before).toBe(1);
    expect(answers[45]?.body.msg).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(0);
    expect(await sessionsOf(t.app, u.userId)).toBe(sessions);
  });

  it('a right password does not wipe earlier failures', async () => {
    const u = await cheapUser(t);
    for (let i = 0; i < 3; i++) await login(t.app, u.phone, `Wrong-${i}`, { ip: '10.10.0.1' });
    expect((await login(t.app, u.phone, u.password, { ip: '10.10.0.2' })).body.code).toBe(0);
    for (let i = 0; i < 2; i++) await login(t.app, u.phone, `Wrong-${i}`, { ip: '10.10.0.3' });
    const next = await login(t.app, u.phone, u.password, { ...en, ip: '10.10.0.4' });
    expect(next.body.msg).toBe('Too many attempts, please try again in 30 seconds');
  });

  it('waits double after each further failure, up to the cap (clock injected)', async () => {
    const clock = { t: Date.UTC(2026, 0, 1) };
    const real = t.app.lockouts.loginPerPhone;
    t.app.lockouts.loginPerPhone = new AttemptGuard(real.rule, new MemoryAttemptStore(), () => clock.t);
    try {
      const u = await cheapUser(t);
      for (let i = 0; i < FREE; i++) await login(t.app, u.phone, `Wrong-${i}`, { ip: '10.11.0.1' });
      const waits: string[] = [];
      for (let i = 0; i < 7; i++) {
        const refused = await login(t.app, u.phone, 'Wrong-x', { ...en, ip: '10.11.0.2' });
        waits.push(refused.body.msg.replace('Too many attempts, please try again in ', ''));
        clock.t += await t.app.lockouts.loginPerPhone.waitMs(`+92${u.phone}`);
        expect((await login(t.app, u.phone, 'Wrong-y', { ...en, ip: '10.11.0.3' })).body.msg).toBe(
          'Wrong phone number or password',
        );
      }
      expect(waits).toEqual([
        '30 seconds',
        '60 seconds',
        '2 minutes',
        '4 minutes',
        '8 minutes',
        '15 minutes',
        '15 minutes',
      ]);
      // the owner who waits out the last failure gets in, and the failures are still remembered
      clock.t += await t.app.lockouts.loginPerPhone.waitMs(`+92${u.phone}`);
      expect((await login(t.app, u.phone, u.password, { ip: '10.11.0.4' })).body.code).toBe(0);
      expect(await t.app.lockouts.loginPerPhone.failures(`+92${u.phone}`)).toBe(FREE + 7);
    } finally {
      t.app.lockouts.loginPerPhone = real;
    }
  });

  it('with the default in-flight cap, a burst for one phone gets a single check', async () => {
    const strict = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '100000' });
    try {
      const u = await cheapUser(strict);
      const before = verifies();
      gate = holdHashes();
      const b = burst(
        Array.from(
          { length: 80 },
          (_, i) => () => login(strict.app, u.phone, `Wrong-${i}`, { ...en, ip: `10.12.${i}.1` }),
        ),
      );
      await until(() => b.settled() + inQueue() === 80);
      gate.open();
      const answers = await b.all;
      expect(verifies() - before).toBe(1);
      expect(
        answers.filter((a) => a.body.msg === 'Too many attempts, please try again in 1 seconds'),
      ).toHaveLength(79);
    } finally {
      await strict.close();
    }
  });
});

describe('user/update/password', () => {
  const change = (token: string, oldPassword: string, ip: string) =>
    post(
      t.app,
      '/api/user/update/password',
      { oldPassword, password: 'Gwadar-2025', password2: 'Gwadar-2025' },
      { token, ip, lang: 'en-US' },
    );
  const hashOf = async (userId: number) =>
    (
      await t.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).password_hash;

  it('80 parallel wrong current passwords get at most the free checks', async () => {
    const u = await cheapUser(t);
    const before = verifies();
    const answers = await heldBurst(
      Array.from({ length: 80 }, (_, i) => () => change(u.token, `Wrong-${i}`, '10.13.0.1')),
    );
    expect(verifies() - before).toBeLessThanOrEqual(FREE);
    expect(answers.filter((a) => a.body.msg === 'The current password is incorrect')).toHaveLength(FREE);
    expect(answers.filter((a) => /^Too many attempts/.test(a.body.msg))).toHaveLength(80 - FREE);
  });

  it('after 4 failures, 60 parallel tries with the right one at #45 change nothing', async () => {
    const u = await cheapUser(t);
    for (let i = 0; i < 4; i++) await change(u.token, `Wrong-${i}`, '10.14.0.1');
    const hash = await hashOf(u.userId);
    const before = verifies();
    const answers = await heldBurst(
      Array.from(
        { length: 60 },
        (_, i) => () => change(u.token, i === 45 ? u.password : `Guess-${i}`, '10.14.0.2'),
      ),
    );
    expect(verifies() - before).toBe(1);
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(0);
    expect(await hashOf(u.userId)).toBe(hash);
  });

  it('shares the allowance with login (both guess the same password)', async () => {
    const u = await cheapUser(t);
    for (let i = 0; i < 3; i++) await login(t.app, u.phone, `Wrong-${i}`, { ip: '10.15.0.1' });
    for (let i = 0; i < 2; i++) await change(u.token, `Wrong-${i}`, '10.15.0.2');
    expect((await change(u.token, u.password, '10.15.0.2')).body.msg).toBe(
      'Too many attempts, please try again in 30 seconds',
    );
  });
});
