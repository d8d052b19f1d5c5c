// Two nodes sharing one Redis (project server-pg, which has one) share their limits: the per-IP flood guard,
// the named limiters (captchas, code sending) and the login lock-outs per phone and per address, so spreading
// the calls over the nodes gains nothing. The two apps are two nodes of one deployment: one PostgreSQL database
// and one Redis (Redis keys carry the deployment's name: server/domain/cluster/cluster-name.ts). Single-node
// behaviour of the same limits: rate-limits.test.ts, password-lockouts.test.ts.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterSecrets } from '../support/cluster-secrets.ts';
import { freshDbPlace } from '../support/test-db.ts';
import { testRedisUrl } from '../support/test-redis.ts';
import { get, login, makeTestApp, post, registerUser, uniquePhone, type TestApp } from './helpers.ts';

/** An address no other test of the run uses (the run's Redis is shared by every file). */
const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Two nodes on one Redis and one database; the database goes when both have closed. */
async function twoNodes(env: Record<string, string>): Promise<[TestApp, TestApp]> {
  const place = await freshDbPlace();
  const shared = {
    ...env,
    ...clusterSecrets(),
    REDIS_URL: testRedisUrl() ?? '',
    DATABASE_URL: place.databaseUrl ?? '',
  };
  let open = 2;
  const node = async (id: string): Promise<TestApp> => {
    const t = await makeTestApp({ ...shared, NODE_ID: id });
    return {
      ...t,
      close: async () => {
        await t.close();
        if (--open === 0) await place.remove();
      },
    };
  };
  return [await node('node-a'), await node('node-b')];
}

const en = { lang: 'en-US' };

describe.skipIf(!testRedisUrl())('two nodes on one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await twoNodes({
      RATE_API_PER_IP_PER_MIN: '100000',
      RATE_CAPTCHA_PER_IP_PER_MIN: '2',
      RATE_LOGIN_FAIL_PER_PHONE: '3',
      RATE_LOGIN_FAIL_PER_IP_PER_MIN: '4',
    });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('share one flood guard per address: the call over budget is refused whichever node gets it', async () => {
    const [x, y] = await twoNodes({ RATE_API_PER_IP_PER_MIN: '3' });
    try {
      const ip = freshIp();
      for (const node of [x, y, x]) {
        const ok = await get(node.app, '/api/user/login/info', {}, { ip });
        expect(ok.status).toBe(200);
        expect(ok.headers['x-ratelimit-limit']).toBe('3');
      }
      const res = await get(y.app, '/api/user/login/info', {}, { ip, ...en });
      expect(res.status).toBe(429);
      expect(res.body.code).toBe(-1001);
      expect(res.body.msg).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
      expect(res.headers['retry-after']).toBeDefined();
      expect((await get(x.app, '/api/user/login/info', {}, { ip: freshIp() })).status).toBe(200);
      // Another deployment on the same Redis (its own database) counts that address afresh.
      const other = await makeTestApp({ RATE_API_PER_IP_PER_MIN: '3', REDIS_URL: testRedisUrl() ?? '' });
      try {
        expect((await get(other.app, '/api/user/login/info', {}, { ip })).status).toBe(200);
      } finally {
        await other.close();
      }
    } finally {
      await x.close();
      await y.close();
    }
  });

  it('share the named limiters: captchas per address and code sending per phone', async () => {
    const ip = freshIp();
    expect((await get(a.app, '/api/common/captcha', {}, { ip })).body.code).toBe(0);
    expect((await get(b.app, '/api/common/captcha', {}, { ip })).body.code).toBe(0);
    expect((await get(a.app, '/api/common/captcha', {}, { ip })).body.code).toBe(-1001);
    expect((await get(b.app, '/api/common/captcha', {}, { ip: freshIp() })).body.code).toBe(0);

    const phone = uniquePhone();
    const send = (node: TestApp) =>
      post(node.app, '/api/common/code/send', { phone, type: 'register' }, { ip: freshIp(), ...en });
    expect((await send(a)).body.code).toBe(0);
    expect((await send(b)).body.msg).toMatch(/^Too many attempts, please try again in (59|60) seconds$/);
    await a.app.limits.codeSendPerPhone.reset(`+92${phone}`);
    expect((await send(b)).body.code).toBe(0);
  });

  it('let one of two parallel code sends for one phone through, one on each node', async () => {
    const phone = uniquePhone();
    const send = (node: TestApp) =>
      post(node.app, '/api/common/code/send', { phone, type: 'register' }, { ip: freshIp(), ...en });
    const answers = await Promise.all([send(a), send(b)]);
    expect(answers.map((x) => x.body.code).sort()).toEqual([-1001, 0]);
  });

  it('share one login lock-out per phone: failures on one node lock the phone on the other', async () => {
    const user = await registerUser(a.app, { password: 'Hyderabad-5' });
    // node b does not know the phone (a database of its own): its answers are "wrong", and they count
    for (let i = 0; i < 3; i++) {
      const res = await login(b.app, user.phone, `Wrong-${i}`, { ip: freshIp(), ...en });
      expect(res.body.msg).toBe('Wrong phone number or password');
    }
    const locked = await login(a.app, user.phone, 'Hyderabad-5', { ip: freshIp(), ...en });
    expect(locked.body.msg).toBe('Too many attempts, please try again in 30 seconds');
    expect(await a.app.lockouts.loginPerPhone.failures(`+92${user.phone}`)).toBe(3);
    // lifted on one node (as a password reset does), lifted on both
    await b.app.lockouts.loginPerPhone.clear(`+92${user.phone}`);
    expect((await login(a.app, user.phone, 'Hyderabad-5', { ip: freshIp() })).body.code).toBe(0);
  });

  it('share one login lock-out per address: guesses spread over the nodes add up', async () => {
    const ip = freshIp();
    for (const node of [a, b, a, b]) {
      expect((await login(node.app, uniquePhone(), 'Guess-123', { ip })).body.code).toBe(-1001);
    }
    const user = await registerUser(b.app, { password: 'Hyderabad-5' });
    const refused = await login(b.app, user.phone, 'Hyderabad-5', { ip, ...en });
    expect(refused.body.msg).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    expect((await login(b.app, user.phone, 'Hyderabad-5', { ip: freshIp() })).body.code).toBe(0);
  });
});
