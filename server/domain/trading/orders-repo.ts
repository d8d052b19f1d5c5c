// Stock order rows: reads, inserts, state updates, and their wire form (StockOrder).
import type { RawDb as Db } from '../../db/database.ts';
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

const COLUMNS = `id, account_id, client_order_id, symbol, side, type, price, qty, filled_qty, filled_amount,
  fee_commission, fee_sst, fee_cvt, fee_cdc, fee_exchange, frozen, status, reason, created_at, updated_at`;

type Raw = Record<string, bigint | string | null>;

function toRow(r: Raw): OrderRow {
  const b = (k: string) => r[k] as bigint;
  return {
    id: Number(r['id']),
    accountId: Number(r['account_id']),
    clientOrderId: r['client_order_id'] as string,
    symbol: r['symbol'] as string,
    side: r['side'] as OrderSide,
    type: r['type'] as OrderType,
    price: b('price'),
    qty: b('qty'),
    filledQty: b('filled_qty'),
    filledAmount: b('filled_amount'),
    fees: {
      commission: b('fee_commission'),
      sst: b('fee_sst'),
      cvt: b('fee_cvt'),
      cdc: b('fee_cdc'),
      exchange: b('fee_exchange'),
    },
    frozen: b('frozen'),
    status: r['status'] as OrderStatus,
    reason: r['reason'] as string | null,
    createdAt: Number(r['created_at']),
    updatedAt: Number(r['updated_at']),
  };
}

function many(db: Db, sql: string, ...params: unknown[]): OrderRow[] {
  return (
    db
      .prepare(sql)
      .safeIntegers(true)
      .all(...params) as Raw[]
  ).map(toRow);
}

export function orderById(db: Db, id: number): OrderRow | undefined {
  return many(db, `SELECT ${COLUMNS} FROM stock_orders WHERE id = ?`, id)[0];
}

export function orderByClientId(db: Db, accountId: number, clientOrderId: string): OrderRow | undefined {
  return many(
    db,
    `SELECT ${COLUMNS} FROM stock_orders WHERE account_id = ? AND client_order_id = ?`,
    accountId,
    clientOrderId,
  )[0];
}

/** Open (pending or partial) limit orders on these symbols, oldest first: the matching queue. */
export function openOrdersFor(db: Db, symbols: readonly string[]): OrderRow[] {
  if (symbols.length === 0) return [];
  return many(
    db,
    `SELECT ${COLUMNS} FROM stock_orders WHERE status IN ('pending', 'partial')
     AND symbol IN (${symbols.map(() => '?').join(',')}) ORDER BY id`,
    ...symbols,
  );
}

/** Open limit orders placed before `ts` (every account), oldest first: the DAY orders a close ends. */
export function openLimitOrdersPlacedBefore(db: Db, ts: number): OrderRow[] {
  return many(
    db,
    `SELECT ${COLUMNS} FROM stock_orders WHERE status IN ('pending', 'partial') AND type = 'limit'
     AND created_at < ? ORDER BY id`,
    ts,
  );
}

export const OPEN_STATUSES: readonly OrderStatus[] = ['pending', 'partial'];

/** An account's orders, newest first, filtered by status ('open' = pending + partial). */
export function listOrders(
  db: Db,
  accountId: number,
  status: OrderStatus | 'open' | undefined,
  page: number,
  size: number,
): { list: OrderRow[]; total: number } {
  const statuses = status === 'open' ? OPEN_STATUSES : status ? [status] : undefined;
  const where = statuses ? `AND status IN (${statuses.map(() => '?').join(',')})` : '';
  const params = [accountId, ...(statuses ?? [])];
  const total = Number(
    db
      .prepare(`SELECT COUNT(*) FROM stock_orders WHERE account_id = ? ${where}`)
      .pluck()
      .get(...params),
  );
  const list = many(
    db,
    `SELECT ${COLUMNS} FROM stock_orders WHERE account_id = ? ${where} ORDER BY id DESC LIMIT ? OFFSET ?`,
    ...params,
    size,
    (page - 1) * size,
  );
  return { list, total };
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

export function insertOrder(db: Db, o: NewOrder): OrderRow {
  const id = Number(
    db
      .prepare(
        `INSERT INTO stock_orders (account_id, client_order_id, symbol, side, type, price, qty, status,
           created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
      )
      .run(o.accountId, o.clientOrderId, o.symbol, o.side, o.type, o.price, o.qty, o.now, o.now)
      .lastInsertRowid,
  );
  const row = orderById(db, id);
  if (!row) throw new Error(`order ${id} vanished`);
  return row;
}

/** Writes the mutable fields of an order back. */
export function saveOrder(db: Db, o: OrderRow): void {
  db.prepare(
    `UPDATE stock_orders SET filled_qty = ?, filled_amount = ?, fee_commission = ?, fee_sst = ?, fee_cvt = ?,
       fee_cdc = ?, fee_exchange = ?, frozen = ?, status = ?, reason = ?, updated_at = ? WHERE id = ?`,
  ).run(
    o.filledQty,
    o.filledAmount,
    o.fees.commission,
    o.fees.sst,
    o.fees.cvt,
    o.fees.cdc,
    o.fees.exchange,
    o.frozen,
    o.status,
    o.reason,
    o.updatedAt,
    o.id,
  );
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
