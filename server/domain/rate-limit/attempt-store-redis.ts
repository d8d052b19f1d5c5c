// Lock-out records in Redis, shared by every node (the login lock-outs per phone and per address when several
// nodes run): one string per key holding the record as JSON, expiring once the record would be forgotten.
// The rules stay in TypeScript (attempt-rules.ts), so an update is optimistic: read the record, compute the
// change, then write it with a compare-and-set Lua script that succeeds only if the record is still what was
// read; otherwise read again and recompute. Updates of one key from this node are queued one after another
// first, so only nodes racing each other ever retry.
import type { Redis } from 'ioredis';
import { EMPTY_RECORD, type AttemptRecord } from './attempt-rules.ts';
import type { AttemptStore } from './attempt-guard.ts';

// KEYS[1] the record; ARGV: the value read ('' for none), the new value ('' deletes), its time to live in ms.
const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1]) or ''
if current ~= ARGV[1] then return 0 end
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
else
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
end
return 1
`;

/** A race lost this many times in a row means something is wrong (many nodes hammering one key). */
const MAX_ROUNDS = 200;

interface WithCasCommand {
  attemptCas(key: string, expected: string, next: string, ttlMs: number): Promise<number>;
}

function encode(rec: AttemptRecord): string {
  return rec.failures + rec.pending === 0 ? '' : JSON.stringify(rec);
}

function decode(raw: string | null): AttemptRecord {
  if (!raw) return EMPTY_RECORD;
  const r = JSON.parse(raw) as Partial<AttemptRecord>;
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  return {
    failures: n(r.failures),
    pending: n(r.pending),
    since: n(r.since),
    lastFailureAt: n(r.lastFailureAt),
  };
}

export class RedisAttemptStore implements AttemptStore {
  private readonly redis: Redis & WithCasCommand;
  /** The update of each key now running on this node, so the next one waits for it. */
  private readonly queue = new Map<string, Promise<unknown>>();

  constructor(
    redis: Redis,
    /** Key prefix of what is guarded, e.g. `lockout:login_phone:`. */
    private readonly prefix: string,
    /** How long an untouched record lives: the rule's `forgetAfterMs` (it is forgotten by then anyway). */
    private readonly ttlMs: number,
  ) {
    if (!('attemptCas' in redis))
      redis.defineCommand('attemptCas', { numberOfKeys: 1, lua: COMPARE_AND_SET });
    this.redis = redis as Redis & WithCasCommand;
  }

  async read(key: string): Promise<AttemptRecord> {
    return decode(await this.redis.get(this.prefix + key));
  }

  update<T>(key: string, change: (rec: AttemptRecord) => { next: AttemptRecord; result: T }): Promise<T> {
    const before = this.queue.get(key);
    const run = (before ? before.catch(() => {}) : Promise.resolve()).then(() => this.casLoop(key, change));
    this.queue.set(key, run);
    const forget = () => {
      if (this.queue.get(key) === run) this.queue.delete(key);
    };
    run.then(forget, forget);
    return run;
  }

  private async casLoop<T>(
    key: string,
    change: (rec: AttemptRecord) => { next: AttemptRecord; result: T },
  ): Promise<T> {
    const redisKey = this.prefix + key;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const raw = (await this.redis.get(redisKey)) ?? '';
      const { next, result } = change(decode(raw));
      const value = encode(next);
      if (value === raw) return result;
      if ((await this.redis.attemptCas(redisKey, raw, value, this.ttlMs)) === 1) return result;
    }
    throw new Error(`lock-out record ${redisKey}: ${MAX_ROUNDS} updates in a row lost their race`);
  }
}
