// The one global lock order of every transaction that moves money on PostgreSQL (placing, cancelling, filling
// and expiring orders, the T+1 release, and any area that freezes or posts for an account: withdrawals next).
// Such a transaction runs READ COMMITTED (db/tx.ts) and first locks the rows of `accounts` whose orders,
// positions, share locks or balances it will change, all at once in ascending id (lockAccounts), and only then
// reads what it decides on. So two changes of one account run one after the other and each sees the other's
// result (the balance check, the clientOrderId repeat, an order's status), while different accounts never wait
// for each other. The order, always: accounts (ascending id), then the user balances a record debits (ledger
// account, asset: taken by postRecord / postRecords through ledger-repo.ts), then the system balances at the
// commit (balance-writes.ts). FOR NO KEY UPDATE: rows elsewhere that refer to an account (new orders, fills)
// may still be inserted. SQLite needs none of this: BEGIN IMMEDIATE runs one writer at a time.
import { dialectOf, type Db } from '../../db/database.ts';
import { writeBehind } from '../../db/tx.ts';

const held = new WeakMap<Db, Set<number>>();

/**
 * Locks these accounts for the rest of the transaction `tx`; returns true when it locked any (PostgreSQL), so
 * rows read before the call must be read again. Accounts this transaction already holds are skipped. Take every
 * lock a transaction needs in one call: a second call with a lower id than one held breaks the order (a
 * deadlock then re-runs the transaction).
 */
export async function lockAccounts(tx: Db, accountIds: Iterable<number>): Promise<boolean> {
  if (!tx.isTransaction) throw new Error('lockAccounts: needs a transaction');
  if (dialectOf(tx) !== 'postgres') return false;
  let mine = held.get(tx);
  if (!mine) held.set(tx, (mine = new Set()));
  const wanted = [...new Set(accountIds)].filter((id) => !mine.has(id)).sort((a, b) => a - b);
  if (wanted.length === 0) return false;
  // Its rows are not needed: it goes with the next statement (tx.ts writeBehind), which runs once it has the
  // locks.
  await writeBehind(
    tx,
    tx.selectFrom('accounts').select('id').where('id', 'in', wanted).orderBy('id').forNoKeyUpdate(),
  );
  for (const id of wanted) mine.add(id);
  return true;
}
