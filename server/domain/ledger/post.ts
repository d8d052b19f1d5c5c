// The one way money moves: a record is a balanced journal of legs (books of user accounts and system accounts),
// with a record kind (records.ts: how the funds detail shows it), an idempotency ref, and the account, order
// and symbol it belongs to (trade_journals, the record's tags). freeze / unfreeze / settleFrozen are the
// reservations every area needs: an order or a withdrawal holds an amount (available → frozen), then gives it
// back (frozen → available) or pays it out (frozen → system accounts: the exchange, a clearing account, fees).
//
// Run these inside the transaction of the business change they record (inTx, db/tx.ts); each opens its own
// when `db` is not one. On PostgreSQL, lock the accounts the transaction changes first (locks.ts: the one global
// lock order). Every user balance a record debits is read in one statement in a fixed order (ledger account,
// asset), locked on PostgreSQL, and an overdraft of a user book is refused (LedgerError 'insufficient') before
// anything is written (ledger-repo.ts), so the caller's transaction stays usable after a refusal. System
// balances are summed and written at the commit (balance-writes.ts). postRecords posts several records that
// belong together (a fill's unfreeze, trade and fees) in as few statements as one.
import type { Db } from '../../db/database.ts';
import { inTx, writeBehind } from '../../db/tx.ts';
import { HOLDING_BOOKS, PKR, sysAcct, userAcct, type Holding, type UserBook } from './books.ts';
import { LedgerError, postJournal, postJournals, type JournalInput } from './ledger-repo.ts';
import type { Posting } from './postings.ts';
import type { RecordKind } from './records.ts';

/** What postRecord and the holds refuse with (reason 'insufficient': an overdraft of a user book). */
export { LedgerError };

/**
 * One side of a record, in the asset's minor units (positive = credit to the holder, negative = debit): a
 * book of a user account, a system account by name, or a ledger account by id (a posting already resolved).
 */
export type Leg =
  | { accountId: number; book: UserBook; asset: string; amount: bigint }
  | { system: string; asset: string; amount: bigint }
  | Posting;

export interface RecordTags {
  /** The record's kind (its funds-detail type: records.ts). */
  kind: RecordKind;
  /** Idempotency key within the kind (e.g. `order:12`, a bank reference): a repeat has no second effect. */
  ref: string;
  /** The user account whose record this is (its funds detail lists it). */
  accountId: number;
  orderId?: number;
  symbol?: string;
  /** Free text kept with the journal (e.g. a deposit's channel and operator note). */
  memo?: string;
  now: number;
}

export interface RecordInput extends RecordTags {
  legs: readonly Leg[];
}

export interface Posted {
  /** null when every leg was zero (nothing to post) */
  journalId: number | null;
  /** false when (kind, ref) had been posted before: nothing changed */
  created: boolean;
}

async function resolve(db: Db, leg: Leg): Promise<Posting> {
  if ('ledgerAccountId' in leg) return leg;
  const ledgerAccountId =
    'system' in leg ? await sysAcct(db, leg.system) : await userAcct(db, leg.accountId, leg.book);
  return { ledgerAccountId, asset: leg.asset, amount: leg.amount };
}

function tagRow(r: RecordTags, journalId: number) {
  return {
    journal_id: journalId,
    account_id: r.accountId,
    order_id: r.orderId ?? null,
    symbol: r.symbol ?? null,
  };
}

async function journalOf(tx: Db, r: RecordInput, legs: readonly Leg[]): Promise<JournalInput> {
  const postings: Posting[] = [];
  for (const leg of legs) postings.push(await resolve(tx, leg));
  return {
    kind: r.kind,
    ref: r.ref,
    now: r.now,
    postings,
    ...(r.memo !== undefined ? { memo: r.memo } : {}),
  };
}

/**
 * Posts a balanced record (legs of zero are dropped; nothing at all is posted when every leg is zero) and tags
 * it with its account, order and symbol. Throws LedgerError: an unbalanced set of legs, or an overdraft of a
 * user book ('insufficient'), with nothing written.
 */
export async function postRecord(db: Db, r: RecordInput): Promise<Posted> {
  const legs = r.legs.filter((l) => l.amount !== 0n);
  if (legs.length === 0) return { journalId: null, created: false };
  return inTx(db, async (tx) => {
    const { journalId, created } = await postJournal(tx, await journalOf(tx, r, legs));
    // Nothing reads the tag back in this transaction: it travels with the next statement (tx.ts writeBehind).
    if (created) await writeBehind(tx, tx.insertInto('trade_journals').values(tagRow(r, journalId)));
    return { journalId, created };
  });
}

/**
 * The batch form of postRecord, for records that belong together and are new by construction (their refs name
 * rows the caller's transaction has just created: a fill's unfreeze, trade and fees are `fill:<id>`). They are
 * posted one after another, each checked as if posted alone (a record may spend what an earlier one of the
 * batch freed), all or none, in as few statements as one record: the debited user balances of all of them are
 * locked and read once (ledger-repo.ts postJournals). Records whose legs are all zero are skipped
 * (journalId null). Refused with LedgerError('insufficient') naming the first record that would overdraw,
 * with nothing written; a (kind, ref) posted before is a bug of the caller and throws.
 */
export async function postRecords(db: Db, records: readonly RecordInput[]): Promise<Posted[]> {
  const kept = records.map((r) => ({ r, legs: r.legs.filter((l) => l.amount !== 0n) }));
  const posted = kept.filter((k) => k.legs.length > 0);
  if (posted.length === 0) return records.map(() => ({ journalId: null, created: false }));
  return inTx(db, async (tx) => {
    const journals: JournalInput[] = [];
    for (const k of posted) journals.push(await journalOf(tx, k.r, k.legs));
    const ids = await postJournals(tx, journals);
    await writeBehind(tx, tx.insertInto('trade_journals').values(posted.map((k, i) => tagRow(k.r, ids[i]!))));
    const idOf = new Map(posted.map((k, i) => [k, ids[i]!]));
    return kept.map((k) => {
      const journalId = idOf.get(k);
      return journalId === undefined ? { journalId: null, created: false } : { journalId, created: true };
    });
  });
}

/** The two legs that move `amount` of `asset` from one of an account's books to another. */
export function move(accountId: number, from: UserBook, to: UserBook, asset: string, amount: bigint): Leg[] {
  return [
    { accountId, book: from, asset, amount: -amount },
    { accountId, book: to, asset, amount },
  ];
}

export interface HoldInput extends RecordTags {
  asset: string;
  /** in the asset's minor units; 0 posts nothing */
  amount: bigint;
  /** money (cash ↔ frozen, the default) or shares (shares ↔ shares_frozen) */
  holding?: Holding;
}

function notNegative(amount: bigint, what: string): void {
  if (amount < 0n) throw new LedgerError('badAmount', `ledger: ${what} of ${amount} refused`);
}

/** The record freeze posts (available → frozen), for postRecords. Throws on a negative amount. */
export function freezeRecord(h: HoldInput): RecordInput {
  notNegative(h.amount, 'freeze');
  const books = HOLDING_BOOKS[h.holding ?? 'money'];
  return { ...h, legs: move(h.accountId, books.available, books.frozen, h.asset, h.amount) };
}

/** The record unfreeze posts (frozen → available), for postRecords. Throws on a negative amount. */
export function unfreezeRecord(h: HoldInput): RecordInput {
  notNegative(h.amount, 'unfreeze');
  const books = HOLDING_BOOKS[h.holding ?? 'money'];
  return { ...h, legs: move(h.accountId, books.frozen, books.available, h.asset, h.amount) };
}

/** Reserves `amount`: available → frozen. Refused ('insufficient') when the available balance is short. */
export async function freeze(db: Db, h: HoldInput): Promise<Posted> {
  return postRecord(db, freezeRecord(h));
}

/** Gives back a reservation: frozen → available. Refused ('insufficient') past what is frozen. */
export async function unfreeze(db: Db, h: HoldInput): Promise<Posted> {
  return postRecord(db, unfreezeRecord(h));
}

export interface SettleInput extends RecordTags {
  asset: string;
  holding?: Holding;
  /** Where the frozen amount goes, each ≥ 0 in `asset` (e.g. a clearing account and a fee account). */
  to: ReadonlyArray<{ system: string; amount: bigint }>;
}

/**
 * Pays out a reservation: the sum of `to` leaves the account's frozen book for the named system accounts
 * (a withdrawal paid: frozen → clearing_bank and fee_withdraw). Refused past what is frozen.
 */
export async function settleFrozen(db: Db, s: SettleInput): Promise<Posted> {
  if (s.to.length === 0) throw new LedgerError('tooFewPostings', 'ledger: settleFrozen to nobody refused');
  let total = 0n;
  for (const t of s.to) {
    notNegative(t.amount, 'settlement');
    total += t.amount;
  }
  const books = HOLDING_BOOKS[s.holding ?? 'money'];
  return postRecord(db, {
    ...s,
    legs: [
      { accountId: s.accountId, book: books.frozen, asset: s.asset, amount: -total },
      ...s.to.map((t) => ({ system: t.system, asset: s.asset, amount: t.amount })),
    ],
  });
}

/** Test-only deposit: credits `amount` paisa from the test_funding system account (one effect per ref). */
export async function grantCash(
  db: Db,
  accountId: number,
  amount: bigint,
  ref: string,
  now: number,
): Promise<void> {
  await postRecord(db, {
    kind: 'test_grant',
    ref,
    accountId,
    now,
    legs: [
      { system: 'test_funding', asset: PKR, amount: -amount },
      { accountId, book: 'cash', asset: PKR, amount },
    ],
  });
}
