// Spot order rows (spot_orders, migration 091): reads, inserts and state updates. Units: contract/spot-rules.ts.
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { writeBehind } from '../../db/tx.ts';
import { findOwnBy, newestFirstPage } from '../../db/owned-rows.ts';
import type { SpotOrdersTable } from '../../db/schema.ts';
import type { OrderSide, OrderStatus, OrderType } from '../../../workers/protocol/trade.ts';

export type SpotTif = SpotOrdersTable['tif'];

export interface SpotOrderRow {
  id: number;
  accountId: number;
  clientOrderId: string;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  tif: SpotTif;
  /** ticks; 0 for market orders */
  price: bigint;
  /** lots; 0 for a market buy by quoteQty */
  qty: bigint;
  /** micro-USDT a market buy may spend; 0 otherwise */
  quoteQty: bigint;
  filledQty: bigint;
  /** Σ qty × price at the pair's raw scale */
  filledRaw: bigint;
  /** micro-USDT paid (buy) or received before fees (sell) */
  filledQuote: bigint;
  /** in the asset received */
  fee: bigint;
  /** micro-USDT (buy) or lots (sell) still reserved */
  frozen: bigint;
  status: OrderStatus;
  reason: string | null;
  createdAt: number;
  updatedAt: number;
}

function toRow(r: Selectable<SpotOrdersTable>): SpotOrderRow {
  return {
    id: r.id,
    accountId: r.account_id,
    clientOrderId: r.client_order_id,
    symbol: r.symbol,
    side: r.side,
    type: r.type,
    tif: r.tif,
    price: r.price,
    qty: r.qty,
    quoteQty: r.quote_qty,
    filledQty: r.filled_qty,
    filledRaw: r.filled_raw,
    filledQuote: r.filled_quote,
    fee: r.fee,
    frozen: r.frozen,
    status: r.status,
    reason: r.reason,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export const SPOT_OPEN: readonly OrderStatus[] = ['pending', 'partial'];

export function isOpen(o: Pick<SpotOrderRow, 'status'>): boolean {
  return SPOT_OPEN.includes(o.status);
}

const orders = (db: Db) => db.selectFrom('spot_orders').selectAll();

export async function spotOrderById(db: Db, id: number): Promise<SpotOrderRow | undefined> {
  const r = await orders(db).where('id', '=', id).executeTakeFirst();
  return r && toRow(r);
}

export async function spotOrderByClientId(
  db: Db,
  accountId: number,
  clientOrderId: string,
): Promise<SpotOrderRow | undefined> {
  const r = await findOwnBy(db, 'spot_orders', 'account_id', accountId, 'client_order_id', clientOrderId);
  return r && toRow(r);
}

/** Open orders on these symbols, oldest first: the matching queue. */
export async function openSpotOrdersFor(db: Db, symbols: readonly string[]): Promise<SpotOrderRow[]> {
  if (symbols.length === 0) return [];
  const rows = await orders(db)
    .where('status', 'in', SPOT_OPEN)
    .where('symbol', 'in', symbols)
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

/** An account's orders, newest first: 'open' (pending + partial) or 'history' (everything else). */
export async function listSpotOrders(
  db: Db,
  accountId: number,
  q: { scope: 'open' | 'history'; symbol?: string | undefined; page: number; size: number },
): Promise<{ list: SpotOrderRow[]; total: number }> {
  let sel = db
    .selectFrom('spot_orders')
    .where('account_id', '=', accountId)
    .where('status', q.scope === 'open' ? 'in' : 'not in', SPOT_OPEN);
  if (q.symbol) sel = sel.where('symbol', '=', q.symbol);
  const { rows, total } = await newestFirstPage(sel, q);
  return { list: rows.map(toRow), total };
}

export interface NewSpotOrder {
  accountId: number;
  clientOrderId: string;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  tif: SpotTif;
  price: bigint;
  qty: bigint;
  quoteQty: bigint;
  now: number;
}

export async function insertSpotOrder(db: Db, o: NewSpotOrder): Promise<SpotOrderRow> {
  const row = await db
    .insertInto('spot_orders')
    .values({
      account_id: o.accountId,
      client_order_id: o.clientOrderId,
      symbol: o.symbol,
      side: o.side,
      type: o.type,
      tif: o.tif,
      price: o.price,
      qty: o.qty,
      quote_qty: o.quoteQty,
      status: 'pending',
      created_at: o.now,
      updated_at: o.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRow(row);
}

/** Writes the mutable fields back (with the transaction's next statement: tx.ts writeBehind). */
export async function saveSpotOrder(db: Db, o: SpotOrderRow): Promise<void> {
  await writeBehind(
    db,
    db
      .updateTable('spot_orders')
      .set({
        filled_qty: o.filledQty,
        filled_raw: o.filledRaw,
        filled_quote: o.filledQuote,
        fee: o.fee,
        frozen: o.frozen,
        status: o.status,
        reason: o.reason,
        updated_at: o.updatedAt,
      })
      .where('id', '=', o.id),
  );
}
