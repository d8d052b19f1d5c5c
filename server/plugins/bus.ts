// The fan-out bus between nodes (`app.bus`, domain/bus/bus.ts): Redis pub/sub when the redis plugin has a
// connection factory (REDIS_URL), else delivery in process. Closed when the app closes. What is published on it
// and how receivers resync: server/README.md, "Several nodes".
import type { Bus } from '../domain/bus/bus.ts';
import { MemoryBus } from '../domain/bus/memory-bus.ts';
import { RedisBus } from '../domain/bus/redis-bus.ts';
import { globalPlugin } from './global-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
  }
}

/** Needs `app.redisConnect` (register after the redis plugin). */
export const busPlugin = globalPlugin('bus', async (app) => {
  const onError = (err: unknown, { channel }: { channel: string }) =>
    app.log.warn({ err, channel }, 'bus: a handler or a publish failed');
  const bus: Bus = app.redisConnect ? new RedisBus(app.redisConnect, onError) : new MemoryBus(onError);
  app.decorate('bus', bus);
  app.addHook('onClose', async () => {
    await bus.close();
  });
});
