// How postJournal (ledger-repo.ts) reads and writes cached balances, in few statements and with short locks.
//   - User balances a journal debits are read in one statement, locked (FOR UPDATE on PostgreSQL) in the one
//     order every transaction uses (ledger account, asset), and checked before anything is written.
//   - User balances are then written: each debit by an UPDATE (the row exists: the check found it), every
//     credit by one upsert. (A debit cannot be an upsert: the non-negative trigger sees the proposed INSERT
//     row, the bare negative change, before the conflict turns it into an update.)
//   - System balances (the market's counterparty books, the fee accounts, funding: no overdraft check, and
//     touched by every trade) are summed per transaction and written by one upsert, in that same order, right
//     before COMMIT (tx.ts deferToCommit; on PostgreSQL in the COMMIT's own round trip). Each is a hot row every
//     order locks; locked mid-transaction it would be held while the node runs the rest of the order, and every
//     order would queue behind it.
import { sql, type CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/database.ts';
import { deferToCommit, writeBehind, type Deferred } from '../../db/tx.ts';

export interface Change {
  id: number;
  asset: string;
  change: bigint;
}

const keyOf = (c: { id: number; asset: string }) => `${c.id}:${c.asset}`;

/** The one order balances are locked and written in: ledger account, then asset. */
export function byLockOrder(a: { id: number; asset: string }, b: { id: number; asset: string }): number {
  return a.id - b.id || (a.asset < b.asset ? -1 : a.asset > b.asset ? 1 : 0);
}

const sameRow = (c: { id: number; asset: string }) =>
  sql<boolean>`(ledger_account_id = ${c.id} AND asset = ${c.asset})`;

/** Current amounts of these balances (absent: never posted), locked on PostgreSQL, in one statement. */
export async function lockedBalances(tx: Db, rows: readonly Change[]): Promise<Map<string, bigint>> {
  const sorted = [...rows].sort(byLockOrder);
  const q = tx
    .selectFrom('ledger_balances')
    .select(['ledger_account_id', 'asset', 'amount'])
    .where(sql<boolean>`${sql.join(sorted.map(sameRow), sql` OR `)}`)
    .orderBy('ledger_account_id')
    .orderBy('asset');
  const found = await (dialectOf(tx) === 'postgres' ? q.forUpdate() : q).execute();
  return new Map(found.map((r) => [keyOf({ id: r.ledger_account_id, asset: r.asset }), r.amount]));
}

export function amountIn(held: Map<string, bigint>, c: Change): bigint {
  return held.get(keyOf(c)) ?? 0n;
}

/** Adds each change to its balance row, creating rows that do not exist yet (credits only). */
function upsert(tx: Db, rows: readonly Change[]) {
  return tx
    .insertInto('ledger_balances')
    .values(
      [...rows].sort(byLockOrder).map((c) => ({ ledger_account_id: c.id, asset: c.asset, amount: c.change })),
    )
    .onConflict((oc) =>
      oc
        .columns(['ledger_account_id', 'asset'])
        .doUpdateSet({ amount: sql<bigint>`ledger_balances.amount + excluded.amount` }),
    );
}

/** Writes user balance changes whose debits were checked against lockedBalances. */
export async function writeUserBalances(tx: Db, changes: readonly Change[]): Promise<void> {
  for (const c of changes.filter((x) => x.change < 0n).sort(byLockOrder)) {
    await writeBehind(
      tx,
      tx
        .updateTable('ledger_balances')
        .set({ amount: sql<bigint>`amount + ${c.change}` })
        .where('ledger_account_id', '=', c.id)
        .where('asset', '=', c.asset),
    );
  }
  const credits = changes.filter((x) => x.change > 0n);
  if (credits.length > 0) await writeBehind(tx, upsert(tx, credits));
}

/** A transaction's system balance changes, summed until its commit. */
class SystemDeltas implements Deferred {
  private deltas = new Map<string, Change>();

  add(c: Change): void {
    const key = keyOf(c);
    const was = this.deltas.get(key);
    this.deltas.set(key, { ...c, change: (was?.change ?? 0n) + c.change });
  }

  statement(tx: Db): CompiledQuery | null {
    const rows = [...this.deltas.values()].filter((c) => c.change !== 0n);
    return rows.length > 0 ? upsert(tx, rows).compile() : null;
  }

  snapshot(): () => void {
    const copy = new Map(this.deltas);
    return () => {
      this.deltas = copy;
    };
  }
}

const SYSTEM_DELTAS = Symbol('system balance changes');

/** Adds system balance changes to the transaction's sums (written at its commit), or writes them now. */
export async function addSystemBalances(tx: Db, changes: readonly Change[]): Promise<void> {
  if (changes.length === 0) return;
  const deferred = deferToCommit(tx, SYSTEM_DELTAS, () => new SystemDeltas());
  if (deferred) for (const c of changes) deferred.add(c);
  else await upsert(tx, changes).execute();
}
