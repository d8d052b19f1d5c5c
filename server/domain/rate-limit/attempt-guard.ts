// One lock-out guard for every secret a caller can guess (login password per phone and per IP, transaction
// password, later the withdrawal password): `check` admits and counts an attempt before the secret is checked,
// runs the check, then settles it, all through a store whose updates are atomic. Rules: attempt-rules.ts.
// Stores: in memory (below, one node), in the database (attempt-store-db.ts), in Redis (attempt-store-redis.ts).
import {
  admit,
  current,
  EMPTY_RECORD,
  failuresAt,
  freeLeft,
  settle,
  waitMs,
  type AttemptRecord,
  type BackoffRule,
  type Outcome,
} from './attempt-rules.ts';

/**
 * Where records live. `update` reads, changes and writes one key atomically against every other update of that
 * key (in this process and, for a shared store, on every node). `change` must be pure: a store may run it more
 * than once (a retried transaction, a lost compare-and-set) and keeps only the last run.
 */
export interface AttemptStore {
  update<T>(key: string, change: (rec: AttemptRecord) => { next: AttemptRecord; result: T }): Promise<T>;
  read(key: string): Promise<AttemptRecord>;
}

function sameRecord(a: AttemptRecord, b: AttemptRecord): boolean {
  return (
    a.failures === b.failures &&
    a.pending === b.pending &&
    a.since === b.since &&
    a.lastFailureAt === b.lastFailureAt
  );
}

/** Thrown when an attempt is not admitted; routes turn it into their own localised refusal. */
export class AttemptRefused extends Error {
  constructor(readonly waitMs: number) {
    super(`attempt refused for ${waitMs} ms`);
    this.name = 'AttemptRefused';
  }
}

/** An admitted attempt: settle it exactly once (a second settle does nothing). */
export interface AttemptTicket {
  settle(outcome: Outcome): Promise<void>;
}

export class AttemptGuard {
  constructor(
    readonly rule: BackoffRule,
    private readonly store: AttemptStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Admits and counts one attempt for `key`, or rejects with AttemptRefused and the wait. */
  async enter(key: string): Promise<AttemptTicket> {
    const wait = await this.store.update(key, (rec) => {
      const a = admit(rec, this.rule, this.now());
      return a.ok ? { next: a.next, result: 0 } : { next: rec, result: a.waitMs };
    });
    if (wait > 0) throw new AttemptRefused(wait);
    let settled = false;
    return {
      settle: async (outcome) => {
        if (settled) return;
        settled = true;
        await this.store.update(key, (rec) => ({
          next: settle(rec, outcome, this.now()),
          result: undefined,
        }));
      },
    };
  }

  /**
   * Runs `verify` as one counted attempt: true settles a success, false a failure, a throw (no verdict, e.g.
   * the hash queue was full) gives the attempt back.
   *
   * `remembered`: true when the verdict is already known to be a success without running the check (a correct
   * secret this process verified a moment ago; it can only be true for the right secret). Such an attempt is
   * still refused while the key must wait (so it is no oracle then), but when it would be admitted and its
   * success would leave the record as it is (nothing in flight, the wait measured from the last failure), it
   * is answered from one read, without the two writes of counting and settling it: it runs no hash, so there
   * is nothing for the count to bound.
   */
  async check(key: string, verify: () => Promise<boolean>, remembered?: () => boolean): Promise<boolean> {
    if (remembered?.()) {
      const now = this.now();
      const rec = await this.store.read(key);
      const a = admit(rec, this.rule, now);
      if (!a.ok) throw new AttemptRefused(a.waitMs);
      if (sameRecord(settle(a.next, 'success', now), current(rec, this.rule, now)) && remembered())
        return true;
    }
    const ticket = await this.enter(key);
    let good: boolean;
    try {
      good = await verify();
    } catch (err) {
      await ticket.settle('void');
      throw err;
    }
    await ticket.settle(good ? 'success' : 'failure');
    return good;
  }

  /** Milliseconds until `key` may try again (0: now). */
  async waitMs(key: string): Promise<number> {
    return waitMs(await this.store.read(key), this.rule, this.now());
  }

  /** Failures remembered for `key` (a success does not clear them; time does). */
  async failures(key: string): Promise<number> {
    return failuresAt(await this.store.read(key), this.rule, this.now());
  }

  /** Attempts left before the waits start (0 once they have). */
  async freeLeft(key: string): Promise<number> {
    return freeLeft(await this.store.read(key), this.rule, this.now());
  }

  /** Forgets `key` (tests, or an operator clearing a lock-out). */
  async clear(key: string): Promise<void> {
    await this.store.update(key, () => ({ next: EMPTY_RECORD, result: undefined }));
  }
}

/**
 * Records in process memory: enough for one server process (login per phone / per IP without Redis). Its
 * methods do their work before they return, so an update is atomic without a lock.
 */
export class MemoryAttemptStore implements AttemptStore {
  private readonly records = new Map<string, AttemptRecord>();

  constructor(private readonly maxKeys = 100_000) {}

  async read(key: string): Promise<AttemptRecord> {
    return this.records.get(key) ?? EMPTY_RECORD;
  }

  async update<T>(
    key: string,
    change: (rec: AttemptRecord) => { next: AttemptRecord; result: T },
  ): Promise<T> {
    const { next, result } = change(this.records.get(key) ?? EMPTY_RECORD);
    this.records.delete(key);
    if (next.failures + next.pending > 0) this.records.set(key, next);
    // Oldest-touched first (Map keeps insertion order): an attacker cycling keys can only push out records
    // that have not been touched for the longest time.
    if (this.records.size > this.maxKeys) {
      const oldest = this.records.keys().next();
      if (!oldest.done) this.records.delete(oldest.value);
    }
    return result;
  }
}
