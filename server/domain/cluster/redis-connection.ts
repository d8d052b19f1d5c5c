// Redis connections of one node (REDIS_URL): how each is made, named, logged and reconnected. ioredis
// reconnects by itself after a lost connection (and a subscriber resubscribes); this module only makes sure
// every 'error' event is handled (an unhandled one would crash the process) and that an outage is logged once,
// not on every retry.
import { Redis, type RedisOptions } from 'ioredis';

/** What a connection may log (a Fastify/pino logger fits). */
export interface RedisLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** What a connection is for: commands fail fast in an outage, subscribers and publishers wait for Redis. */
export type RedisRole = 'commands' | 'subscriber' | 'publisher';

const silent: RedisLog = { info: () => {}, warn: () => {} };

/** The URL with its password hidden, for messages and logs. */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unreadable REDIS_URL)';
  }
}

function roleOptions(role: RedisRole): RedisOptions {
  if (role === 'commands') {
    // A request that needs Redis (rate limit, lock-out) is answered within a few hundred ms when Redis is down,
    // rather than waiting out every reconnection attempt.
    return { maxRetriesPerRequest: 2, commandTimeout: 5_000 };
  }
  // Subscriber: (re)subscriptions wait for the connection. Publisher: messages queue through a short outage
  // and go out in order; after ~20 failed reconnections they are dropped (receivers see the gap in `seq`).
  return role === 'subscriber' ? { maxRetriesPerRequest: null } : {};
}

/**
 * A new connection (it connects in the background; commands queue until it is ready). `name` shows in
 * CLIENT LIST, e.g. `node-1:bus-sub`.
 */
export function openRedis(url: string, opts: { name: string; role: RedisRole; log?: RedisLog }): Redis {
  const log = opts.log ?? silent;
  const client = new Redis(url, {
    connectionName: opts.name.replace(/[^\w:.-]/g, '_'),
    // Back off from 100 ms to 2 s between attempts, for as long as it takes.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
    lazyConnect: true,
    ...roleOptions(opts.role),
  });
  let down = false;
  let everReady = false;
  client.on('error', (err: Error) => {
    if (down || !everReady) return; // logged once per outage; a failed first connect is reported by connectRedis
    down = true;
    log.warn({ redis: opts.name, err: err.message }, 'Redis connection lost; reconnecting');
  });
  client.on('close', () => {
    if (everReady && !down && client.status !== 'end') {
      down = true;
      log.warn({ redis: opts.name }, 'Redis connection closed; reconnecting');
    }
  });
  client.on('ready', () => {
    if (down) log.info({ redis: opts.name }, 'Redis connection back');
    down = false;
    everReady = true;
  });
  client.connect().catch(() => {
    // The first connection failed: ioredis keeps retrying; connectRedis reports it when a caller waits for it.
  });
  return client;
}

/**
 * Opens a connection and waits until Redis answers PING, or throws a readable error (unreachable, refused,
 * wrong password: the first error, or no answer within `timeoutMs`), closing the connection.
 */
export async function connectRedis(
  url: string,
  opts: { name: string; role: RedisRole; log?: RedisLog; timeoutMs?: number },
): Promise<Redis> {
  const client = openRedis(url, opts);
  let fail!: (err: Error) => void;
  const failed = new Promise<never>((_resolve, reject) => (fail = reject));
  const timer = setTimeout(() => fail(new Error('no answer')), opts.timeoutMs ?? 5_000);
  client.on('error', fail);
  try {
    await Promise.race([
      failed,
      (async () => {
        if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
        await client.ping();
      })(),
    ]);
  } catch (err) {
    client.disconnect();
    throw new Error(`Redis at ${redactRedisUrl(url)} (REDIS_URL) is unreachable: ${(err as Error).message}`, {
      cause: err,
    });
  } finally {
    clearTimeout(timer);
    client.off('error', fail);
  }
  return client;
}

/**
 * Closes a connection politely (QUIT) and waits until it has ended (at most a second: a connection stopped
 * while it connects may never emit 'end').
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status === 'reconnecting') {
    client.disconnect(); // only the timer of the next attempt was left: nothing to wait for
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const ended = new Promise<void>((resolve) => {
    client.once('end', () => resolve());
    timer = setTimeout(() => {
      client.disconnect();
      resolve();
    }, 1_000);
  });
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
  await ended;
  clearTimeout(timer);
}
