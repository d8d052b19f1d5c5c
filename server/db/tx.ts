// One transaction helper for every money change, with the same guarantee on both databases: the business
// check, the change and its ledger postings commit together or not at all.
// SQLite: BEGIN IMMEDIATE (dialects.ts) on the single connection, so transactions run one at a time whatever
// the isolation asked for, several of them under one COMMIT (group commit, SqliteGroupCommit below).
// PostgreSQL, two ways:
//   - 'serializable' (the default): as if transactions ran one after another, whatever they read; re-run from
//     the start on a serialisation failure. For bodies whose correctness rests on what they did NOT find (a
//     predicate), e.g. "no user has this phone yet".
//   - 'read committed' with explicit row locks (order placement and cancels, fills, DAY-order expiry, the T+1
//     release, ledger postings, the lock-out records): the body locks what it is about to decide on, in the one
//     global order (accounts by id: domain/ledger/locks.ts; then the user balances it debits; then
//     the system balances at the commit: domain/ledger/balance-writes.ts), and reads it again under the lock;
//     a parallel transaction on the same rows waits for the lock instead of failing at commit, so a burst on
//     shared rows queues instead of re-running.
// Either way a deadlock or a unique-key race re-runs the body from the start (up to 12 times, with a short
// jittered wait; the re-run then sees the winner's row and answers as an idempotent repeat; a unique-key
// violation at most 3 times, as the third is no race), so the body must
// have no effect outside the database (no events, no timers): return what happened and act on it after inTx
// resolves. Inside the body use only `tx`; on SQLite a query on the outer handle waits for the connection the
// transaction holds, for ever.
//
// A transaction opened here also carries per-transaction state: work deferred to the end (`deferToCommit`: one
// statement run right before COMMIT; on PostgreSQL sent in the same round trip as the COMMIT, writeBehind, so
// the rows it locks are held for the commit alone, not while the node gets round to committing), and what to
// do once it committed (`afterCommit`, e.g. caching ids of rows that now exist for sure).
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type CompiledQuery, type Compilable } from 'kysely';
import { dialectOf, type Db } from './database.ts';
import { holdOnConnection, inline } from './pg-driver.ts';

const RETRY_CODES = new Set(['40001', '40P01', '23505']);
const MAX_ATTEMPTS = 12;
/**
 * Runs that may end on a unique-key violation. PostgreSQL reports one only once the other row's transaction has
 * committed, so the re-run sees that row: a race is over after one re-run, and a body that fails the same way
 * again is inserting a duplicate for certain (it used to be tried 12 times, with waits, before it was refused).
 */
const MAX_UNIQUE_ATTEMPTS = 3;

export type Isolation = 'serializable' | 'read committed';

export interface TxOptions {
  /** PostgreSQL only (SQLite runs one transaction at a time); default 'serializable' */
  isolation?: Isolation;
}

/** Read committed with explicit row locks (see the top of the file), for the bodies written for it. */
export const READ_COMMITTED: TxOptions = { isolation: 'read committed' };

/** Work a transaction defers to its end (see the top of the file). */
export interface Deferred {
  /** The statement to run right before COMMIT on `tx` (handed over with writeBehind), or null. */
  statement(tx: Db): CompiledQuery | null;
  /** the state now; calling the result puts it back (a savepoint rolled back) */
  snapshot(): () => void;
}

interface TxState {
  /** the database the transaction runs on (what per-database caches are keyed by) */
  root: Db;
  deferred: Map<symbol, Deferred>;
  afterCommit: Array<() => void>;
}

const states = new WeakMap<Db, TxState>();

function retryable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRY_CODES.has(code);
}

/** The database a handle runs on: itself, or the database of the inTx transaction it is (undefined otherwise). */
export function rootOf(db: Db): Db | undefined {
  return db.isTransaction ? states.get(db)?.root : db;
}

/**
 * The transaction's deferred work under `key`, made on first use; undefined when `tx` is not a transaction
 * opened by inTx (the caller then does the work at once).
 */
export function deferToCommit<T extends Deferred>(tx: Db, key: symbol, make: () => T): T | undefined {
  const state = states.get(tx);
  if (!state) return undefined;
  let d = state.deferred.get(key) as T | undefined;
  if (!d) {
    d = make();
    state.deferred.set(key, d);
  }
  return d;
}

/**
 * Runs `fn` once the transaction commits (at once when `db` is not in one); nothing if it rolls back. A
 * transaction not opened by inTx runs it at once too: only use this for what is harmless if that commit fails
 * (a cache of rows that were read, not written, by it).
 */
export function afterCommit(db: Db, fn: () => void): void {
  const state = db.isTransaction ? states.get(db) : undefined;
  if (state) state.afterCommit.push(fn);
  else if (!db.isTransaction) fn();
}

/** The deferred work and after-commit actions as they stand; calling the result puts them back. */
export function txSnapshot(tx: Db): () => void {
  const state = states.get(tx);
  if (!state) return () => undefined;
  const restores = [...state.deferred.values()].map((d) => d.snapshot());
  const keys = new Set(state.deferred.keys());
  const actions = state.afterCommit.length;
  return () => {
    for (const r of restores) r();
    for (const k of [...state.deferred.keys()]) if (!keys.has(k)) state.deferred.delete(k);
    state.afterCommit.length = actions;
  };
}

/** Opens the per-transaction state of `tx`. */
function openState(root: Db, tx: Db): TxState {
  const state: TxState = { root, deferred: new Map(), afterCommit: [] };
  states.set(tx, state);
  return state;
}

/**
 * Runs `query`, a statement whose result the caller does not need (an insert or update after the checks, a
 * row lock taken before the reads that follow): in a PostgreSQL transaction it is sent together with the
 * transaction's next statement or its COMMIT, saving a round trip (pg-driver.ts); elsewhere at once. Statements
 * still run in the order they were issued; a failing one is reported by the next statement of the transaction.
 */
export async function writeBehind(db: Db, query: Compilable | CompiledQuery): Promise<void> {
  const compiled = 'compile' in query ? query.compile() : query;
  if (db.isTransaction && dialectOf(db) === 'postgres') {
    const text = inline(compiled);
    const connection = await db.getExecutor().provideConnection(async (c) => c);
    if (text !== null && holdOnConnection(connection, text)) return;
  }
  await db.executeQuery(compiled);
}

/** Runs the deferred statements of the transaction, right before its COMMIT. */
async function beforeCommit(state: TxState, tx: Db): Promise<void> {
  for (const d of state.deferred.values()) {
    const s = d.statement(tx);
    if (s) await writeBehind(tx, s);
  }
}

async function runBody<T>(root: Db, tx: Db, fn: (tx: Db) => Promise<T>): Promise<TxState & { result: T }> {
  const state = openState(root, tx);
  const result = await fn(tx);
  await beforeCommit(state, tx);
  return { ...state, result };
}

interface Job {
  fn: (tx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/** Bodies one SQLite COMMIT (one fsync) may carry. */
const MAX_GROUP = 64;

/**
 * Group commit on SQLite. With synchronous=FULL every COMMIT waits for the disk (an fsync, on the event loop's
 * thread: better-sqlite3 is synchronous), and SQLite runs one writer at a time anyway, so the bodies that wait
 * for the writer are run one after another in ONE transaction, each inside a savepoint of its own, and committed
 * together: a body that throws is rolled back to its savepoint alone and rejects with its error; the others are
 * answered once the shared COMMIT is on disk (if that COMMIT fails, all of them fail and nothing stays). To each
 * body it is as before: it runs alone, sees what the bodies before it did, and its effects are durable when inTx
 * resolves.
 */
class SqliteGroupCommit {
  private readonly jobs: Job[] = [];
  private draining = false;

  constructor(private readonly root: Db) {}

  run<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.jobs.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.jobs.length > 0) {
        // A group runs start to end in one turn of the event loop (better-sqlite3 is synchronous), so what
        // joins it is what was queued before it began: wait for the turn's other callbacks (the requests that
        // came in together) to queue their bodies first.
        await new Promise<void>((resolve) => setImmediate(resolve));
        await this.group();
      }
    } finally {
      this.draining = false;
    }
  }

  private async group(): Promise<void> {
    const done: Array<{ job: Job; ok: boolean; value: unknown }> = [];
    // Taken before the transaction begins, so a BEGIN that fails is that job's failure (and the next waiting
    // one tries again), not a loop.
    let current: Job | undefined = this.jobs.shift();
    let state: TxState | undefined;
    try {
      await this.root.transaction().execute(async (tx) => {
        const s = openState(this.root, tx);
        state = s;
        for (; current; current = done.length < MAX_GROUP ? this.jobs.shift() : undefined) {
          const restore = txSnapshot(tx);
          await sql`SAVEPOINT group_body`.execute(tx);
          const body = bodyHandle(tx, s);
          try {
            const value = await current.fn(body.tx);
            body.end();
            await sql`RELEASE group_body`.execute(tx);
            done.push({ job: current, ok: true, value });
          } catch (err) {
            body.end();
            // If even this fails (SQLite rolled the whole transaction back: a full disk, an I/O error), the
            // group is lost: thrown out of here, it rejects every body.
            await sql`ROLLBACK TO group_body`.execute(tx);
            await sql`RELEASE group_body`.execute(tx);
            restore();
            done.push({ job: current, ok: false, value: err });
          }
        }
        await beforeCommit(s, tx);
      });
    } catch (err) {
      current?.reject(err);
      for (const d of done) d.job.reject(d.ok ? err : d.value);
      return;
    }
    for (const action of state?.afterCommit ?? []) action();
    for (const d of done) (d.ok ? d.job.resolve : d.job.reject)(d.value);
  }
}

/**
 * The handle one body of a group runs on: the group's transaction, refusing every statement once the body has
 * ended. A body that left a statement running (started without awaiting it, or from a timer) would otherwise
 * have it run inside the next body's savepoint, and commit or roll back with that body, not with its own.
 */
function bodyHandle(tx: Db, state: TxState): { tx: Db; end(): void } {
  let ended = false;
  const body = tx.withPlugin({
    transformQuery(args) {
      if (ended) throw new Error('inTx: a statement of a transaction that has already ended');
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  states.set(body, state);
  return {
    tx: body,
    end: () => {
      ended = true;
    },
  };
}

const groups = new WeakMap<Db, SqliteGroupCommit>();

/** Runs `fn` in a transaction (joining the caller's when `db` already is one) and returns its result. */
export async function inTx<T>(db: Db, fn: (tx: Db) => Promise<T>, opts: TxOptions = {}): Promise<T> {
  if (db.isTransaction) return fn(db);
  if (dialectOf(db) === 'sqlite') {
    let group = groups.get(db);
    if (!group) groups.set(db, (group = new SqliteGroupCommit(db)));
    return group.run(fn);
  }
  let uniqueFailures = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      const done = await db
        .transaction()
        .setIsolationLevel(opts.isolation ?? 'serializable')
        .execute((tx) => runBody(db, tx, fn));
      for (const action of done.afterCommit) action();
      return done.result;
    } catch (err) {
      if (!retryable(err) || attempt >= MAX_ATTEMPTS) throw err;
      if (isUniqueViolation(err) && ++uniqueFailures >= MAX_UNIQUE_ATTEMPTS) throw err;
      // Back off a little, growing and jittered, so the same transactions do not collide again in lockstep.
      await sleep(randomInt(1 + Math.min(50, 2 ** attempt)));
    }
  }
}

/** Whether an error is PostgreSQL's or SQLite's unique-key violation. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown } | null;
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
