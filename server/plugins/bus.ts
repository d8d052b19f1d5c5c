// The fan-out bus between nodes (`app.bus`, domain/bus/bus.ts): Redis pub/sub when the redis plugin has a
// connection factory (REDIS_URL), else delivery in process. Closed when the app closes. What is published on it
// and how receivers resync: server/README.md, "Several nodes".
import fp from 'fastify-plugin';
import type { Bus } from '../domain/bus/bus.ts';
import { MemoryBus } from '../domain/bus/memory-bus.ts';
import { RedisBus } from '../domain/bus/redis-bus.ts';
import { namespacedBus } from '../domain/bus/namespaced-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
  }
}

/**
 * `namespace`: with Redis, every channel is seen through it (app.ts passes the cluster's name,
 * domain/cluster/cluster-name.ts, so clusters sharing a Redis never hear each other).
 */
export const busPlugin = fp<{ namespace?: string }>(
  async (app, { namespace }) => {
    const onError = (err: unknown, { channel }: { channel: string }) =>
      app.log.warn({ err, channel }, 'bus: a handler or a publish failed');
    const redisBus = app.redisConnect ? new RedisBus(app.redisConnect, onError) : undefined;
    // The cluster's name space (domain/cluster/cluster-name.ts) in front of every channel, when given.
    const bus: Bus = !redisBus
      ? new MemoryBus(onError)
      : namespace
        ? namespacedBus(redisBus, `${namespace}:`)
        : redisBus;
    app.decorate('bus', bus);
    app.addHook('onClose', async () => {
      await bus.close();
    });
  },
  { name: 'bus', dependencies: ['redis'] },
);
