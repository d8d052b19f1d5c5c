// The ledger: ledger accounts, balanced journals with cached balances, and balance reads, on either database.
// Call postJournal inside the transaction of the business change it records (inTx, db/tx.ts), so both commit
// or neither. It reads every user balance it debits first, in one statement, in a fixed order (ledger account,
// asset) and locked (FOR UPDATE on PostgreSQL), refuses an overdraft before writing anything (so the caller's
// transaction stays usable after a refusal), then writes; system balances are written at the commit
// (balance-writes.ts). The non-negative trigger stays the last defence.
// Ledger account ids never change once a row exists (and rows are never deleted), so the ids (and owners) of
// rows known to be committed are remembered per database in this process: a trade needs about a dozen and would
// otherwise look each one up.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { afterCommit, inTx, rootOf } from '../../db/tx.ts';
import {
  addSystemBalances,
  amountIn,
  byLockOrder,
  lockedBalances,
  writeUserBalances,
  type Change,
} from './balance-writes.ts';
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

type Owner = 'user' | 'system';

interface KnownAccounts {
  ids: Map<string, number>;
  owners: Map<number, Owner>;
}

const known = new WeakMap<Db, KnownAccounts>();
const MAX_KNOWN = 200_000;

function knownOn(db: Db): KnownAccounts | undefined {
  const root = rootOf(db);
  if (!root) return undefined;
  let k = known.get(root);
  if (!k) known.set(root, (k = { ids: new Map(), owners: new Map() }));
  return k;
}

/**
 * Forgets the remembered ledger accounts of `db`. Only for a database whose ledger accounts were deleted (a
 * test emptying its tables between cases): the server never deletes one.
 */
export function forgetLedgerAccounts(db: Db): void {
  const root = rootOf(db);
  if (root) known.delete(root);
}

/** Remembers a ledger account once the transaction that found it committed (then it surely exists). */
function remember(db: Db, key: string, id: number, owner: Owner): void {
  const k = knownOn(db);
  if (!k) return;
  afterCommit(db, () => {
    if (k.ids.size > MAX_KNOWN) k.ids.clear();
    if (k.owners.size > MAX_KNOWN) k.owners.clear();
    k.ids.set(key, id);
    k.owners.set(id, owner);
  });
}

async function ledgerAccount(
  db: Db,
  key: string,
  owner: Owner,
  find: () => Promise<{ id: number } | undefined>,
  create: () => Promise<unknown>,
): Promise<number> {
  const cached = knownOn(db)?.ids.get(key);
  if (cached !== undefined) return cached;
  let row = await find();
  if (!row) {
    await create();
    row = await find();
    if (!row) throw new Error(`ledger: could not create ledger account ${key}`);
  }
  remember(db, key, row.id, owner);
  return row.id;
}

/** The ledger account of a user account (real or demo) for `name` ('cash' = the main wallet); created on demand. */
export async function userLedgerAccount(db: Db, accountId: number, name = 'cash'): Promise<number> {
  return ledgerAccount(
    db,
    `u:${accountId}:${name}`,
    'user',
    () =>
      db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('account_id', '=', accountId)
        .where('name', '=', name)
        .executeTakeFirst(),
    () =>
      db
        .insertInto('ledger_accounts')
        .values({ owner: 'user', account_id: accountId, name })
        .onConflict((oc) => oc.doNothing())
        .execute(),
  );
}

/** A system ledger account (e.g. 'demo_funding'), created on demand; its balance may go negative. */
export async function systemLedgerAccount(db: Db, name: string): Promise<number> {
  return ledgerAccount(
    db,
    `s:${name}`,
    'system',
    () =>
      db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('owner', '=', 'system')
        .where('name', '=', name)
        .executeTakeFirst(),
    () =>
      db
        .insertInto('ledger_accounts')
        .values({ owner: 'system', name })
        .onConflict((oc) => oc.doNothing())
        .execute(),
  );
}

/** Owners of these ledger accounts: remembered ones from memory, the rest in one read. */
async function ownersOf(db: Db, ids: readonly number[]): Promise<Map<number, Owner>> {
  const k = knownOn(db);
  const out = new Map<number, Owner>();
  const missing: number[] = [];
  for (const id of ids) {
    const o = k?.owners.get(id);
    if (o) out.set(id, o);
    else missing.push(id);
  }
  if (missing.length > 0) {
    const rows = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'owner'])
      .where('id', 'in', missing)
      .execute();
    for (const r of rows) out.set(r.id, r.owner);
  }
  return out;
}

export interface JournalInput {
  kind: string;
  /** Idempotency key (e.g. a client-generated id): posting the same (kind, ref) twice has one effect. */
  ref: string;
  memo?: string;
  postings: readonly Posting[];
  now?: number;
}

/** The balance changes of a journal in the one order every transaction locks them in. */
function orderedChanges(postings: readonly Posting[]): Change[] {
  return [...balanceChanges(postings)]
    .map(([key, change]) => {
      const [id, asset] = key.split(':') as [string, string];
      return { id: Number(id), asset, change };
    })
    .filter((c) => c.change !== 0n)
    .sort(byLockOrder);
}

async function journalByRef(db: Db, kind: string, ref: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('ledger_journals')
    .select('id')
    .where('kind', '=', kind)
    .where('ref', '=', ref)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Records a balanced journal and updates cached balances; returns its id and whether it was new. On its own it
 * runs READ COMMITTED: the row locks on the debited balances and the unique (kind, ref) are its guarantees.
 */
export async function postJournal(
  db: Db,
  input: JournalInput,
): Promise<{ journalId: number; created: boolean }> {
  const problem = checkPostings(input.postings);
  if (problem)
    throw new LedgerError(problem, `ledger: refused journal ${input.kind}/${input.ref}: ${problem}`);
  return inTx(
    db,
    async (tx) => {
      const changes = orderedChanges(input.postings);
      const owners = await ownersOf(
        tx,
        changes.map((c) => c.id),
      );
      const user = changes.filter((c) => owners.get(c.id) === 'user');
      const debits = user.filter((c) => c.change < 0n);
      if (debits.length > 0) {
        const held = await lockedBalances(tx, debits);
        if (debits.some((c) => amountIn(held, c) + c.change < 0n)) {
          // A repeat of a journal that was posted when the money was there is still a repeat.
          const existing = await journalByRef(tx, input.kind, input.ref);
          if (existing !== undefined) return { journalId: existing, created: false };
          throw new LedgerError('insufficient', `ledger: journal ${input.kind}/${input.ref} would overdraw`);
        }
      }
      const journal = await tx
        .insertInto('ledger_journals')
        .values({
          kind: input.kind,
          ref: input.ref,
          memo: input.memo ?? '',
          created_at: input.now ?? Date.now(),
        })
        .onConflict((oc) => oc.columns(['kind', 'ref']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!journal) {
        const existing = await journalByRef(tx, input.kind, input.ref);
        if (existing === undefined) throw new Error(`ledger: journal ${input.kind}/${input.ref} vanished`);
        return { journalId: existing, created: false };
      }
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
      await writeUserBalances(tx, user);
      await addSystemBalances(
        tx,
        changes.filter((c) => owners.get(c.id) !== 'user'),
      );
      return { journalId: journal.id, created: true };
    },
    { isolation: 'read committed' },
  );
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
