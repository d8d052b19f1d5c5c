// What a pool is worth, from its own books: PKR cash (available + reserved by its open orders) and every
// share it holds (sellable, T+1-locked, reserved by a sell order) at the price the caller gives (the close at a
// close, the last price for the indicative NAV).
import type { Db } from '../../db/database.ts';
import { managementFee, navPerUnit, poolAssets, type Holding } from './nav.ts';
import type { FundRow, PoolRow } from './pools.ts';

export interface PoolBooks {
  cash: bigint;
  /** PKR reserved by open buy orders */
  frozen: bigint;
  /** shares by symbol: sellable */
  sellable: Map<string, bigint>;
  /** shares by symbol: all (sellable + T+1 + reserved) */
  shares: Map<string, bigint>;
}

const SHARE_BOOKS = new Set(['shares', 'shares_locked', 'shares_frozen']);

export async function poolBooks(db: Db, accountId: number): Promise<PoolBooks> {
  const rows = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('ledger_balances as b', 'b.ledger_account_id', 'a.id')
    .select(['a.name', 'b.asset', 'b.amount'])
    .where('a.account_id', '=', accountId)
    .execute();
  const books: PoolBooks = { cash: 0n, frozen: 0n, sellable: new Map(), shares: new Map() };
  for (const r of rows) {
    if (r.asset === 'PKR' && r.name === 'cash') books.cash = r.amount;
    else if (r.asset === 'PKR' && r.name === 'frozen') books.frozen = r.amount;
    else if (SHARE_BOOKS.has(r.name) && r.amount !== 0n) {
      books.shares.set(r.asset, (books.shares.get(r.asset) ?? 0n) + r.amount);
      if (r.name === 'shares') books.sellable.set(r.asset, r.amount);
    }
  }
  return books;
}

export interface Valuation {
  assets: bigint;
  units: bigint;
  nav: bigint;
  holdings: Array<Holding & { symbol: string }>;
  cash: bigint;
}

/** The pool's assets and NAV per unit at `price` (paisa per share; 0 when unknown: the share counts as 0). */
export async function valuePool(
  db: Db,
  pool: PoolRow,
  fund: FundRow,
  price: (symbol: string) => bigint,
): Promise<Valuation> {
  const books = await poolBooks(db, pool.account_id);
  const holdings = [...books.shares].map(([symbol, qty]) => ({ symbol, qty, price: price(symbol) }));
  const cash = books.cash + books.frozen;
  const assets = poolAssets(cash, holdings);
  return { assets, units: pool.units, nav: navPerUnit(assets, pool.units, fund.launch_nav), holdings, cash };
}

/**
 * The management fee a pool owes at `at` on `assets`: the fund's yearly rate for the time since the pool's last
 * dealing point; nothing before its first one or while it has no units (README "Management fee").
 */
export function managementFeeDue(pool: PoolRow, fund: FundRow, assets: bigint, at: number): bigint {
  if (pool.fee_through === null || pool.units <= 0n) return 0n;
  return managementFee(assets, fund.mgmt_fee_bps, at - pool.fee_through);
}
