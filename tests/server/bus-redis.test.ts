// The Redis bus on the run's Redis (project server-pg): two nodes' buses deliver each other's messages in
// order; pattern subscriptions; unsubscribe; a subscriber whose connection the server kills comes back, says
// so, and gets later messages; 10,000 messages published in a burst arrive in order with no gap; nothing is
// delivered after close; and `app.bus` is this bus with REDIS_URL, the in-process one without.
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { openRedis } from '../../server/domain/cluster/redis-connection.ts';
import type { Bus } from '../../server/domain/bus/bus.ts';
import { MemoryBus } from '../../server/domain/bus/memory-bus.ts';
import { RedisBus } from '../../server/domain/bus/redis-bus.ts';
import { GapDetector, readStamped, Sequencer } from '../../server/domain/bus/sequence.ts';
import { loadConfig } from '../../server/config.ts';
import { busPlugin } from '../../server/plugins/bus.ts';
import { configPlugin } from '../../server/plugins/config.ts';
import { redisPlugin } from '../../server/plugins/redis.ts';
import { waitFor } from '../support/wait-for.ts';
import { requireRedisUrl, testRedisClient, testRedisUrl, uniquePrefix } from '../support/test-redis.ts';

const open: Bus[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((b) => b.close()));
});

/** A node's bus; its connections are named `<node>:bus-pub` and `<node>:bus-sub`. */
function nodeBus(node: string, errors: unknown[] = []): RedisBus {
  const url = requireRedisUrl();
  const bus = new RedisBus(
    (role, name) => openRedis(url, { role, name: `${node}:${name}` }),
    (err) => errors.push(err),
  );
  open.push(bus);
  return bus;
}

/** Everything a subscription receives, as `channel message`. */
function collect(bus: Bus, channelOrPattern: string): string[] {
  const got: string[] = [];
  bus.subscribe(channelOrPattern, (m, c) => got.push(`${c} ${m}`));
  return got;
}

/** The CLIENT LIST fields of a node's subscriber connection. */
async function subscriberInfo(node: string): Promise<Record<string, string>> {
  const admin = testRedisClient();
  try {
    const lines = String(await admin.client('LIST')).split('\n');
    const line = lines.find((l) => l.includes(` name=${node}:bus-sub `));
    if (!line) throw new Error(`no connection named ${node}:bus-sub`);
    return Object.fromEntries(line.split(' ').map((kv) => kv.split('=', 2) as [string, string]));
  } finally {
    await admin.quit();
  }
}

describe.skipIf(!testRedisUrl())('RedisBus', () => {
  it('two buses on one Redis deliver each other’s messages in publish order', async () => {
    const p = uniquePrefix();
    const a = nodeBus(`${p}a`);
    const b = nodeBus(`${p}b`);
    const atB = collect(b, `${p}c`);
    const atA = collect(a, `${p}c`);
    await Promise.all([a.ready(), b.ready()]);
    for (let i = 1; i <= 100; i++) a.publish(`${p}c`, String(i));
    await waitFor(() => atB.length === 100 && atA.length === 100, {
      what: () => `100 at each (${atA.length}, ${atB.length})`,
    });
    // order holds per publisher: b's message, sent once a's have arrived, comes after them everywhere
    b.publish(`${p}c`, 'from b');
    await waitFor(() => atB.length === 101 && atA.length === 101, { what: 'the message from b' });
    const want = [...Array.from({ length: 100 }, (_, i) => `${p}c ${i + 1}`), `${p}c from b`];
    expect(atB).toEqual(want);
    expect(atA).toEqual(want);
  });

  it('a pattern subscription gets every matching channel and no other', async () => {
    const p = uniquePrefix();
    const a = nodeBus(`${p}a`);
    const b = nodeBus(`${p}b`);
    const accounts = collect(b, `${p}account:*`);
    const one = collect(b, `${p}account:1`);
    await b.ready();
    a.publish(`${p}account:1`, 'x');
    a.publish(`${p}market:HBL`, 'm');
    a.publish(`${p}account:22`, 'y');
    await waitFor(() => accounts.length === 2, { what: 'both account messages' });
    expect(accounts).toEqual([`${p}account:1 x`, `${p}account:22 y`]);
    expect(one).toEqual([`${p}account:1 x`]);
  });

  it('after unsubscribe a handler gets nothing; the topic stays while another handler holds it', async () => {
    const p = uniquePrefix();
    const a = nodeBus(`${p}a`);
    const b = nodeBus(`${p}b`);
    const gone: string[] = [];
    const stop = b.subscribe(`${p}c`, (m) => gone.push(m));
    const stopPattern = b.subscribe(`${p}*`, (m) => gone.push(`p ${m}`));
    const kept = collect(b, `${p}c`);
    await b.ready();
    a.publish(`${p}c`, '1');
    await waitFor(() => kept.length === 1, { what: 'the first message' });
    stop();
    stopPattern();
    await b.ready();
    a.publish(`${p}c`, '2');
    await waitFor(() => kept.length === 2, { what: 'the second message' });
    expect(gone).toEqual(['1', 'p 1']);
    // the pattern's last handler gone, the node is unsubscribed from it at Redis; the channel is still held
    const conn = await subscriberInfo(`${p}b`);
    expect(conn).toMatchObject({ sub: '1', psub: '0' });
  });

  it('a subscriber whose connection is killed reconnects, says so, and gets later messages', async () => {
    const p = uniquePrefix();
    const a = nodeBus(`${p}a`);
    const errors: unknown[] = [];
    const b = nodeBus(`${p}b`, errors);
    const got = collect(b, `${p}c`);
    const pattern = collect(b, `${p}*`);
    let reconnects = 0;
    b.onReconnect(() => reconnects++);
    await b.ready();
    a.publish(`${p}c`, 'before');
    await waitFor(() => got.length === 1, { what: 'the message before' });
    const { id } = await subscriberInfo(`${p}b`);
    const admin = testRedisClient();
    try {
      await admin.client('KILL', 'ID', id!);
    } finally {
      await admin.quit();
    }
    await waitFor(() => reconnects === 1, { what: 'the bus to say it is subscribed again' });
    a.publish(`${p}c`, 'after');
    await waitFor(() => got.length === 2 && pattern.length === 2, { what: 'the message after' });
    expect(got).toEqual([`${p}c before`, `${p}c after`]);
    expect(errors).toEqual([]);
  });

  it('10,000 messages published in a burst arrive in order with no gap', async () => {
    const p = uniquePrefix();
    const a = nodeBus(`${p}a`);
    const b = nodeBus(`${p}b`);
    const gaps = new GapDetector();
    const verdicts = { next: 0, gap: 0, stale: 0 };
    let last = 0;
    let outOfOrder = 0;
    b.subscribe(`${p}market`, (m, c) => {
      const s = readStamped<{ i: number }>(m)!;
      verdicts[gaps.check(c, s)]++;
      if (s.data.i !== last + 1) outOfOrder++;
      last = s.data.i;
    });
    await b.ready();
    const seq = new Sequencer();
    for (let i = 1; i <= 10_000; i++) a.publish(`${p}market`, seq.stamp(`${p}market`, { i }));
    await waitFor(() => last === 10_000, { timeoutMs: 20_000, what: () => `message 10000 (at ${last})` });
    expect(verdicts).toEqual({ next: 10_000, gap: 0, stale: 0 });
    expect(outOfOrder).toBe(0);
  });

  it('delivers nothing after close', async () => {
    const p = uniquePrefix();
    const a = nodeBus(`${p}a`);
    const b = nodeBus(`${p}b`);
    const atB = collect(b, `${p}c`);
    const atA = collect(a, `${p}c`);
    await Promise.all([a.ready(), b.ready()]);
    await b.close();
    a.publish(`${p}c`, 'late');
    b.publish(`${p}c`, 'from a closed bus');
    await waitFor(() => atA.length === 1, { what: 'the message at the open bus' });
    expect(atA).toEqual([`${p}c late`]);
    expect(atB).toEqual([]);
  });
});

describe('app.bus', () => {
  it('is the in-process bus without REDIS_URL', async () => {
    const app = Fastify();
    await app.register(configPlugin, { config: loadConfig({ NODE_ID: 'n' }) });
    await app.register(redisPlugin);
    await app.register(busPlugin);
    await app.ready();
    expect(app.bus).toBeInstanceOf(MemoryBus);
    await app.close();
  });

  it.skipIf(!testRedisUrl())('is the Redis bus with REDIS_URL, and closes with the app', async () => {
    const p = uniquePrefix();
    const app = Fastify();
    await app.register(configPlugin, {
      config: loadConfig({ REDIS_URL: requireRedisUrl(), NODE_ID: `${p}app` }),
    });
    await app.register(redisPlugin);
    await app.register(busPlugin);
    await app.ready();
    expect(app.bus).toBeInstanceOf(RedisBus);
    const other = nodeBus(`${p}other`);
    const got = collect(app.bus, `${p}c`);
    await app.bus.ready();
    other.publish(`${p}c`, 'hello');
    await waitFor(() => got.length === 1, { what: 'the message' });
    await app.close();
    other.publish(`${p}c`, 'after close');
    const seen = collect(other, `${p}c`);
    await other.ready();
    other.publish(`${p}c`, 'sentinel');
    await waitFor(() => seen.length === 1, { what: 'the sentinel' });
    expect(got).toEqual([`${p}c hello`]);
  });
});
