// TRANSITIONAL (issue 13): the synchronous copy for callers not yet on the async data layer; delete when none import it.
// The ledger in SQLite: ledger accounts, balanced journals with cached balances, and balance reads.
// Call postJournal inside the transaction of the business change it records, so both commit or neither.
import type { RawDb as Db } from '../../db/database.ts';
import { balanceChanges, checkPostings, type Posting } from './postings.ts';

import { LedgerError } from './ledger-repo.ts';

export { LedgerError };

/** The ledger account of a user account (real or demo) for `name` ('cash' = the main wallet); created on demand. */
export function userLedgerAccount(db: Db, accountId: number, name = 'cash'): number {
  db.prepare(
    "INSERT INTO ledger_accounts (owner, account_id, name) VALUES ('user', ?, ?) ON CONFLICT DO NOTHING",
  ).run(accountId, name);
  return db
    .prepare('SELECT id FROM ledger_accounts WHERE account_id = ? AND name = ?')
    .pluck()
    .get(accountId, name) as number;
}

/** A system ledger account (e.g. 'demo_funding'), created on demand; its balance may go negative. */
export function systemLedgerAccount(db: Db, name: string): number {
  const existing = db
    .prepare("SELECT id FROM ledger_accounts WHERE owner = 'system' AND name = ?")
    .pluck()
    .get(name) as number | undefined;
  if (existing !== undefined) return existing;
  return Number(
    db.prepare("INSERT INTO ledger_accounts (owner, name) VALUES ('system', ?)").run(name).lastInsertRowid,
  );
}

export interface JournalInput {
  kind: string;
  /** Idempotency key (e.g. a client-generated id): posting the same (kind, ref) twice has one effect. */
  ref: string;
  memo?: string;
  postings: readonly Posting[];
  now?: number;
}

/** Records a balanced journal and updates cached balances; returns its id and whether it was new. */
export function postJournal(db: Db, input: JournalInput): { journalId: number; created: boolean } {
  const problem = checkPostings(input.postings);
  if (problem)
    throw new LedgerError(problem, `ledger: refused journal ${input.kind}/${input.ref}: ${problem}`);
  return db.transaction(() => {
    const existing = db
      .prepare('SELECT id FROM ledger_journals WHERE kind = ? AND ref = ?')
      .pluck()
      .get(input.kind, input.ref) as number | undefined;
    if (existing !== undefined) return { journalId: existing, created: false };
    const journalId = Number(
      db
        .prepare('INSERT INTO ledger_journals (kind, ref, memo, created_at) VALUES (?, ?, ?, ?)')
        .run(input.kind, input.ref, input.memo ?? '', input.now ?? Date.now()).lastInsertRowid,
    );
    const insertPosting = db.prepare(
      'INSERT INTO ledger_postings (journal_id, ledger_account_id, asset, amount) VALUES (?, ?, ?, ?)',
    );
    for (const p of input.postings) insertPosting.run(journalId, p.ledgerAccountId, p.asset, p.amount);
    // UPDATE first, INSERT only for a new row: an upsert would fire the BEFORE INSERT non-negative trigger
    // with the (negative) change itself, refusing every debit of a user balance that exists.
    const update = db.prepare(
      'UPDATE ledger_balances SET amount = amount + ? WHERE ledger_account_id = ? AND asset = ?',
    );
    const insert = db.prepare(
      'INSERT INTO ledger_balances (ledger_account_id, asset, amount) VALUES (?, ?, ?)',
    );
    try {
      for (const [key, change] of balanceChanges(input.postings)) {
        const [id, asset] = key.split(':') as [string, string];
        if (update.run(change, Number(id), asset).changes === 0) insert.run(Number(id), asset, change);
      }
    } catch (err) {
      if (err instanceof Error && err.message.includes('negative user balance')) {
        throw new LedgerError('insufficient', `ledger: journal ${input.kind}/${input.ref} would overdraw`);
      }
      throw err;
    }
    return { journalId, created: true };
  })();
}

/** Cached balance of a ledger account in `asset`, in minor units (0 when never posted). */
export function balanceOf(db: Db, ledgerAccountId: number, asset: string): bigint {
  const row = db
    .prepare('SELECT amount FROM ledger_balances WHERE ledger_account_id = ? AND asset = ?')
    .pluck()
    .safeIntegers(true)
    .get(ledgerAccountId, asset) as bigint | undefined;
  return row ?? 0n;
}

/** Balance recomputed from the postings: the audit check that the cache agrees with the journal. */
export function balanceFromPostings(db: Db, ledgerAccountId: number, asset: string): bigint {
  const row = db
    .prepare('SELECT COALESCE(SUM(amount), 0) FROM ledger_postings WHERE ledger_account_id = ? AND asset = ?')
    .pluck()
    .safeIntegers(true)
    .get(ledgerAccountId, asset) as bigint;
  return row;
}
