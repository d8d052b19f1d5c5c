// The door every client WebSocket frame goes through before any handler sees it: binary frames, non-JSON,
// and JSON that is not exactly one of the contract's shapes are refused, and a client that sends more than its
// budget (frames, plus one unit per channel named, since each may cost a snapshot) is told to go away.
// Nothing here throws: the result says what to do, so no frame can raise an exception into `ws`.
import { TokenBucket, type BucketRule } from './token-bucket.ts';

export type FrameVerdict<T> =
  | { ok: true; frame: T }
  /** `bad`: answer with an error frame and go on; `flood`: close the socket with 1008 (policy violation). */
  | { ok: false; reason: 'binary' | 'json' | 'shape'; close: false }
  | { ok: false; reason: 'flood'; close: true };

/**
 * Per socket: a burst of 60 units (one `sub` of the most channels a socket may hold, and a few frames more),
 * then 10 units a second. The app sends a handful per screen change; each unit may cost a snapshot.
 */
export const FRAME_BUDGET: BucketRule = { capacity: 60, perSecond: 10 };

/** A compiled contract schema (`Compile(schema)` from typebox/compile), made once per socket route. */
export interface FrameChecker<T> {
  Check(value: unknown): value is T;
}

/** The cost of a valid frame: one, plus one per channel it names (each `sub` may cost a snapshot). */
function costOf(frame: unknown): number {
  const ch = (frame as { ch?: unknown }).ch;
  return 1 + (Array.isArray(ch) ? ch.length : 0);
}

export class FrameGate<T> {
  private readonly bucket: TokenBucket;

  constructor(
    private readonly checker: FrameChecker<T>,
    rule: BucketRule = FRAME_BUDGET,
    now: () => number = Date.now,
  ) {
    this.bucket = new TokenBucket(rule, now);
  }

  accept(data: unknown, isBinary: boolean): FrameVerdict<T> {
    // Every frame costs at least one unit, refused or not, so a flood of garbage is a flood too.
    if (!this.bucket.take(1)) return { ok: false, reason: 'flood', close: true };
    if (isBinary) return { ok: false, reason: 'binary', close: false };
    let value: unknown;
    try {
      value = JSON.parse(textOf(data));
    } catch {
      return { ok: false, reason: 'json', close: false };
    }
    if (!this.checker.Check(value)) return { ok: false, reason: 'shape', close: false };
    if (!this.bucket.take(costOf(value) - 1)) return { ok: false, reason: 'flood', close: true };
    return { ok: true, frame: value };
  }
}

/** ws hands a text frame as a Buffer (or fragments); anything else is not text. */
function textOf(data: unknown): string {
  if (typeof data === 'string') return data;
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data) && data.every((d) => Buffer.isBuffer(d)))
    return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  throw new TypeError('not text');
}
