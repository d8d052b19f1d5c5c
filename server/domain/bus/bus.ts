// The fan-out bus between the nodes: what one node publishes on a channel reaches every subscriber on every
// node, in the order it was published (per channel, from one publisher). Two implementations: memory-bus.ts
// (one node, delivery in process) and redis-bus.ts (Redis pub/sub, several nodes). Delivery is at most once: a
// message published while a node's connection to Redis is down is lost for that node, so receivers that keep
// state carry a sequence number (sequence.ts) and resync on a gap or after `onReconnect`. Channels and message
// formats in use: server/README.md, "Several nodes".

/** Receives one message; `channel` is the channel it was published on (useful with a pattern). */
export type BusHandler = (message: string, channel: string) => void;

export interface Bus {
  /** Sends `message` to every subscriber of `channel` (fire and forget; never throws for a lost connection). */
  publish(channel: string, message: string): void;
  /**
   * Calls `handler` for every message on `channel`, or on every channel matching a pattern (`*` any run of
   * characters, `?` one character, e.g. `account:*`). Returns the function that stops it. A subscription is
   * active once `ready()` resolves; messages published before may be missed.
   */
  subscribe(channelOrPattern: string, handler: BusHandler): () => void;
  /** Resolves once every subscription made so far is active (at once in process). */
  ready(): Promise<void>;
  /**
   * Calls `listener` when the subscriptions are active again after a lost connection (never in process): what
   * was published in between was lost, so holders of state resync. Returns the function that stops it.
   */
  onReconnect(listener: () => void): () => void;
  /** Stops every subscription and closes the connections; a message arriving later is dropped. */
  close(): Promise<void>;
}

/** Called when a handler throws or a publish fails: the bus goes on. */
export type BusErrorHandler = (err: unknown, context: { channel: string }) => void;

const CHANNEL = /^[\w:.@-]{1,200}$/;
const PATTERN = /^[\w:.@*?-]{1,200}$/;

/** Whether `s` is a pattern (has `*` or `?`) rather than a channel name. */
export function isPattern(s: string): boolean {
  return s.includes('*') || s.includes('?');
}

/**
 * Checks a channel name (letters, digits and `_ : . @ -`, at most 200) or, with `pattern`, a pattern that may
 * also use `*` and `?`. Keeping Redis's `[…]` and `\` out means both buses match patterns alike.
 */
export function checkChannel(s: string, pattern = false): void {
  if (!(pattern ? PATTERN : CHANNEL).test(s)) {
    throw new Error(`bad bus ${pattern ? 'pattern' : 'channel'} "${s}"`);
  }
}

/** A matcher of channel names for a pattern, as Redis's PSUBSCRIBE matches them. */
export function patternMatcher(pattern: string): (channel: string) => boolean {
  checkChannel(pattern, true);
  const source = pattern
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.-]/g, '\\$&')))
    .join('');
  const re = new RegExp(`^${source}$`, 's');
  return (channel) => re.test(channel);
}
