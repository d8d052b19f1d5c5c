// Redis, when REDIS_URL is set (several nodes): `app.redis`, one connection for commands (shared rate limits,
// lock-outs), and `app.redisConnect(role, name)`, a factory of connections of their own (pub/sub needs one per
// subscriber). A Redis that does not answer at start fails the start with a readable message; a connection lost
// later is logged and retried by ioredis (domain/cluster/redis-connection.ts). Every connection is closed when
// the app closes. Without REDIS_URL both are null and the node keeps everything in process.
import type { Redis } from 'ioredis';
import { closeRedis, connectRedis, openRedis, type RedisRole } from '../domain/cluster/redis-connection.ts';
import fp from 'fastify-plugin';

/** A new connection for `role`, named `<nodeId>:<name>` in CLIENT LIST; closed with the app. */
export type RedisConnect = (role: RedisRole, name: string) => Redis;

declare module 'fastify' {
  interface FastifyInstance {
    /** The command connection; null on a single node (no REDIS_URL). */
    redis: Redis | null;
    /** Opens a connection of its own (subscribers, publishers); null on a single node. */
    redisConnect: RedisConnect | null;
  }
}

export const redisPlugin = fp(
  async (app) => {
    const opts = { url: app.config.redisUrl, nodeId: app.config.nodeId };
    if (!opts.url) {
      app.decorate('redis', null);
      app.decorate('redisConnect', null);
      return;
    }
    const log = app.log;
    const client = await connectRedis(opts.url, { name: `${opts.nodeId}:commands`, role: 'commands', log });
    const opened = new Set<Redis>([client]);
    const connect: RedisConnect = (role, name) => {
      const c = openRedis(opts.url, { name: `${opts.nodeId}:${name}`, role, log });
      opened.add(c);
      c.once('end', () => opened.delete(c));
      return c;
    };
    app.decorate('redis', client);
    app.decorate('redisConnect', connect);
    app.addHook('onClose', async () => {
      await Promise.all([...opened].map((c) => closeRedis(c)));
    });
  },
  { name: 'redis', dependencies: ['config'] },
);
