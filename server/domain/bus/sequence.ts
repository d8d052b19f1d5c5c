// Sequence numbers for a stateful feed on the bus (the market feed): the publisher stamps every message of a
// channel with its own id (`src`, new for every start of the publisher) and the next number of that channel;
// a receiver that sees anything but the next number from the same publisher knows it missed something (a lost
// connection, a new leader) and resyncs from a snapshot instead of applying deltas to stale state.
import { randomBytes } from 'node:crypto';

/** What travels on the channel: `{"src":…,"seq":…,"data":…}`. */
export interface Stamped<T> {
  /** the publisher's id for this run (a restart or a new leader is a new src) */
  src: string;
  /** 1, 2, 3, … per channel and src */
  seq: number;
  data: T;
}

/** The publishing side: numbers each channel's messages 1, 2, 3, … */
export class Sequencer {
  private readonly next = new Map<string, number>();

  constructor(readonly src: string = randomBytes(6).toString('base64url')) {}

  /** The message for `channel` carrying `data`, with the channel's next number. */
  stamp<T>(channel: string, data: T): string {
    const seq = (this.next.get(channel) ?? 0) + 1;
    this.next.set(channel, seq);
    return JSON.stringify({ src: this.src, seq, data } satisfies Stamped<T>);
  }
}

/** Reads a stamped message; undefined when it is not one. */
export function readStamped<T = unknown>(message: string): Stamped<T> | undefined {
  let v: unknown;
  try {
    v = JSON.parse(message);
  } catch {
    return undefined;
  }
  const s = v as Partial<Stamped<T>> | null;
  if (!s || typeof s.src !== 'string' || !Number.isSafeInteger(s.seq) || (s.seq ?? 0) < 1 || !('data' in s)) {
    return undefined;
  }
  return s as Stamped<T>;
}

/**
 * - `next`: the first message seen on the channel, or the one after the last from the same publisher: apply it;
 * - `gap`: a number was skipped, or the publisher changed: resync the channel (the message is still the latest);
 * - `stale`: a number already seen from this publisher: ignore it.
 */
export type SeqVerdict = 'next' | 'gap' | 'stale';

/** The receiving side: remembers the last number of each channel. */
export class GapDetector {
  private readonly last = new Map<string, { src: string; seq: number }>();

  /** Judges a message's stamp and, unless it is stale, remembers it as the channel's latest. */
  check(channel: string, stamp: { src: string; seq: number }): SeqVerdict {
    const prev = this.last.get(channel);
    if (prev && prev.src === stamp.src && stamp.seq <= prev.seq) return 'stale';
    this.last.set(channel, { src: stamp.src, seq: stamp.seq });
    if (!prev) return 'next';
    return prev.src === stamp.src && stamp.seq === prev.seq + 1 ? 'next' : 'gap';
  }

  /** Forgets a channel (after an unsubscribe, or to start over after a resync). */
  forget(channel: string): void {
    this.last.delete(channel);
  }
}
