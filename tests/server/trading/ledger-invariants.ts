// The invariants the trading property test checks after every random sequence (see trading-property.test.ts).
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../../server/db/database.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import { cashOf, frozenOf } from '../../../server/domain/ledger/books.ts';

export async function checkInvariants(
  db: Db,
  accounts: number[],
  granted: Map<number, bigint>,
): Promise<void> {
  const ledger = await ledgerSelfCheck(db);
  expect(ledger.differences).toEqual([]);
  expect(ledger.unbalancedJournals).toEqual([]);
  expect(ledger.negativeUserBalances).toEqual([]);
  expect((await tradingSelfCheck(db)).problems).toEqual([]);
  const total = await db
    .selectFrom('ledger_postings')
    .select((eb) => ['asset', eb.fn.sum<bigint>('amount').as('amount')])
    .groupBy('asset')
    .execute();
  for (const r of total) expect(BigInt(r.amount)).toBe(0n);
  // cash replay: deposits − Σ buys (value + fees) + Σ sells (value − fees) = available + frozen
  for (const acc of accounts) {
    const { amount: flows } = await db
      .selectFrom('stock_fills')
      .select(
        sql<bigint>`COALESCE(SUM(CASE side WHEN 'buy' THEN -(amount + fee) ELSE amount - fee END), 0)`.as(
          'amount',
        ),
      )
      .where('account_id', '=', acc)
      .executeTakeFirstOrThrow();
    expect((await cashOf(db, acc)) + (await frozenOf(db, acc))).toBe(
      (granted.get(acc) ?? 0n) + BigInt(flows),
    );
  }
  // position replay from the fills (average cost), and realised P&L per sell
  const fills = await db
    .selectFrom('stock_fills')
    .select(['account_id', 'symbol', 'side', 'qty', 'amount', 'fee', 'realized_pnl'])
    .orderBy('id')
    .execute();
  const pos = new Map<string, { qty: bigint; cost: bigint }>();
  for (const f of fills) {
    const key = `${f.account_id}:${f.symbol}`;
    const p = pos.get(key) ?? { qty: 0n, cost: 0n };
    if (f.side === 'buy') {
      p.qty += f.qty;
      p.cost += f.amount + f.fee;
    } else {
      const sold = f.qty >= p.qty ? p.cost : (p.cost * f.qty) / p.qty;
      expect(f.realized_pnl).toBe(f.amount - f.fee - sold);
      p.qty -= f.qty;
      p.cost -= sold;
      expect(p.qty >= 0n).toBe(true);
    }
    pos.set(key, p);
  }
  const stored = await db
    .selectFrom('stock_positions')
    .select(['account_id', 'symbol', 'qty', 'cost'])
    .execute();
  expect(stored.length).toBe(pos.size);
  for (const s of stored)
    expect(pos.get(`${s.account_id}:${s.symbol}`)).toEqual({ qty: s.qty, cost: s.cost });
  // T+1: the locked book equals the unreleased locks
  const locks = await db
    .selectFrom('share_locks as l')
    .select((eb) => [
      'l.account_id',
      'l.symbol',
      eb.fn.sum<bigint>('l.qty').as('qty'),
      eb
        .selectFrom('ledger_balances as b')
        .innerJoin('ledger_accounts as x', 'x.id', 'b.ledger_account_id')
        .select('b.amount')
        .whereRef('x.account_id', '=', 'l.account_id')
        .where('x.name', '=', 'shares_locked')
        .whereRef('b.asset', '=', 'l.symbol')
        .as('amount'),
    ])
    .where('l.released_at', 'is', null)
    .groupBy(['l.account_id', 'l.symbol'])
    .execute();
  for (const l of locks) expect(l.amount).toBe(BigInt(l.qty));
  // one order per (account, clientOrderId) and at most one freeze per order
  const twice = await db
    .selectFrom('ledger_journals')
    .select('ref')
    .where('kind', '=', 'trade_freeze')
    .groupBy('ref')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  expect(twice).toEqual([]);
}
