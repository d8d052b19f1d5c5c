// Stock order rows: reads, inserts, state updates, and their wire form (StockOrder).
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { writeBehind } from '../../db/tx.ts';
import { findOwnBy, newestFirstPage } from '../../db/owned-rows.ts';
import type { StockOrdersTable } from '../../db/schema.ts';
import type { AccountType } from '../../../workers/protocol/api.ts';
import type {
  FeeBreakdown,
  OrderSide,
  OrderStatus,
  OrderType,
  StockOrder,
} from '../../../workers/protocol/trade.ts';
import { formatMinor } from '../../../contract/money.ts';
import { feeTotal, type Fees } from './fees.ts';

export interface OrderRow {
  id: number;
  accountId: number;
  clientOrderId: string;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  price: bigint;
  qty: bigint;
  filledQty: bigint;
  filledAmount: bigint;
  fees: Fees;
  frozen: bigint;
  status: OrderStatus;
  reason: string | null;
  createdAt: number;
  updatedAt: number;
}

function toRow(r: Selectable<StockOrdersTable>): OrderRow {
  return {
    id: r.id,
    accountId: r.account_id,
    clientOrderId: r.client_order_id,
    symbol: r.symbol,
    side: r.side,
    type: r.type,
    price: r.price,
    qty: r.qty,
    filledQty: r.filled_qty,
    filledAmount: r.filled_amount,
    fees: {
      commission: r.fee_commission,
      sst: r.fee_sst,
      cvt: r.fee_cvt,
      cdc: r.fee_cdc,
      exchange: r.fee_exchange,
    },
    frozen: r.frozen,
    status: r.status,
    reason: r.reason,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export const OPEN_STATUSES: readonly OrderStatus[] = ['pending', 'partial'];

const orders = (db: Db) => db.selectFrom('stock_orders').selectAll();

export async function orderById(db: Db, id: number): Promise<OrderRow | undefined> {
  const r = await orders(db).where('id', '=', id).executeTakeFirst();
  return r && toRow(r);
}

export async function orderByClientId(
  db: Db,
  accountId: number,
  clientOrderId: string,
): Promise<OrderRow | undefined> {
  const r = await findOwnBy(db, 'stock_orders', 'account_id', accountId, 'client_order_id', clientOrderId);
  return r && toRow(r);
}

/** Open (pending or partial) orders on these symbols, oldest first: the matching queue. */
export async function openOrdersFor(db: Db, symbols: readonly string[]): Promise<OrderRow[]> {
  if (symbols.length === 0) return [];
  const rows = await orders(db)
    .where('status', 'in', OPEN_STATUSES)
    .where('symbol', 'in', symbols)
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

/** Open limit orders placed before `ts` (every account), oldest first: the DAY orders a close ends. */
export async function openLimitOrdersPlacedBefore(db: Db, ts: number): Promise<OrderRow[]> {
  const rows = await orders(db)
    .where('status', 'in', OPEN_STATUSES)
    .where('type', '=', 'limit')
    .where('created_at', '<', ts)
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

/** An account's orders, newest first, filtered by status ('open' = pending + partial). */
export async function listOrders(
  db: Db,
  accountId: number,
  status: OrderStatus | 'open' | undefined,
  page: number,
  size: number,
): Promise<{ list: OrderRow[]; total: number }> {
  const statuses = status === 'open' ? OPEN_STATUSES : status ? [status] : undefined;
  let q = db.selectFrom('stock_orders').where('account_id', '=', accountId);
  if (statuses) q = q.where('status', 'in', statuses);
  const { rows, total } = await newestFirstPage(q, { page, size });
  return { list: rows.map(toRow), total };
}

export interface NewOrder {
  accountId: number;
  clientOrderId: string;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  price: bigint;
  qty: bigint;
  now: number;
}

export async function insertOrder(db: Db, o: NewOrder): Promise<OrderRow> {
  const row = await db
    .insertInto('stock_orders')
    .values({
      account_id: o.accountId,
      client_order_id: o.clientOrderId,
      symbol: o.symbol,
      side: o.side,
      type: o.type,
      price: o.price,
      qty: o.qty,
      status: 'pending',
      created_at: o.now,
      updated_at: o.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRow(row);
}

/** Writes the mutable fields of an order back (with the transaction's next statement: tx.ts writeBehind). */
export async function saveOrder(db: Db, o: OrderRow): Promise<void> {
  const update = db
    .updateTable('stock_orders')
    .set({
      filled_qty: o.filledQty,
      filled_amount: o.filledAmount,
      fee_commission: o.fees.commission,
      fee_sst: o.fees.sst,
      fee_cvt: o.fees.cvt,
      fee_cdc: o.fees.cdc,
      fee_exchange: o.fees.exchange,
      frozen: o.frozen,
      status: o.status,
      reason: o.reason,
      updated_at: o.updatedAt,
    })
    .where('id', '=', o.id);
  await writeBehind(db, update);
}

export const paisa = (v: bigint) => formatMinor(v, 2);

export function feeBreakdown(f: Fees): FeeBreakdown {
  return {
    commission: paisa(f.commission),
    sst: paisa(f.sst),
    cvt: paisa(f.cvt),
    cdc: paisa(f.cdc),
    exchange: paisa(f.exchange),
    total: paisa(feeTotal(f)),
  };
}

export interface Names {
  nameEn: string;
  nameUr: string;
}

/** The wire form; `reasonText` localises the reason key when there is one. */
export function toStockOrder(
  o: OrderRow,
  accountType: AccountType,
  names: Names,
  reasonText?: (key: string) => string,
): StockOrder {
  const out: StockOrder = {
    id: o.id,
    clientOrderId: o.clientOrderId,
    accountType,
    symbol: o.symbol,
    nameEn: names.nameEn,
    nameUr: names.nameUr,
    side: o.side,
    type: o.type,
    price: paisa(o.price),
    qty: o.qty.toString(),
    filledQty: o.filledQty.toString(),
    avgPrice: paisa(o.filledQty > 0n ? o.filledAmount / o.filledQty : 0n),
    amount: paisa(o.filledAmount),
    fee: feeBreakdown(o.fees),
    frozen: o.side === 'buy' ? paisa(o.frozen) : '0.00',
    status: o.status,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
  };
  if (o.reason && reasonText) out.reason = reasonText(o.reason);
  return out;
}
