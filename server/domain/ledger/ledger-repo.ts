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
import { afterCommit, inTx, rootOf, writeBehind } from '../../db/tx.ts';
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

function checked(input: JournalInput): JournalInput {
  const problem = checkPostings(input.postings);
  if (problem)
    throw new LedgerError(problem, `ledger: refused journal ${input.kind}/${input.ref}: ${problem}`);
  return input;
}

const keyOf = (c: { id: number; asset: string }) => `${c.id}:${c.asset}`;

/** Net changes per balance over several journals, in lock order. */
function netChanges(journals: readonly Change[][]): Change[] {
  const net = new Map<string, Change>();
  for (const c of journals.flat()) {
    const was = net.get(keyOf(c));
    net.set(keyOf(c), { ...c, change: (was?.change ?? 0n) + c.change });
  }
  return [...net.values()].filter((c) => c.change !== 0n).sort(byLockOrder);
}

type Posted = { ids: number[] } | { refused: number } | { existing: true };

/**
 * Posts journals one after another as far as balances go, in as few statements as a single one: the user
 * balances any of them debits are locked and read once, the journals applied in order in memory (each must
 * leave every user balance non-negative, as if posted alone), then the journals, all their postings and the
 * net balance changes are written. `{ refused: i }`: journal i would overdraw (nothing written);
 * `{ existing: true }`: a (kind, ref) was posted before (journals may then have been written: the caller
 * must not go on).
 */
async function postAll(tx: Db, inputs: readonly JournalInput[]): Promise<Posted> {
  const perJournal = inputs.map((j) => orderedChanges(j.postings));
  const all = netChanges(perJournal);
  const owners = await ownersOf(tx, [...new Set(perJournal.flat().map((c) => c.id))]);
  const isUser = (c: Change) => owners.get(c.id) === 'user';
  const debited = netChanges(perJournal.map((cs) => cs.filter((c) => isUser(c) && c.change < 0n)));
  if (debited.length > 0) {
    const held = await lockedBalances(tx, debited);
    const running = new Map(debited.map((c) => [keyOf(c), amountIn(held, c)]));
    for (const [i, changes] of perJournal.entries()) {
      for (const c of changes) {
        const now = running.get(keyOf(c));
        if (now !== undefined) running.set(keyOf(c), now + c.change);
      }
      if ([...running.values()].some((amount) => amount < 0n)) return { refused: i };
    }
  }
  const journals = await tx
    .insertInto('ledger_journals')
    .values(
      inputs.map((j) => ({ kind: j.kind, ref: j.ref, memo: j.memo ?? '', created_at: j.now ?? Date.now() })),
    )
    .onConflict((oc) => oc.columns(['kind', 'ref']).doNothing())
    .returning(['id', 'kind', 'ref'])
    .execute();
  if (journals.length < inputs.length) return { existing: true };
  const idOf = new Map(journals.map((j) => [`${j.kind}\n${j.ref}`, j.id]));
  const ids = inputs.map((j) => idOf.get(`${j.kind}\n${j.ref}`)!);
  await writeBehind(
    tx,
    tx.insertInto('ledger_postings').values(
      inputs.flatMap((j, i) =>
        j.postings.map((p) => ({
          journal_id: ids[i]!,
          ledger_account_id: p.ledgerAccountId,
          asset: p.asset,
          amount: p.amount,
        })),
      ),
    ),
  );
  await writeUserBalances(tx, all.filter(isUser));
  await addSystemBalances(
    tx,
    all.filter((c) => !isUser(c)),
  );
  return { ids };
}

const overdraw = (j: JournalInput) =>
  new LedgerError('insufficient', `ledger: journal ${j.kind}/${j.ref} would overdraw`);

/**
 * Records a balanced journal and updates cached balances; returns its id and whether it was new (a (kind, ref)
 * posted before is answered with the first journal, even when the money is no longer there). On its own it
 * runs READ COMMITTED: the row locks on the debited balances and the unique (kind, ref) are its guarantees.
 */
export async function postJournal(
  db: Db,
  input: JournalInput,
): Promise<{ journalId: number; created: boolean }> {
  checked(input);
  return inTx(
    db,
    async (tx) => {
      const r = await postAll(tx, [input]);
      if ('ids' in r) return { journalId: r.ids[0]!, created: true };
      const existing = await journalByRef(tx, input.kind, input.ref);
      if (existing !== undefined) return { journalId: existing, created: false };
      throw overdraw(input);
    },
    { isolation: 'read committed' },
  );
}

/**
 * Records several journals that are new by construction (named after rows the caller's transaction has just
 * created, e.g. a fill's journals), one after another, as postJournal would, in as few statements as one; all
 * or none. Returns their ids. Refuses with LedgerError('insufficient') naming the first that would overdraw;
 * a (kind, ref) posted before is a bug of the caller and throws.
 */
export async function postJournals(db: Db, inputs: readonly JournalInput[]): Promise<number[]> {
  inputs.forEach(checked);
  if (inputs.length === 0) return [];
  return inTx(
    db,
    async (tx) => {
      const r = await postAll(tx, inputs);
      if ('ids' in r) return r.ids;
      if ('refused' in r) throw overdraw(inputs[r.refused]!);
      throw new Error(`ledger: journals ${inputs.map((j) => `${j.kind}/${j.ref}`).join(', ')} exist already`);
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
