// Applying a fill to an order: the ledger journals (unfreeze, trade, fees), the average-cost position, the T+1
// lock, and the order's state; and releasing what an order still holds frozen when it ends. Callers run these
// inside their own transaction together with the decision that caused them.
import type { RawDb as Db } from '../../db/database.ts';
import { calcFees, feeTotal, subFees, type FeeConfig } from './fees.ts';
import { saveOrder, type OrderRow } from './orders-repo.ts';
import { unlockAt } from './t-plus-one.ts';
import { feePostings, move, PKR, postTrade, sysAcct, userAcct } from './trade-ledger.ts';

interface PositionRow {
  qty: bigint;
  cost: bigint;
}

function positionOf(db: Db, accountId: number, symbol: string): PositionRow {
  const row = db
    .prepare('SELECT qty, cost FROM stock_positions WHERE account_id = ? AND symbol = ?')
    .safeIntegers(true)
    .get(accountId, symbol) as PositionRow | undefined;
  return row ?? { qty: 0n, cost: 0n };
}

function savePosition(db: Db, accountId: number, symbol: string, p: PositionRow, now: number): void {
  db.prepare(
    `INSERT INTO stock_positions (account_id, symbol, qty, cost, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (account_id, symbol) DO UPDATE SET qty = excluded.qty, cost = excluded.cost,
       updated_at = excluded.updated_at`,
  ).run(accountId, symbol, p.qty, p.cost, now);
}

export interface FillInput {
  qty: bigint;
  /** paisa per share */
  price: bigint;
  /** true when the order reserved cash / shares at placement (limit orders); market orders spend directly */
  fromFrozen: boolean;
  now: number;
}

/** Fills `qty` of the order at `price` and saves it (status partial or filled). Mutates and returns `order`. */
export function applyFill(db: Db, order: OrderRow, f: FillInput, cfg: FeeConfig): OrderRow {
  const { accountId, symbol, side } = order;
  const amount = f.qty * f.price;
  const cumFees = calcFees(side, order.filledAmount + amount, order.filledQty + f.qty, cfg);
  const fees = subFees(cumFees, order.fees);
  const fee = feeTotal(fees);
  const fillId = Number(
    db
      .prepare(
        `INSERT INTO stock_fills (order_id, account_id, symbol, side, qty, price, amount, fee, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(order.id, accountId, symbol, side, f.qty, f.price, amount, fee, f.now).lastInsertRowid,
  );
  const tag = { accountId, orderId: order.id, symbol, now: f.now };
  const ref = `fill:${fillId}`;
  const marketCash = { ledgerAccountId: sysAcct(db, 'market_cash'), asset: PKR };
  const marketShares = { ledgerAccountId: sysAcct(db, 'market_shares'), asset: symbol };
  const pos = positionOf(db, accountId, symbol);
  if (side === 'buy') {
    const cost = amount + fee;
    if (f.fromFrozen) {
      postTrade(db, {
        ...tag,
        kind: 'trade_unfreeze',
        ref,
        postings: move(db, accountId, 'frozen', 'cash', PKR, cost),
      });
      order.frozen -= cost;
    }
    postTrade(db, {
      ...tag,
      kind: 'trade_buy',
      ref,
      postings: [
        { ledgerAccountId: userAcct(db, accountId, 'cash'), asset: PKR, amount: -amount },
        { ...marketCash, amount },
        { ...marketShares, amount: -f.qty },
        { ledgerAccountId: userAcct(db, accountId, 'shares_locked'), asset: symbol, amount: f.qty },
      ],
    });
    db.prepare(
      'INSERT INTO share_locks (account_id, symbol, qty, fill_id, unlock_at) VALUES (?, ?, ?, ?, ?)',
    ).run(accountId, symbol, f.qty, fillId, unlockAt(f.now));
    savePosition(db, accountId, symbol, { qty: pos.qty + f.qty, cost: pos.cost + cost }, f.now);
  } else {
    postTrade(db, {
      ...tag,
      kind: 'trade_sell',
      ref,
      postings: [
        {
          ledgerAccountId: userAcct(db, accountId, f.fromFrozen ? 'shares_frozen' : 'shares'),
          asset: symbol,
          amount: -f.qty,
        },
        { ...marketShares, amount: f.qty },
        { ...marketCash, amount: -amount },
        { ledgerAccountId: userAcct(db, accountId, 'cash'), asset: PKR, amount },
      ],
    });
    if (f.fromFrozen) order.frozen -= f.qty;
    // Average cost: the sold shares take their proportional share of the cost; the last share takes the rest.
    const soldCost = f.qty >= pos.qty ? pos.cost : (pos.cost * f.qty) / pos.qty;
    savePosition(db, accountId, symbol, { qty: pos.qty - f.qty, cost: pos.cost - soldCost }, f.now);
    db.prepare('UPDATE stock_fills SET realized_pnl = ? WHERE id = ?').run(amount - fee - soldCost, fillId);
  }
  postTrade(db, { ...tag, kind: 'trade_fee', ref, postings: feePostings(db, accountId, fees) });
  order.filledQty += f.qty;
  order.filledAmount += amount;
  order.fees = cumFees;
  order.status = order.filledQty === order.qty ? 'filled' : 'partial';
  order.updatedAt = f.now;
  if (order.status === 'filled') releaseOrder(db, order, f.now);
  saveOrder(db, order);
  return order;
}

/** Gives back whatever the order still holds frozen (cash for buys, shares for sells); sets frozen to 0. */
export function releaseOrder(db: Db, order: OrderRow, now: number): void {
  if (order.frozen > 0n) {
    const buy = order.side === 'buy';
    postTrade(db, {
      kind: 'trade_release',
      ref: `order:${order.id}`,
      accountId: order.accountId,
      orderId: order.id,
      symbol: order.symbol,
      now,
      postings: buy
        ? move(db, order.accountId, 'frozen', 'cash', PKR, order.frozen)
        : move(db, order.accountId, 'shares_frozen', 'shares', order.symbol, order.frozen),
    });
    order.frozen = 0n;
  }
  order.updatedAt = now;
}

/** Ends an open order: releases its frozen remainder and marks it cancelled (filled part stays). */
export function cancelOrder(db: Db, order: OrderRow, now: number, reason: string | null = null): OrderRow {
  releaseOrder(db, order, now);
  order.status = 'cancelled';
  order.reason = reason;
  saveOrder(db, order);
  return order;
}
