// The ledger: ledger accounts, balanced journals with cached balances, and balance reads, on either database.
// Call postJournal inside the transaction of the business change it records (inTx, db/tx.ts), so both commit
// or neither. It reads every balance it changes first, in a fixed order (ledger account, asset) and locked
// (FOR UPDATE on PostgreSQL), refuses an overdraft of a user balance before writing anything (so the caller's
// transaction stays usable after a refusal), then writes. The non-negative trigger stays the last defence.
import { sql } from 'kysely';
import { dialectOf, type Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { balanceChanges, checkPostings, type Posting } from './postings.ts';

export class LedgerError extends Error {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

/** The ledger account of a user account (real or demo) for `name` ('cash' = the main wallet); created on demand. */
export async function userLedgerAccount(db: Db, accountId: number, name = 'cash'): Promise<number> {
  const found = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('account_id', '=', accountId)
    .where('name', '=', name)
    .executeTakeFirst();
  if (found) return found.id;
  await db
    .insertInto('ledger_accounts')
    .values({ owner: 'user', account_id: accountId, name })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('account_id', '=', accountId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A system ledger account (e.g. 'demo_funding'), created on demand; its balance may go negative. */
export async function systemLedgerAccount(db: Db, name: string): Promise<number> {
  const find = () =>
    db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('owner', '=', 'system')
      .where('name', '=', name)
      .executeTakeFirst();
  const existing = await find();
  if (existing) return existing.id;
  await db
    .insertInto('ledger_accounts')
    .values({ owner: 'system', name })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return (await find())!.id;
}

export interface JournalInput {
  kind: string;
  /** Idempotency key (e.g. a client-generated id): posting the same (kind, ref) twice has one effect. */
  ref: string;
  memo?: string;
  postings: readonly Posting[];
  now?: number;
}

interface Change {
  id: number;
  asset: string;
  change: bigint;
}

/** The balance changes of a journal in the one order every transaction locks them in. */
function orderedChanges(postings: readonly Posting[]): Change[] {
  return [...balanceChanges(postings)]
    .map(([key, change]) => {
      const [id, asset] = key.split(':') as [string, string];
      return { id: Number(id), asset, change };
    })
    .filter((c) => c.change !== 0n)
    .sort((a, b) => a.id - b.id || (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0));
}

async function lockedBalance(db: Db, c: Change): Promise<bigint | undefined> {
  const q = db
    .selectFrom('ledger_balances')
    .select('amount')
    .where('ledger_account_id', '=', c.id)
    .where('asset', '=', c.asset);
  const row = await (dialectOf(db) === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
  return row?.amount;
}

/** Records a balanced journal and updates cached balances; returns its id and whether it was new. */
export async function postJournal(
  db: Db,
  input: JournalInput,
): Promise<{ journalId: number; created: boolean }> {
  const problem = checkPostings(input.postings);
  if (problem)
    throw new LedgerError(problem, `ledger: refused journal ${input.kind}/${input.ref}: ${problem}`);
  return inTx(db, async (tx) => {
    const existing = await tx
      .selectFrom('ledger_journals')
      .select('id')
      .where('kind', '=', input.kind)
      .where('ref', '=', input.ref)
      .executeTakeFirst();
    if (existing) return { journalId: existing.id, created: false };
    const changes = orderedChanges(input.postings);
    // Legs that net to nothing (a move within one book) change no balance: no owner to look up (an empty
    // IN () is a syntax error on PostgreSQL).
    const owners = new Map(
      changes.length === 0
        ? []
        : (
            await tx
              .selectFrom('ledger_accounts')
              .select(['id', 'owner'])
              .where(
                'id',
                'in',
                changes.map((c) => c.id),
              )
              .execute()
          ).map((r) => [r.id, r.owner]),
    );
    const current: Array<bigint | undefined> = [];
    for (const c of changes) {
      const amount = await lockedBalance(tx, c);
      if (owners.get(c.id) === 'user' && (amount ?? 0n) + c.change < 0n) {
        throw new LedgerError('insufficient', `ledger: journal ${input.kind}/${input.ref} would overdraw`);
      }
      current.push(amount);
    }
    const journal = await tx
      .insertInto('ledger_journals')
      .values({
        kind: input.kind,
        ref: input.ref,
        memo: input.memo ?? '',
        created_at: input.now ?? Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('ledger_postings')
      .values(
        input.postings.map((p) => ({
          journal_id: journal.id,
          ledger_account_id: p.ledgerAccountId,
          asset: p.asset,
          amount: p.amount,
        })),
      )
      .execute();
    for (const [i, c] of changes.entries()) {
      if (current[i] === undefined) {
        await tx
          .insertInto('ledger_balances')
          .values({ ledger_account_id: c.id, asset: c.asset, amount: c.change })
          .execute();
      } else {
        await tx
          .updateTable('ledger_balances')
          .set({ amount: sql<bigint>`amount + ${c.change}` })
          .where('ledger_account_id', '=', c.id)
          .where('asset', '=', c.asset)
          .execute();
      }
    }
    return { journalId: journal.id, created: true };
  });
}

/** Cached balance of a ledger account in `asset`, in minor units (0 when never posted). */
export async function balanceOf(db: Db, ledgerAccountId: number, asset: string): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_balances')
    .select('amount')
    .where('ledger_account_id', '=', ledgerAccountId)
    .where('asset', '=', asset)
    .executeTakeFirst();
  return row?.amount ?? 0n;
}

/** Balance recomputed from the postings: the audit check that the cache agrees with the journal. */
export async function balanceFromPostings(db: Db, ledgerAccountId: number, asset: string): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_postings')
    .select(sql<bigint>`COALESCE(SUM(amount), 0)`.as('amount'))
    .where('ledger_account_id', '=', ledgerAccountId)
    .where('asset', '=', asset)
    .executeTakeFirstOrThrow();
  return BigInt(row.amount);
}
