// Reading blocks and block orders, and their wire forms (contract/bulk.ts). Every read of an order is scoped by
// the caller's account, so another user's order reads like a missing one.
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { findByClientId, newestFirstPage } from '../../db/owned-rows.ts';
import type { BulkBlocksTable, BulkOrdersTable } from '../../db/schema.ts';
import type { BlockState, BulkBlock, BulkOrder } from '../../../contract/bulk.ts';
import type { TradeMarket } from '../trading/market-port.ts';
import { lastPriceMinor } from '../market/last-price.ts';
import { paisa } from '../trading/orders-repo.ts';
import { discountBpsOf, lockUntil, overflowBps, overflowOf, pctText } from './bulk-math.ts';

export type BlockRow = Selectable<BulkBlocksTable>;
export type BulkOrderRow = Selectable<BulkOrdersTable>;
export type NameSource = Pick<TradeMarket, 'ticker' | 'instrument'>;

export function findBlock(db: Db, id: number): Promise<BlockRow | undefined> {
  return db.selectFrom('bulk_blocks').selectAll().where('id', '=', id).executeTakeFirst();
}

export function blockState(b: BlockRow, now: number): BlockState {
  if (b.phase === 'closed' || now >= b.closes_at) return 'closed';
  if (b.sold >= b.shares) return 'sold_out';
  return now < b.opens_at ? 'upcoming' : 'open';
}

export function toBlock(b: BlockRow, market: NameSource, now: number): BulkBlock {
  const ins = market.instrument(b.symbol);
  const last = lastPriceMinor(market, b.symbol);
  return {
    id: b.id,
    symbol: b.symbol,
    nameEn: ins?.nameEn ?? b.symbol,
    nameUr: ins?.nameUr ?? b.symbol,
    state: blockState(b, now),
    priceMode: b.price_mode,
    refClose: paisa(b.ref_close),
    price: paisa(b.price),
    discountPct: pctText(discountBpsOf(b.ref_close, b.price)),
    lastPrice: paisa(last),
    overflow: paisa(overflowOf(last, b.price)),
    overflowPct: pctText(overflowBps(last, b.price)),
    shares: b.shares,
    lot: b.lot,
    sold: b.sold,
    remaining: b.shares - b.sold,
    opensAt: b.opens_at,
    closesAt: b.closes_at,
    lockDays: b.lock_days,
    unlockAtIfBoughtNow: lockUntil(Math.max(now, b.opens_at), b.lock_days),
    vipOnly: true,
    note: b.note,
  };
}

/** open: on offer now; upcoming: opening later; ended: closed or sold out (the 50 latest). */
export async function listBlocks(
  db: Db,
  which: 'open' | 'upcoming' | 'ended',
  now: number,
): Promise<BlockRow[]> {
  const q = db.selectFrom('bulk_blocks').selectAll();
  if (which === 'open')
    return q
      .where('phase', '=', 'open')
      .where('opens_at', '<=', now)
      .where('closes_at', '>', now)
      .whereRef('sold', '<', 'shares')
      .orderBy('closes_at')
      .orderBy('id')
      .execute();
  if (which === 'upcoming')
    return q
      .where('phase', '=', 'open')
      .where('opens_at', '>', now)
      .orderBy('opens_at')
      .orderBy('id')
      .execute();
  return q
    .where((eb) =>
      eb.or([eb('phase', '=', 'closed'), eb('closes_at', '<=', now), eb('sold', '>=', eb.ref('shares'))]),
    )
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

export function findOrderByClientId(db: Db, accountId: number, clientId: string) {
  return findByClientId(db, 'bulk_orders', 'account_id', accountId, clientId);
}

export function toBulkOrder(o: BulkOrderRow, b: BlockRow, now: number): BulkOrder {
  return {
    id: o.id,
    clientId: o.client_id,
    blockId: o.block_id,
    symbol: o.symbol,
    qty: o.shares,
    price: paisa(o.price),
    amount: paisa(o.amount),
    fee: paisa(o.fee),
    total: paisa(o.amount + o.fee),
    refClose: paisa(b.ref_close),
    discountPct: pctText(discountBpsOf(b.ref_close, o.price)),
    lockDays: b.lock_days,
    unlockAt: o.unlock_at,
    locked: now < o.unlock_at,
    orderId: o.order_id,
    createdAt: o.created_at,
  };
}

export async function listOwnOrders(
  db: Db,
  accountId: number,
  page: number,
  size: number,
  now: number,
): Promise<{ list: BulkOrder[]; total: number }> {
  const base = db.selectFrom('bulk_orders').where('account_id', '=', accountId);
  const { rows, total } = await newestFirstPage(base, { page, size });
  const ids = [...new Set(rows.map((r) => r.block_id))];
  const blocks = ids.length
    ? await db.selectFrom('bulk_blocks').selectAll().where('id', 'in', ids).execute()
    : [];
  const byId = new Map(blocks.map((b) => [b.id, b]));
  return { list: rows.map((r) => toBulkOrder(r, byId.get(r.block_id)!, now)), total };
}

/** The account's unreleased share locks of one symbol (T+1 and block), soonest unlock first. */
export async function locksOf(
  db: Db,
  accountId: number,
  symbol: string,
): Promise<{ qty: number; unlockAt: number; kind: 't1' | 'block' }[]> {
  const rows = await db
    .selectFrom('share_locks as l')
    .leftJoin('bulk_orders as b', 'b.fill_id', 'l.fill_id')
    .select(['l.qty', 'l.unlock_at', 'b.id as bulkId'])
    .where('l.account_id', '=', accountId)
    .where('l.symbol', '=', symbol)
    .where('l.released_at', 'is', null)
    .orderBy('l.unlock_at')
    .orderBy('l.id')
    .execute();
  return rows.map((r) => ({
    qty: Number(r.qty),
    unlockAt: r.unlock_at,
    kind: r.bulkId === null ? 't1' : 'block',
  }));
}
