// A savepoint inside a transaction (inTx): lets one step of a long transaction fail and be undone alone while
// the steps before it stand. Plain SQL, the same on SQLite and PostgreSQL; on PostgreSQL rolling back to the
// savepoint also makes a transaction usable again after a failed statement. A failure that only a re-run of
// the whole transaction can cure (a serialisation failure, a deadlock, a unique-key race) is rethrown at once
// so that inTx can re-run it; callers must let it through too (mustRerun). Rolling back also forgets what the
// step deferred to the commit (tx.ts: system balance changes, ids to cache).
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { txSnapshot } from '../../db/tx.ts';

const RERUN_CODES = new Set(['40001', '40P01', '23505']);

/** Whether an error means the whole PostgreSQL transaction must re-run (inTx does that). */
export function mustRerun(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RERUN_CODES.has(code);
}

/** Runs `fn` inside a savepoint of the transaction `tx`; on a throw rolls back to it and rethrows. */
export async function inSavepoint<T>(tx: Db, name: string, fn: () => Promise<T>): Promise<T> {
  if (!tx.isTransaction) throw new Error('inSavepoint: needs a transaction');
  const id = sql.id(name);
  const restore = txSnapshot(tx);
  await sql`SAVEPOINT ${id}`.execute(tx);
  let result: T;
  try {
    result = await fn();
  } catch (err) {
    if (!mustRerun(err)) {
      await sql`ROLLBACK TO SAVEPOINT ${id}`.execute(tx);
      restore();
    }
    throw err;
  }
  await sql`RELEASE SAVEPOINT ${id}`.execute(tx);
  return result;
}
