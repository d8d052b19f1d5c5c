// The bus of several nodes: Redis pub/sub with two connections per node, one that publishes (messages go out in
// publish order; through a short outage they queue in ioredis and follow in order) and one that subscribes
// (SUBSCRIBE per channel, PSUBSCRIBE per pattern, each sent once however many local handlers share it).
// After a lost connection ioredis reconnects and subscribes again by itself; once it has, `onReconnect`
// listeners are told (what was published in between is gone). A message that arrives after close is dropped.
import type { Redis } from 'ioredis';
import { closeRedis, type RedisRole } from '../cluster/redis-connection.ts';
import { checkChannel, isPattern, type Bus, type BusErrorHandler, type BusHandler } from './bus.ts';

/** Opens a connection for the bus (the redis plugin's `app.redisConnect`, or openRedis in tests). */
export type BusConnect = (role: RedisRole, name: string) => Redis;

interface Topic {
  pattern: boolean;
  handlers: Set<BusHandler>;
}

export class RedisBus implements Bus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly topics = new Map<string, Topic>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly reconnectListeners = new Set<() => void>();
  private closed = false;
  private wasReady = false;

  constructor(
    connect: BusConnect,
    private readonly onError: BusErrorHandler = () => {},
  ) {
    this.pub = connect('publisher', 'bus-pub');
    this.sub = connect('subscriber', 'bus-sub');
    this.sub.on('message', (channel: string, message: string) => this.deliver(channel, channel, message));
    this.sub.on('pmessage', (pattern: string, channel: string, message: string) =>
      this.deliver(pattern, channel, message),
    );
    this.sub.on('ready', () => this.onReady());
  }

  publish(channel: string, message: string): void {
    checkChannel(channel);
    if (this.closed) return;
    this.pub.publish(channel, message).catch((err: unknown) => this.onError(err, { channel }));
  }

  subscribe(channelOrPattern: string, handler: BusHandler): () => void {
    const pattern = isPattern(channelOrPattern);
    checkChannel(channelOrPattern, pattern);
    if (this.closed) return () => {};
    let topic = this.topics.get(channelOrPattern);
    if (!topic) {
      topic = { pattern, handlers: new Set() };
      this.topics.set(channelOrPattern, topic);
      this.track(pattern ? this.sub.psubscribe(channelOrPattern) : this.sub.subscribe(channelOrPattern));
    }
    // A handler subscribed twice to one topic is called twice, as two subscriptions would be.
    const own: BusHandler = (message, channel) => handler(message, channel);
    topic.handlers.add(own);
    return () => {
      const t = this.topics.get(channelOrPattern);
      if (!t?.handlers.delete(own) || t.handlers.size > 0) return;
      this.topics.delete(channelOrPattern);
      if (this.closed) return;
      this.track(
        t.pattern ? this.sub.punsubscribe(channelOrPattern) : this.sub.unsubscribe(channelOrPattern),
      );
    };
  }

  async ready(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.topics.clear();
    this.reconnectListeners.clear();
    await Promise.all([closeRedis(this.sub), closeRedis(this.pub)]);
  }

  /** Keeps a (un)subscribe command until it is answered, for `ready()`; a failure is reported, not thrown. */
  private track(command: Promise<unknown>): void {
    const p = command.catch((err: unknown) => {
      if (!this.closed) this.onError(err, { channel: '(subscribe)' });
    });
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  private deliver(topicKey: string, channel: string, message: string): void {
    if (this.closed) return;
    const topic = this.topics.get(topicKey);
    if (!topic) return;
    for (const handler of [...topic.handlers]) {
      try {
        handler(message, channel);
      } catch (err) {
        this.onError(err, { channel });
      }
    }
  }

  /** On every 'ready' after the first: ioredis has just sent the subscriptions again; PING returns behind them. */
  private onReady(): void {
    if (!this.wasReady) {
      this.wasReady = true;
      return;
    }
    const resubscribed = this.sub.ping().then(() => {
      if (this.closed) return;
      for (const listener of [...this.reconnectListeners]) {
        try {
          listener();
        } catch (err) {
          this.onError(err, { channel: '(reconnect)' });
        }
      }
    });
    this.track(resubscribed);
  }
}
