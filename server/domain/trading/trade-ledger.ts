// The trading side of the ledger: which ledger accounts hold an account's cash and shares, and the journals
// that move them. Every journal is tagged with its order and symbol (trade_journals) for the funds detail.
//
// Per user account (real and demo are separate accounts, so separate books):
//   cash           PKR available to trade or withdraw
//   frozen         PKR reserved by open buy orders (Σ stock_orders.frozen of open buys)
//   shares         sellable shares, asset = the symbol
//   shares_locked  shares bought on this PSX trading day, released on the next one (T+1)
//   shares_frozen  shares reserved by open sell orders
// System counterparts: market_cash / market_shares (the simulated exchange), fee_<component> (fees collected),
// test_funding (grants used by tests only).
import type { Db } from '../../db/database.ts';
import { inTx, writeBehind } from '../../db/tx.ts';
import {
  balanceOf,
  postJournal,
  postJournals,
  systemLedgerAccount,
  userLedgerAccount,
} from '../ledger/ledger-repo.ts';
import type { Posting } from '../ledger/postings.ts';
import { FEE_KEYS, type Fees } from './fees.ts';

export const PKR = 'PKR';

export type UserBook = 'cash' | 'frozen' | 'shares' | 'shares_locked' | 'shares_frozen';

export function userAcct(db: Db, accountId: number, book: UserBook): Promise<number> {
  return userLedgerAccount(db, accountId, book);
}

export function sysAcct(db: Db, name: string): Promise<number> {
  return systemLedgerAccount(db, name);
}

export async function cashOf(db: Db, accountId: number): Promise<bigint> {
  return balanceOf(db, await userAcct(db, accountId, 'cash'), PKR);
}

export async function frozenOf(db: Db, accountId: number): Promise<bigint> {
  return balanceOf(db, await userAcct(db, accountId, 'frozen'), PKR);
}

export interface ShareBalances {
  available: bigint;
  locked: bigint;
  frozen: bigint;
}

/** The three share books of an account in one symbol, in one read. */
export async function sharesOf(db: Db, accountId: number, symbol: string): Promise<ShareBalances> {
  const rows = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('ledger_balances as b', 'b.ledger_account_id', 'a.id')
    .select(['a.name', 'b.amount'])
    .where('a.account_id', '=', accountId)
    .where('a.name', 'in', ['shares', 'shares_locked', 'shares_frozen'])
    .where('b.asset', '=', symbol)
    .execute();
  const of = (name: UserBook) => rows.find((r) => r.name === name)?.amount ?? 0n;
  return { available: of('shares'), locked: of('shares_locked'), frozen: of('shares_frozen') };
}

export interface TradeJournal {
  kind: string;
  ref: string;
  accountId: number;
  orderId?: number;
  symbol?: string;
  /** Free text kept with the journal (e.g. a deposit's channel and operator note). */
  memo?: string;
  postings: Posting[];
  now: number;
}

/**
 * Posts a journal (no-op when all amounts are zero) and tags it with its order; returns the journal id. Run it
 * inside the transaction of the change it records (it opens its own when `db` is not one).
 */
export async function postTrade(db: Db, j: TradeJournal): Promise<number | null> {
  const postings = j.postings.filter((p) => p.amount !== 0n);
  if (postings.length === 0) return null;
  return inTx(db, async (tx) => {
    const { journalId, created } = await postJournal(tx, { ...journalOf(j), postings });
    if (created) await writeBehind(tx, tx.insertInto('trade_journals').values(tagOf(j, journalId)));
    return journalId;
  });
}

/**
 * Posts journals that are new by construction (a fill's: named after the fill row just inserted), one after
 * another, and tags them, in as few statements as one (ledger-repo.ts postJournals). Journals whose amounts are
 * all zero are left out.
 */
export async function postTrades(db: Db, journals: readonly TradeJournal[]): Promise<void> {
  const posted = journals
    .map((j) => ({ ...j, postings: j.postings.filter((p) => p.amount !== 0n) }))
    .filter((j) => j.postings.length > 0);
  if (posted.length === 0) return;
  await inTx(db, async (tx) => {
    const ids = await postJournals(tx, posted.map(journalOf));
    await writeBehind(tx, tx.insertInto('trade_journals').values(posted.map((j, i) => tagOf(j, ids[i]!))));
  });
}

function journalOf(j: TradeJournal) {
  return {
    kind: j.kind,
    ref: j.ref,
    now: j.now,
    postings: j.postings,
    ...(j.memo !== undefined ? { memo: j.memo } : {}),
  };
}

function tagOf(j: TradeJournal, journalId: number) {
  return {
    journal_id: journalId,
    account_id: j.accountId,
    order_id: j.orderId ?? null,
    symbol: j.symbol ?? null,
  };
}

/** Moves `amount` of `asset` from one of the account's books to another. */
export async function move(
  db: Db,
  accountId: number,
  from: UserBook,
  to: UserBook,
  asset: string,
  amount: bigint,
): Promise<Posting[]> {
  return [
    { ledgerAccountId: await userAcct(db, accountId, from), asset, amount: -amount },
    { ledgerAccountId: await userAcct(db, accountId, to), asset, amount },
  ];
}

/** Postings paying `fees` from the account's cash to the fee accounts. */
export async function feePostings(db: Db, accountId: number, fees: Fees): Promise<Posting[]> {
  const out: Posting[] = [];
  let total = 0n;
  for (const k of FEE_KEYS) {
    if (fees[k] === 0n) continue;
    total += fees[k];
    out.push({ ledgerAccountId: await sysAcct(db, `fee_${k}`), asset: PKR, amount: fees[k] });
  }
  if (total > 0n)
    out.push({ ledgerAccountId: await userAcct(db, accountId, 'cash'), asset: PKR, amount: -total });
  return out;
}

/** Test-only deposit: credits `amount` paisa from the test_funding system account (one effect per ref). */
export async function grantCash(
  db: Db,
  accountId: number,
  amount: bigint,
  ref: string,
  now: number,
): Promise<void> {
  await inTx(db, async (tx) => {
    await postTrade(tx, {
      kind: 'test_grant',
      ref,
      accountId,
      now,
      postings: [
        { ledgerAccountId: await sysAcct(tx, 'test_funding'), asset: PKR, amount: -amount },
        { ledgerAccountId: await userAcct(tx, accountId, 'cash'), asset: PKR, amount },
      ],
    });
  });
}
