// The books every user account (real and demo are separate accounts, so separate books) holds in the ledger,
// and the reads of their balances. Money of any currency (PKR today; USDT with the crypto areas) sits in
// `cash` (available) and `frozen` (reserved: open buy orders, withdrawals under review); a security sits in
// `shares` (sellable), `shares_locked` (bought on this PSX trading day, T+1) and `shares_frozen` (reserved by
// open sell orders). The three accounts the user sees (server/domain/crypto/README.md): the PKR stock account is
// `cash`/`frozen` in PKR; the crypto spot account is `cash`/`frozen` in USDT and the other coins (crypto deposits
// land there, crypto withdrawals leave from it); the USDT contract account is `contract` (available),
// `contract_frozen` (margin reserved by open contract orders) and `contract_margin` (isolated margin of open
// positions). Balances are per (book, asset) in the asset's minor units. System accounts (clearing per
// channel, fee income, the simulated exchange) are named freely and may go negative.
import type { Db } from '../../db/database.ts';
import { balanceOf, systemLedgerAccount, userLedgerAccount } from './ledger-repo.ts';

export const PKR = 'PKR';

export type UserBook =
  | 'cash'
  | 'frozen'
  | 'shares'
  | 'shares_locked'
  | 'shares_frozen'
  /** IPO shares paid for, locked until the offering lists (domain/ipo) */
  | 'shares_ipo'
  | 'contract'
  | 'contract_frozen'
  | 'contract_margin';

/** What kind of asset a freeze holds, and so which pair of books it moves between. */
export type Holding = 'money' | 'shares';
export const HOLDING_BOOKS: Readonly<Record<Holding, { available: UserBook; frozen: UserBook }>> = {
  money: { available: 'cash', frozen: 'frozen' },
  shares: { available: 'shares', frozen: 'shares_frozen' },
};

/** The ledger account of one of an account's books (created on first use). */
export function userAcct(db: Db, accountId: number, book: UserBook): Promise<number> {
  return userLedgerAccount(db, accountId, book);
}

/** A system ledger account by name (created on first use). */
export function sysAcct(db: Db, name: string): Promise<number> {
  return systemLedgerAccount(db, name);
}

export interface MoneyBalance {
  asset: string;
  /** may be spent or withdrawn */
  available: bigint;
  /** reserved until an order ends or a withdrawal is paid or returned */
  frozen: bigint;
}

/** Available and frozen money of an account in `asset` (0 for a book never posted to). */
export async function moneyOf(db: Db, accountId: number, asset: string = PKR): Promise<MoneyBalance> {
  const rows = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('ledger_balances as b', 'b.ledger_account_id', 'a.id')
    .select(['a.name', 'b.amount'])
    .where('a.account_id', '=', accountId)
    .where('a.name', 'in', ['cash', 'frozen'])
    .where('b.asset', '=', asset)
    .execute();
  const of = (name: UserBook) => rows.find((r) => r.name === name)?.amount ?? 0n;
  return { asset, available: of('cash'), frozen: of('frozen') };
}

/** Every money asset the account has ever held, with its available and frozen balance, by asset. */
export async function moneyBalances(db: Db, accountId: number): Promise<MoneyBalance[]> {
  const rows = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('ledger_balances as b', 'b.ledger_account_id', 'a.id')
    .select(['a.name', 'b.asset', 'b.amount'])
    .where('a.account_id', '=', accountId)
    .where('a.name', 'in', ['cash', 'frozen'])
    .orderBy('b.asset')
    .execute();
  const byAsset = new Map<string, MoneyBalance>();
  for (const r of rows) {
    const m = byAsset.get(r.asset) ?? { asset: r.asset, available: 0n, frozen: 0n };
    if (r.name === 'cash') m.available = r.amount;
    else m.frozen = r.amount;
    byAsset.set(r.asset, m);
  }
  return [...byAsset.values()];
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
