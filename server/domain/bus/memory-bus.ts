// The bus of a single node (no Redis): delivery in process, synchronous, in publish order. A handler that
// publishes while a message is being delivered has its message queued behind it, so every subscriber of a
// channel sees the channel's messages in the same order, as with Redis.
import {
  checkChannel,
  isPattern,
  patternMatcher,
  type Bus,
  type BusErrorHandler,
  type BusHandler,
} from './bus.ts';

interface Sub {
  handler: BusHandler;
  /** the channel itself, or the pattern's matcher */
  matches: (channel: string) => boolean;
  active: boolean;
}

export class MemoryBus implements Bus {
  private readonly subs = new Set<Sub>();
  private readonly queue: Array<{ channel: string; message: string }> = [];
  private delivering = false;
  private closed = false;

  constructor(private readonly onError: BusErrorHandler = () => {}) {}

  publish(channel: string, message: string): void {
    checkChannel(channel);
    if (this.closed) return;
    this.queue.push({ channel, message });
    if (this.delivering) return;
    this.delivering = true;
    try {
      for (let i = 0; i < this.queue.length; i++) {
        const m = this.queue[i]!;
        for (const sub of [...this.subs]) {
          if (!sub.active || !sub.matches(m.channel)) continue;
          try {
            sub.handler(m.message, m.channel);
          } catch (err) {
            this.onError(err, { channel: m.channel });
          }
        }
      }
    } finally {
      this.queue.length = 0;
      this.delivering = false;
    }
  }

  subscribe(channelOrPattern: string, handler: BusHandler): () => void {
    const pattern = isPattern(channelOrPattern);
    checkChannel(channelOrPattern, pattern);
    const sub: Sub = {
      handler,
      matches: pattern ? patternMatcher(channelOrPattern) : (c) => c === channelOrPattern,
      active: !this.closed,
    };
    if (sub.active) this.subs.add(sub);
    return () => {
      sub.active = false;
      this.subs.delete(sub);
    };
  }

  async ready(): Promise<void> {}

  onReconnect(): () => void {
    return () => {};
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const sub of this.subs) sub.active = false;
    this.subs.clear();
  }
}
