// Applying a fill to an order: the ledger journals (unfreeze, trade, fees), the average-cost position, the T+1
// lock, and the order's state; and releasing what an order still holds frozen when it ends. Callers run these
// inside their own transaction (inTx) together with the decision that caused them, and pass its handle.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { writeBehind } from '../../db/tx.ts';
import { PKR } from '../ledger/books.ts';
import { postRecords, unfreeze, unfreezeRecord, type Leg, type RecordInput } from '../ledger/post.ts';
import { calcFees, FEE_KEYS, feeTotal, subFees, type FeeConfig, type Fees } from './fees.ts';
import { saveOrder, type OrderRow } from './orders-repo.ts';
import { unlockAt } from './t-plus-one.ts';
import { orderFilled } from '../content/event-messages.ts';

interface PositionRow {
  qty: bigint;
  cost: bigint;
}

async function positionOf(db: Db, accountId: number, symbol: string): Promise<PositionRow> {
  const row = await db
    .selectFrom('stock_positions')
    .select(['qty', 'cost'])
    .where('account_id', '=', accountId)
    .where('symbol', '=', symbol)
    .executeTakeFirst();
  return row ?? { qty: 0n, cost: 0n };
}

async function savePosition(
  db: Db,
  accountId: number,
  symbol: string,
  p: PositionRow,
  now: number,
): Promise<void> {
  await writeBehind(
    db,
    db
      .insertInto('stock_positions')
      .values({ account_id: accountId, symbol, qty: p.qty, cost: p.cost, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['account_id', 'symbol']).doUpdateSet({ qty: p.qty, cost: p.cost, updated_at: now }),
      ),
  );
}

/** Adds bought shares and their cost to the position, in one statement (a buy needs no read of it). */
async function addToPosition(
  db: Db,
  accountId: number,
  symbol: string,
  add: PositionRow,
  now: number,
): Promise<void> {
  await writeBehind(
    db,
    db
      .insertInto('stock_positions')
      .values({ account_id: accountId, symbol, qty: add.qty, cost: add.cost, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['account_id', 'symbol']).doUpdateSet({
          qty: sql<bigint>`stock_positions.qty + excluded.qty`,
          cost: sql<bigint>`stock_positions.cost + excluded.cost`,
          updated_at: now,
        }),
      ),
  );
}

/** Legs paying `fees` from the account's cash to the fee income accounts (fee_<component>). */
export function feeLegs(accountId: number, fees: Fees): Leg[] {
  const out: Leg[] = [];
  let total = 0n;
  for (const k of FEE_KEYS) {
    if (fees[k] === 0n) continue;
    total += fees[k];
    out.push({ system: `fee_${k}`, asset: PKR, amount: fees[k] });
  }
  if (total > 0n) out.push({ accountId, book: 'cash', asset: PKR, amount: -total });
  return out;
}

export interface FillInput {
  qty: bigint;
  /** paisa per share */
  price: bigint;
  /** true when the order reserved cash / shares at placement (limit orders); market orders spend directly */
  fromFrozen: boolean;
  now: number;
}

/**
 * Fills `qty` of the order at `price` and saves it (status partial or filled). Mutates and returns `order`;
 * when it throws (e.g. the ledger refuses), the object may be half-updated: re-read the order.
 */
export async function applyFill(db: Db, order: OrderRow, f: FillInput, cfg: FeeConfig): Promise<OrderRow> {
  const { accountId, symbol, side } = order;
  const amount = f.qty * f.price;
  const cumFees = calcFees(side, order.filledAmount + amount, order.filledQty + f.qty, cfg);
  const fees = subFees(cumFees, order.fees);
  const fee = feeTotal(fees);
  // A sell's realised P&L needs the position's cost before the sale: read first, stored with the fill.
  const pos = side === 'sell' ? await positionOf(db, accountId, symbol) : null;
  // Average cost: the sold shares take their proportional share of the cost; the last share takes the rest.
  const soldCost = pos ? (f.qty >= pos.qty ? pos.cost : (pos.cost * f.qty) / pos.qty) : 0n;
  const { id: fillId } = await db
    .insertInto('stock_fills')
    .values({
      order_id: order.id,
      account_id: accountId,
      symbol,
      side,
      qty: f.qty,
      price: f.price,
      amount,
      fee,
      created_at: f.now,
      ...(pos ? { realized_pnl: amount - fee - soldCost } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tag = { accountId, orderId: order.id, symbol, now: f.now, ref: `fill:${fillId}` };
  const marketCash = { system: 'market_cash', asset: PKR };
  const marketShares = { system: 'market_shares', asset: symbol };
  // The fill's records, posted together in this order (each as if alone: ledger/post.ts postRecords).
  const records: RecordInput[] = [];
  if (side === 'buy') {
    const cost = amount + fee;
    if (f.fromFrozen) {
      records.push(unfreezeRecord({ ...tag, kind: 'trade_unfreeze', asset: PKR, amount: cost }));
    }
    records.push({
      ...tag,
      kind: 'trade_buy',
      legs: [
        { accountId, book: 'cash', asset: PKR, amount: -amount },
        { ...marketCash, amount },
        { ...marketShares, amount: -f.qty },
        { accountId, book: 'shares_locked', asset: symbol, amount: f.qty },
      ],
    });
    records.push({ ...tag, kind: 'trade_fee', legs: feeLegs(accountId, fees) });
    await postRecords(db, records);
    if (f.fromFrozen) order.frozen -= cost;
    await writeBehind(
      db,
      db
        .insertInto('share_locks')
        .values({ account_id: accountId, symbol, qty: f.qty, fill_id: fillId, unlock_at: unlockAt(f.now) }),
    );
    await addToPosition(db, accountId, symbol, { qty: f.qty, cost }, f.now);
  } else {
    records.push({
      ...tag,
      kind: 'trade_sell',
      legs: [
        { accountId, book: f.fromFrozen ? 'shares_frozen' : 'shares', asset: symbol, amount: -f.qty },
        { ...marketShares, amount: f.qty },
        { ...marketCash, amount: -amount },
        { accountId, book: 'cash', asset: PKR, amount },
      ],
    });
    records.push({ ...tag, kind: 'trade_fee', legs: feeLegs(accountId, fees) });
    await postRecords(db, records);
    if (f.fromFrozen) order.frozen -= f.qty;
    const held = pos ?? { qty: 0n, cost: 0n };
    await savePosition(db, accountId, symbol, { qty: held.qty - f.qty, cost: held.cost - soldCost }, f.now);
  }
  order.filledQty += f.qty;
  order.filledAmount += amount;
  order.fees = cumFees;
  order.status = order.filledQty === order.qty ? 'filled' : 'partial';
  order.updatedAt = f.now;
  if (order.status === 'filled') {
    await releaseOrder(db, order, f.now);
    await orderFilled(db, order, f.now);
  }
  await saveOrder(db, order);
  return order;
}

/** Gives back whatever the order still holds frozen (cash for buys, shares for sells); sets frozen to 0. */
export async function releaseOrder(db: Db, order: OrderRow, now: number): Promise<void> {
  if (order.frozen > 0n) {
    const buy = order.side === 'buy';
    await unfreeze(db, {
      kind: 'trade_release',
      ref: `order:${order.id}`,
      accountId: order.accountId,
      orderId: order.id,
      symbol: order.symbol,
      now,
      holding: buy ? 'money' : 'shares',
      asset: buy ? PKR : order.symbol,
      amount: order.frozen,
    });
    order.frozen = 0n;
  }
  order.updatedAt = now;
}

/** Ends an open order: releases its frozen remainder and marks it cancelled (filled part stays). */
export async function cancelOrder(
  db: Db,
  order: OrderRow,
  now: number,
  reason: string | null = null,
): Promise<OrderRow> {
  await releaseOrder(db, order, now);
  order.status = 'cancelled';
  order.reason = reason;
  await saveOrder(db, order);
  return order;
}
