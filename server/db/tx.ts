// One transaction helper for every money change, with the same guarantee on both databases: the business
// check, the change and its ledger postings commit together or not at all, as if transactions ran one after
// another. SQLite: BEGIN IMMEDIATE (dialects.ts) on the single connection, so they do run one at a time.
// PostgreSQL: SERIALIZABLE, re-run from the start when the server reports a serialisation failure or a
// deadlock, or a unique-key race (the re-run then sees the winner's row and answers as an idempotent repeat).
// The body must therefore have no effect outside the database (no events, no timers): return what happened
// and act on it after inTx resolves. Inside the body use only `tx`; on SQLite a query on the outer handle waits
// for the connection the transaction holds, for ever.
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { dialectOf, type Db } from './database.ts';

const RETRY_CODES = new Set(['40001', '40P01', '23505']);
const MAX_ATTEMPTS = 12;

function retryable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRY_CODES.has(code);
}

/** Runs `fn` in a transaction (joining the caller's when `db` already is one) and returns its result. */
export async function inTx<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  if (dialectOf(db) === 'sqlite') return db.transaction().execute(fn);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(fn);
    } catch (err) {
      if (!retryable(err) || attempt >= MAX_ATTEMPTS) throw err;
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
