// Lock-out records kept in the database (table attempt_guards), for secrets whose lock must survive a restart
// and be shared by every server process: the transaction password today, the withdrawal password next. Each
// update is one BEGIN IMMEDIATE transaction, so two processes cannot both admit the last free attempt.
import type { RawDb as Db } from '../../db/database.ts';
import { EMPTY_RECORD, type AttemptRecord } from './attempt-rules.ts';
import type { AttemptStore } from './attempt-guard.ts';

interface Row {
  failures: number;
  pending: number;
  since: number;
  lastFailureAt: number;
}

export class DbAttemptStore implements AttemptStore {
  constructor(
    private readonly db: Db,
    /** What is guarded, e.g. 'trade_password'; keys are the subject (a user id) within it. */
    private readonly scope: string,
  ) {}

  read(key: string): AttemptRecord {
    const row = this.db
      .prepare(
        `SELECT failures, pending, since, last_failure_at AS lastFailureAt
         FROM attempt_guards WHERE scope = ? AND subject = ?`,
      )
      .get(this.scope, key) as Row | undefined;
    return row ?? EMPTY_RECORD;
  }

  update<T>(key: string, change: (rec: AttemptRecord) => { next: AttemptRecord; result: T }): T {
    return this.db
      .transaction(() => {
        const { next, result } = change(this.read(key));
        if (next.failures + next.pending === 0) {
          this.db.prepare('DELETE FROM attempt_guards WHERE scope = ? AND subject = ?').run(this.scope, key);
        } else {
          this.db
            .prepare(
              `INSERT INTO attempt_guards (scope, subject, failures, pending, since, last_failure_at)
               VALUES (?, ?, ?, ?, ?, ?)
               ON CONFLICT (scope, subject) DO UPDATE SET failures = excluded.failures,
                 pending = excluded.pending, since = excluded.since, last_failure_at = excluded.last_failure_at`,
            )
            .run(this.scope, key, next.failures, next.pending, next.since, next.lastFailureAt);
        }
        return result;
      })
      .immediate();
  }
}
