// Lock-out records kept in the database (table attempt_guards), for secrets whose lock must survive a restart
// and be shared by every server process: the transaction password today, the withdrawal password next. Each
// update is one transaction (inTx) that holds the key's row while it reads, changes and writes it, so two
// processes cannot both admit the last free attempt. SQLite runs writers one at a time (BEGIN IMMEDIATE). On
// PostgreSQL the transaction is READ COMMITTED and its first statement is an upsert that creates the row if
// there is none and otherwise leaves it as it is; either way it locks that one row and returns it as it stands
// after any update in flight committed. Other keys (other users' orders) are not held up. Before, the
// transaction locked the whole table (SHARE ROW EXCLUSIVE), which made every order of every user queue for it
// twice (admit, settle); SERIALIZABLE alone made a burst on one key fail and retry (measured with 200 parallel
// attempts from two pools: 33 ran out of retries).
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { inTx, writeBehind } from '../../db/tx.ts';
import { EMPTY_RECORD, type AttemptRecord } from './attempt-rules.ts';
import type { AttemptStore } from './attempt-guard.ts';

const COLUMNS = ['failures', 'pending', 'since', 'last_failure_at'] as const;

function toRecord(row: { failures: number; pending: number; since: number; last_failure_at: number }) {
  return {
    failures: row.failures,
    pending: row.pending,
    since: row.since,
    lastFailureAt: row.last_failure_at,
  };
}

export class DbAttemptStore implements AttemptStore {
  constructor(
    private readonly db: Db,
    /** What is guarded, e.g. 'trade_password'; keys are the subject (a user id) within it. */
    private readonly scope: string,
  ) {}

  async read(key: string): Promise<AttemptRecord> {
    const row = await this.db
      .selectFrom('attempt_guards')
      .select(COLUMNS)
      .where('scope', '=', this.scope)
      .where('subject', '=', key)
      .executeTakeFirst();
    return row ? toRecord(row) : EMPTY_RECORD;
  }

  update<T>(key: string, change: (rec: AttemptRecord) => { next: AttemptRecord; result: T }): Promise<T> {
    const where = { scope: this.scope, subject: key };
    return inTx(
      this.db,
      async (tx) => {
        // The row, created empty when missing, locked either way (a no-op update takes the row lock).
        const row = await tx
          .insertInto('attempt_guards')
          .values({ ...where, failures: 0, pending: 0, since: 0, last_failure_at: 0 })
          .onConflict((oc) =>
            oc.columns(['scope', 'subject']).doUpdateSet({ failures: sql<number>`attempt_guards.failures` }),
          )
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
        const { next, result } = change(toRecord(row));
        // Sent with the COMMIT (tx.ts writeBehind).
        await writeBehind(
          tx,
          next.failures + next.pending === 0
            ? tx
                .deleteFrom('attempt_guards')
                .where('scope', '=', where.scope)
                .where('subject', '=', where.subject)
            : tx
                .updateTable('attempt_guards')
                .set({
                  failures: next.failures,
                  pending: next.pending,
                  since: next.since,
                  last_failure_at: next.lastFailureAt,
                })
                .where('scope', '=', where.scope)
                .where('subject', '=', where.subject),
        );
        return result;
      },
      { isolation: 'read committed' },
    );
  }
}
