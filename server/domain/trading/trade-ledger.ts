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
import type { RawDb as Db } from '../../db/database.ts';
import {
  balanceOf,
  postJournal,
  systemLedgerAccount,
  userLedgerAccount,
} from '../ledger/ledger-repo.sync.ts';
import type { Posting } from '../ledger/postings.ts';
import { FEE_KEYS, type Fees } from './fees.ts';

export const PKR = 'PKR';

export type UserBook = 'cash' | 'frozen' | 'shares' | 'shares_locked' | 'shares_frozen';

export function userAcct(db: Db, accountId: number, book: UserBook): number {
  return userLedgerAccount(db, accountId, book);
}

export function sysAcct(db: Db, name: string): number {
  return systemLedgerAccount(db, name);
}

export function cashOf(db: Db, accountId: number): bigint {
  return balanceOf(db, userAcct(db, accountId, 'cash'), PKR);
}

export function frozenOf(db: Db, accountId: number): bigint {
  return balanceOf(db, userAcct(db, accountId, 'frozen'), PKR);
}

export interface ShareBalances {
  available: bigint;
  locked: bigint;
  frozen: bigint;
}

export function sharesOf(db: Db, accountId: number, symbol: string): ShareBalances {
  return {
    available: balanceOf(db, userAcct(db, accountId, 'shares'), symbol),
    locked: balanceOf(db, userAcct(db, accountId, 'shares_locked'), symbol),
    frozen: balanceOf(db, userAcct(db, accountId, 'shares_frozen'), symbol),
  };
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

/** Posts a journal (no-op when all amounts are zero) and tags it with its order; returns the journal id. */
export function postTrade(db: Db, j: TradeJournal): number | null {
  const postings = j.postings.filter((p) => p.amount !== 0n);
  if (postings.length === 0) return null;
  const { journalId, created } = postJournal(db, {
    kind: j.kind,
    ref: j.ref,
    now: j.now,
    postings,
    ...(j.memo !== undefined ? { memo: j.memo } : {}),
  });
  if (created) {
    db.prepare(
      'INSERT INTO trade_journals (journal_id, account_id, order_id, symbol) VALUES (?, ?, ?, ?)',
    ).run(journalId, j.accountId, j.orderId ?? null, j.symbol ?? null);
  }
  return journalId;
}

/** Moves `amount` of `asset` from one of the account's books to another. */
export function move(
  db: Db,
  accountId: number,
  from: UserBook,
  to: UserBook,
  asset: string,
  amount: bigint,
): Posting[] {
  return [
    { ledgerAccountId: userAcct(db, accountId, from), asset, amount: -amount },
    { ledgerAccountId: userAcct(db, accountId, to), asset, amount },
  ];
}

/** Postings paying `fees` from the account's cash to the fee accounts. */
export function feePostings(db: Db, accountId: number, fees: Fees): Posting[] {
  const out: Posting[] = [];
  let total = 0n;
  for (const k of FEE_KEYS) {
    if (fees[k] === 0n) continue;
    total += fees[k];
    out.push({ ledgerAccountId: sysAcct(db, `fee_${k}`), asset: PKR, amount: fees[k] });
  }
  if (total > 0n) out.push({ ledgerAccountId: userAcct(db, accountId, 'cash'), asset: PKR, amount: -total });
  return out;
}

/** Test-only deposit: credits `amount` paisa from the test_funding system account (one effect per ref). */
export function grantCash(db: Db, accountId: number, amount: bigint, ref: string, now: number): void {
  db.transaction(() => {
    postTrade(db, {
      kind: 'test_grant',
      ref,
      accountId,
      now,
      postings: [
        { ledgerAccountId: sysAcct(db, 'test_funding'), asset: PKR, amount: -amount },
        { ledgerAccountId: userAcct(db, accountId, 'cash'), asset: PKR, amount },
      ],
    });
  })();
}
