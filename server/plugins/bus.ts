// The fan-out bus between nodes (`app.bus`, domain/bus/bus.ts): Redis pub/sub when the redis plugin has a
// connection factory (REDIS_URL), else delivery in process. Closed when the app closes. What is published on it
// and how receivers resync: server/README.md, "Several nodes".
import type { Bus } from '../domain/bus/bus.ts';
import { MemoryBus } from '../domain/bus/memory-bus.ts';
import { RedisBus } from '../domain/bus/redis-bus.ts';
import { globalPlugin } from './global-plugin.ts';
import { namespacedBus } from '../domain/bus/namespaced-bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
  }
}

/** Needs `app.redisConnect` (register after the redis plugin). */
export const busPlugin = globalPlugin<{ namespace?: string }>('bus', async (app, opts) => {
  const onError = (err: unknown, { channel }: { channel: string }) =>
    app.log.warn({ err, channel }, 'bus: a handler or a publish failed');
  const redisBus = app.redisConnect ? new RedisBus(app.redisConnect, onError) : undefined;
  // The cluster's name space (domain/cluster/cluster-name.ts) in front of every channel, when given.
  const bus: Bus = !redisBus
    ? new MemoryBus(onError)
    : opts.namespace
      ? namespacedBus(redisBus, `${opts.namespace}:`)
      : redisBus;
  app.decorate('bus', bus);
  app.addHook('onClose', async () => {
    await bus.close();
  });
});
