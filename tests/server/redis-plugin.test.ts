// The Redis plugin (plugins/redis.ts): without REDIS_URL nothing is opened; an unreachable Redis fails the start
// with a message naming it; with the run's Redis (project server-pg) the command connection answers, a
// connection killed by the server is logged and comes back by itself with no crash and no unhandled rejection,
// and closing the app closes every connection it opened.
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { configPlugin } from '../../server/plugins/config.ts';
import { redisPlugin } from '../../server/plugins/redis.ts';
import { waitFor } from '../support/wait-for.ts';
import { requireRedisUrl, testRedisClient, testRedisUrl, uniquePrefix } from '../support/test-redis.ts';

/** A bare app with the plugin and a log kept in memory. */
async function appWith(url: string, nodeId = 'test-node') {
  const lines: Array<{ msg?: string; level?: number }> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app: FastifyInstance = Fastify({ logger: { level: 'info', stream } });
  await app.register(configPlugin, { config: loadConfig({ REDIS_URL: url, NODE_ID: nodeId }) });
  await app.register(redisPlugin);
  await app.ready();
  return { app, lines };
}

it('without REDIS_URL there is no Redis: app.redis and app.redisConnect are null', async () => {
  const { app } = await appWith('');
  expect(app.redis).toBeNull();
  expect(app.redisConnect).toBeNull();
  await app.close();
});

it('an unreachable Redis fails the start with a message that names it', async () => {
  const app = Fastify();
  await expect(
    (async () => {
      await app.register(configPlugin, {
        config: loadConfig({ REDIS_URL: 'redis://:secret@127.0.0.1:1', NODE_ID: 'n' }),
      });
      await app.register(redisPlugin);
      await app.ready();
    })(),
  ).rejects.toThrow(
    /^Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1 \(REDIS_URL\) is unreachable: .*ECONNREFUSED/,
  );
  await app.close();
});

describe.skipIf(!testRedisUrl())('with Redis', () => {
  const admin = testRedisUrl() ? testRedisClient() : undefined;
  afterAll(async () => {
    await admin?.quit();
  });

  /** Kills this node's connections named `name` from the server side. */
  async function killConnection(name: string): Promise<void> {
    const list = String(await admin!.client('LIST'));
    const ids = [...list.matchAll(/id=(\d+) .*?name=(\S*)/g)].filter((m) => m[2] === name).map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) await admin!.client('KILL', 'ID', id!);
  }

  it('answers on the command connection, names its connections, and closes them all with the app', async () => {
    const node = `node-${uniquePrefix().slice(2, 10)}`;
    const { app } = await appWith(requireRedisUrl(), node);
    expect(await app.redis!.ping()).toBe('PONG');
    const sub = app.redisConnect!('subscriber', 'bus-sub');
    await sub.subscribe('x');
    const names = String(await admin!.client('LIST'));
    expect(names).toContain(`name=${node}:commands `);
    expect(names).toContain(`name=${node}:bus-sub `);
    await app.close();
    expect(app.redis!.status).toBe('end');
    expect(sub.status).toBe('end');
  });

  it('a connection the server drops is logged and comes back by itself', async () => {
    const node = `node-${uniquePrefix().slice(2, 10)}`;
    const { app, lines } = await appWith(requireRedisUrl(), node);
    const unhandled: unknown[] = [];
    const onUnhandled = (err: unknown) => unhandled.push(err);
    process.on('unhandledRejection', onUnhandled);
    try {
      const key = `${uniquePrefix()}k`;
      await app.redis!.set(key, '1');
      await killConnection(`${node}:commands`);
      await waitFor(() => lines.some((l) => /Redis connection (lost|closed)/.test(l.msg ?? '')), {
        what: 'the lost connection in the log',
      });
      // ioredis reconnects; the next command waits for it and succeeds
      expect(await app.redis!.get(key)).toBe('1');
      await waitFor(() => lines.some((l) => l.msg === 'Redis connection back'), { what: 'the reconnection' });
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await app.close();
    }
  });
});
