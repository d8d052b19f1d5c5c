// The invariants the trading property test checks after every random sequence (see trading-property.test.ts).
import { expect } from 'vitest';
import type { OrderSide } from '../../../workers/protocol/trade.ts';
import type { RawDb as Db } from '../../../server/db/database.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import { cashOf, frozenOf } from '../../../server/domain/trading/trade-ledger.ts';

const count = (db: Db, sql: string) => Number(db.prepare(sql).pluck().get());

export function checkInvariants(db: Db, accounts: number[], granted: Map<number, bigint>): void {
  const ledger = ledgerSelfCheck(db);
  expect(ledger.differences).toEqual([]);
  expect(ledger.unbalancedJournals).toEqual([]);
  expect(ledger.negativeUserBalances).toEqual([]);
  expect(tradingSelfCheck(db).problems).toEqual([]);
  const total = db
    .prepare('SELECT asset, SUM(amount) AS s FROM ledger_postings GROUP BY asset')
    .safeIntegers(true)
    .all() as Array<{ s: bigint }>;
  for (const r of total) expect(r.s).toBe(0n);
  // cash replay: deposits − Σ buys (value + fees) + Σ sells (value − fees) = available + frozen
  for (const acc of accounts) {
    const flows = db
      .prepare(
        `SELECT COALESCE(SUM(CASE side WHEN 'buy' THEN -(amount + fee) ELSE amount - fee END), 0)
         FROM stock_fills WHERE account_id = ?`,
      )
      .pluck()
      .safeIntegers(true)
      .get(acc) as bigint;
    expect(cashOf(db, acc) + frozenOf(db, acc)).toBe((granted.get(acc) ?? 0n) + flows);
  }
  // position replay from the fills (average cost), and realised P&L per sell
  const fills = db
    .prepare(
      'SELECT id, account_id AS a, symbol, side, qty, amount, fee, realized_pnl AS pnl FROM stock_fills ORDER BY id',
    )
    .safeIntegers(true)
    .all() as Array<{
    a: bigint;
    symbol: string;
    side: OrderSide;
    qty: bigint;
    amount: bigint;
    fee: bigint;
    pnl: bigint;
  }>;
  const pos = new Map<string, { qty: bigint; cost: bigint }>();
  for (const f of fills) {
    const key = `${f.a}:${f.symbol}`;
    const p = pos.get(key) ?? { qty: 0n, cost: 0n };
    if (f.side === 'buy') {
      p.qty += f.qty;
      p.cost += f.amount + f.fee;
    } else {
      const sold = f.qty >= p.qty ? p.cost : (p.cost * f.qty) / p.qty;
      expect(f.pnl).toBe(f.amount - f.fee - sold);
      p.qty -= f.qty;
      p.cost -= sold;
      expect(p.qty >= 0n).toBe(true);
    }
    pos.set(key, p);
  }
  const stored = db
    .prepare('SELECT account_id AS a, symbol, qty, cost FROM stock_positions')
    .safeIntegers(true)
    .all() as Array<{
    a: bigint;
    symbol: string;
    qty: bigint;
    cost: bigint;
  }>;
  expect(stored.length).toBe(pos.size);
  for (const s of stored) expect(pos.get(`${s.a}:${s.symbol}`)).toEqual({ qty: s.qty, cost: s.cost });
  // T+1: the locked book equals the unreleased locks
  const locks = db
    .prepare(
      `SELECT l.account_id, l.symbol, SUM(l.qty) AS q,
         (SELECT b.amount FROM ledger_balances b JOIN ledger_accounts x ON x.id = b.ledger_account_id
           WHERE x.account_id = l.account_id AND x.name = 'shares_locked' AND b.asset = l.symbol) AS ledger
       FROM share_locks l WHERE l.released_at IS NULL GROUP BY 1, 2`,
    )
    .safeIntegers(true)
    .all() as Array<{ q: bigint; ledger: bigint }>;
  for (const l of locks) expect(l.ledger).toBe(l.q);
  // one order per (account, clientOrderId) and at most one freeze per order
  expect(
    count(
      db,
      "SELECT COUNT(*) FROM (SELECT ref FROM ledger_journals WHERE kind = 'trade_freeze' GROUP BY ref HAVING COUNT(*) > 1)",
    ),
  ).toBe(0);
}
