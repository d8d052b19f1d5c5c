// Rows of the perpetual contracts (migration 092): positions, executions, leverage settings. Every read that
// answers a user is scoped by the caller's account id.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PerpAction } from '../../db/schema.ts';
import type { PerpPosition } from '../../../contract/perp/position.ts';

export interface PositionRow {
  id: number;
  accountId: number;
  symbol: string;
  side: 'long' | 'short';
  qty: bigint;
  entryValue: bigint;
  margin: bigint;
  leverage: number;
  liqPrice: bigint | null;
  tpPrice: bigint | null;
  tpSource: 'mark' | 'last';
  slPrice: bigint | null;
  slSource: 'mark' | 'last';
  status: 'open' | 'closed' | 'liquidated';
  openedAt: number;
  updatedAt: number;
}

const POSITION_COLUMNS = [
  'id',
  'account_id as accountId',
  'symbol',
  'side',
  'qty',
  'entry_value',
  'margin',
  'leverage',
  'liq_price',
  'tp_price',
  'tp_source as tpSource',
  'sl_price',
  'sl_source as slSource',
  'status',
  'opened_at as openedAt',
  'updated_at as updatedAt',
] as const;

type Raw = {
  entry_value: bigint;
  liq_price: bigint | null;
  tp_price: bigint | null;
  sl_price: bigint | null;
} & Omit<PositionRow, 'entryValue' | 'liqPrice' | 'tpPrice' | 'slPrice'>;

function toRow(r: Raw): PositionRow {
  const { entry_value, liq_price, tp_price, sl_price, ...rest } = r;
  return { ...rest, entryValue: entry_value, liqPrice: liq_price, tpPrice: tp_price, slPrice: sl_price };
}

export function mathOf(p: Pick<PositionRow, 'side' | 'qty' | 'entryValue' | 'margin'>): PerpPosition {
  return { side: p.side === 'long' ? 1 : -1, qty: p.qty, entryValue: p.entryValue, margin: p.margin };
}

export async function openPosition(db: Db, accountId: number, symbol: string): Promise<PositionRow | null> {
  const r = await db
    .selectFrom('perp_positions')
    .select(POSITION_COLUMNS)
    .where('account_id', '=', accountId)
    .where('symbol', '=', symbol)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return r ? toRow(r) : null;
}

export async function ownPosition(db: Db, accountId: number, id: number): Promise<PositionRow | null> {
  const r = await db
    .selectFrom('perp_positions')
    .select(POSITION_COLUMNS)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? toRow(r) : null;
}

export async function positionById(db: Db, id: number): Promise<PositionRow | null> {
  const r = await db
    .selectFrom('perp_positions')
    .select(POSITION_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? toRow(r) : null;
}

export async function openPositionsOf(db: Db, accountId: number): Promise<PositionRow[]> {
  const rows = await db
    .selectFrom('perp_positions')
    .select(POSITION_COLUMNS)
    .where('account_id', '=', accountId)
    .where('status', '=', 'open')
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

/**
 * Open positions of a symbol whose liquidation price the mark has reached: longs with LP ≥ mark, shorts with
 * LP ≤ mark, read through the (symbol, side, liq_price) index, so a tick costs O(crossed), not O(open).
 */
export async function crossedPositions(db: Db, symbol: string, mark: bigint): Promise<PositionRow[]> {
  const longs = db
    .selectFrom('perp_positions')
    .select(POSITION_COLUMNS)
    .where('symbol', '=', symbol)
    .where('side', '=', 'long')
    .where('status', '=', 'open')
    .where('liq_price', '>=', mark)
    .execute();
  const shorts = db
    .selectFrom('perp_positions')
    .select(POSITION_COLUMNS)
    .where('symbol', '=', symbol)
    .where('side', '=', 'short')
    .where('status', '=', 'open')
    .where('liq_price', '<=', mark)
    .execute();
  const [l, s] = await Promise.all([longs, shorts]);
  return [...l, ...s].map(toRow).sort((a, b) => a.id - b.id);
}

// Which price reaches a trigger (contract/perp/tpsl.ts tpSlFires): a long's stop-loss at price ≤ SL, its
// take-profit at ≥ TP; a short's mirrored. Each pair (kind, side, source) is one range of the (symbol, side,
// source, price) indexes of migration 260.
const TRIGGER_RANGES = [
  { price: 'sl_price', source: 'sl_source', side: 'long', op: '>=' },
  { price: 'tp_price', source: 'tp_source', side: 'long', op: '<=' },
  { price: 'sl_price', source: 'sl_source', side: 'short', op: '<=' },
  { price: 'tp_price', source: 'tp_source', side: 'short', op: '>=' },
] as const;

/**
 * Open positions of a symbol whose take-profit or stop-loss the prices have reached (on the mark or the last
 * price, as each was set), read through the trigger indexes: O(reached), not O(positions with a trigger).
 */
export async function reachedTriggers(
  db: Db,
  symbol: string,
  prices: { mark: bigint; last: bigint },
): Promise<PositionRow[]> {
  const ranges = TRIGGER_RANGES.flatMap((t) =>
    (['mark', 'last'] as const).map((source) =>
      db
        .selectFrom('perp_positions')
        .select(POSITION_COLUMNS)
        .where('symbol', '=', symbol)
        .where('side', '=', t.side)
        .where('status', '=', 'open')
        .where(t.source, '=', source)
        .where(t.price, 'is not', null)
        .where(t.price, t.op, prices[source]),
    ),
  );
  const rows = await ranges.reduce((all, q) => all.unionAll(q)).execute();
  // A position whose stop and take-profit were both reached comes twice: once is enough.
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...byId.values()].map(toRow).sort((a, b) => a.id - b.id);
}

/** Every open position of a symbol (funding, auto-deleveraging). */
export async function openPositionsOfSymbol(db: Db, symbol: string): Promise<PositionRow[]> {
  const rows = await db
    .selectFrom('perp_positions')
    .select(POSITION_COLUMNS)
    .where('symbol', '=', symbol)
    .where('status', '=', 'open')
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

/**
 * Symbols with at least one open position (read on every mark tick): a loose index scan of the (symbol, side,
 * liq_price) index of open positions, one step per symbol held, not a pass over every open position.
 */
export async function symbolsWithPositions(db: Db): Promise<string[]> {
  const r = await sql<{ symbol: string }>`
    WITH RECURSIVE held (symbol) AS (
      SELECT (SELECT symbol FROM perp_positions WHERE status = 'open' ORDER BY symbol LIMIT 1)
      UNION ALL
      SELECT (SELECT p.symbol FROM perp_positions p
              WHERE p.status = 'open' AND p.symbol > held.symbol ORDER BY p.symbol LIMIT 1)
      FROM held WHERE held.symbol IS NOT NULL
    )
    SELECT symbol FROM held WHERE symbol IS NOT NULL`.execute(db);
  return r.rows.map((x) => x.symbol);
}

export async function insertPosition(
  db: Db,
  p: Omit<PositionRow, 'id' | 'tpPrice' | 'slPrice' | 'tpSource' | 'slSource' | 'status' | 'updatedAt'>,
): Promise<number> {
  const r = await db
    .insertInto('perp_positions')
    .values({
      account_id: p.accountId,
      symbol: p.symbol,
      side: p.side,
      qty: p.qty,
      entry_value: p.entryValue,
      margin: p.margin,
      leverage: p.leverage,
      liq_price: p.liqPrice,
      tp_price: null,
      sl_price: null,
      status: 'open',
      opened_at: p.openedAt,
      updated_at: p.openedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export interface PositionChange {
  qty?: bigint;
  entryValue?: bigint;
  margin?: bigint;
  leverage?: number;
  liqPrice?: bigint | null;
  tpPrice?: bigint | null;
  tpSource?: 'mark' | 'last';
  slPrice?: bigint | null;
  slSource?: 'mark' | 'last';
  status?: 'open' | 'closed' | 'liquidated';
}

export async function updatePosition(db: Db, id: number, c: PositionChange, now: number): Promise<void> {
  await db
    .updateTable('perp_positions')
    .set({
      ...(c.qty !== undefined ? { qty: c.qty } : {}),
      ...(c.entryValue !== undefined ? { entry_value: c.entryValue } : {}),
      ...(c.margin !== undefined ? { margin: c.margin } : {}),
      ...(c.leverage !== undefined ? { leverage: c.leverage } : {}),
      ...(c.liqPrice !== undefined ? { liq_price: c.liqPrice } : {}),
      ...(c.tpPrice !== undefined ? { tp_price: c.tpPrice } : {}),
      ...(c.tpSource !== undefined ? { tp_source: c.tpSource } : {}),
      ...(c.slPrice !== undefined ? { sl_price: c.slPrice } : {}),
      ...(c.slSource !== undefined ? { sl_source: c.slSource } : {}),
      ...(c.status !== undefined ? { status: c.status } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export interface ExecutionRow {
  id: number;
  accountId: number;
  clientId: string;
  positionId: number;
  symbol: string;
  side: 'buy' | 'sell';
  action: PerpAction;
  qty: bigint;
  price: bigint;
  fee: bigint;
  margin: bigint;
  realizedPnl: bigint;
  leverage: number;
  createdAt: number;
}

const EXEC_COLUMNS = [
  'id',
  'account_id as accountId',
  'client_id as clientId',
  'position_id as positionId',
  'symbol',
  'side',
  'action',
  'qty',
  'price',
  'fee',
  'margin',
  'realized_pnl',
  'leverage',
  'created_at as createdAt',
] as const;

type RawExec = Omit<ExecutionRow, 'realizedPnl'> & { realized_pnl: bigint };
const toExec = ({ realized_pnl, ...r }: RawExec): ExecutionRow => ({ ...r, realizedPnl: realized_pnl });

export async function executionByClientId(
  db: Db,
  accountId: number,
  clientId: string,
): Promise<ExecutionRow | null> {
  const r = await db
    .selectFrom('perp_orders')
    .select(EXEC_COLUMNS)
    .where('account_id', '=', accountId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return r ? toExec(r) : null;
}

export async function ownExecution(db: Db, accountId: number, id: number): Promise<ExecutionRow | null> {
  const r = await db
    .selectFrom('perp_orders')
    .select(EXEC_COLUMNS)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? toExec(r) : null;
}

export async function insertExecution(db: Db, e: Omit<ExecutionRow, 'id'>): Promise<ExecutionRow> {
  const r = await db
    .insertInto('perp_orders')
    .values({
      account_id: e.accountId,
      client_id: e.clientId,
      position_id: e.positionId,
      symbol: e.symbol,
      side: e.side,
      action: e.action,
      qty: e.qty,
      price: e.price,
      fee: e.fee,
      margin: e.margin,
      realized_pnl: e.realizedPnl,
      leverage: e.leverage,
      created_at: e.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...e, id: r.id };
}

export async function leverageOf(
  db: Db,
  accountId: number,
  symbol: string,
  fallback: number,
): Promise<number> {
  const r = await db
    .selectFrom('perp_leverage')
    .select('leverage')
    .where('account_id', '=', accountId)
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  return r?.leverage ?? fallback;
}

export async function saveLeverage(
  db: Db,
  accountId: number,
  symbol: string,
  leverage: number,
  now: number,
): Promise<void> {
  await db
    .insertInto('perp_leverage')
    .values({ account_id: accountId, symbol, leverage, updated_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'symbol']).doUpdateSet({ leverage, updated_at: now }))
    .execute();
}
