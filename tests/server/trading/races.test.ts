// A matching pass racing the owner's cancels on the same resting orders: on PostgreSQL the transactions collide
// and re-run (serialisation failures, inTx), on SQLite they queue; either way every order ends either filled or
// cancelled with nothing filled, each cancel answers as if it came before or after the pass, the listeners hear
// each change once and the books agree with the orders.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AppError } from '../../../server/errors.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import { TradingEngine, type AccountChange } from '../../../server/domain/trading/engine.ts';
import { DEFAULT_FEES } from '../../../server/domain/trading/fees.ts';
import { orderById, type OrderRow } from '../../../server/domain/trading/orders-repo.ts';
import { frozenOf } from '../../../server/domain/ledger/books.ts';
import { grantCash } from '../../../server/domain/ledger/post.ts';
import { FakeMarket, MONDAY_10AM } from './fake-market.ts';
import { addUser, tradingDb, type TradingDb } from './trading-db.ts';

let tdb: TradingDb;
let market: FakeMarket;
let engine: TradingEngine;
let acc: number;

beforeEach(async () => {
  tdb = await tradingDb();
  market = new FakeMarket(MONDAY_10AM);
  engine = new TradingEngine(tdb.db, market, DEFAULT_FEES);
  acc = (await addUser(tdb.db, 1)).demo;
  await grantCash(tdb.db, acc, 10_000_000n, 'seed', market.clock);
});
afterEach(async () => tdb.close());

it('a pass and cancels racing on the same orders leave every order whole and the books consistent', async () => {
  const resting: OrderRow[] = [];
  for (let i = 0; i < 12; i++) {
    const r = await engine.place({
      accountId: acc,
      kycOk: true,
      side: 'buy',
      type: 'limit',
      symbol: 'AAA',
      qty: '10',
      price: '10.00',
      clientOrderId: `race-${i}`,
      now: market.clock,
    });
    expect(r.order.status).toBe('pending');
    resting.push(r.order);
  }
  const heard: AccountChange[] = [];
  engine.onChange((c) => heard.push(c));
  const cancels = resting.filter((_, i) => i % 2 === 0);
  const outcomes = await Promise.allSettled([
    engine.onTick(market.tick({ AAA: [['9.90', '1000']] })),
    ...cancels.map((o) => engine.cancel(acc, o.id, market.clock)),
  ]);
  expect(outcomes[0]!.status).toBe('fulfilled');
  const cancelled = new Set<number>();
  for (const [i, o] of outcomes.slice(1).entries()) {
    if (o.status === 'fulfilled') cancelled.add(cancels[i]!.id);
    else expect(o.reason).toMatchObject({ key: 'trade.orderNotOpen' } satisfies Partial<AppError>);
  }
  for (const o of resting) {
    const now = (await orderById(tdb.db, o.id))!;
    if (cancelled.has(o.id)) expect(now).toMatchObject({ status: 'cancelled', filledQty: 0n, frozen: 0n });
    else expect(now).toMatchObject({ status: 'filled', filledQty: 10n, frozen: 0n });
  }
  expect(await frozenOf(tdb.db, acc)).toBe(0n);
  // each order's end was told once: by its cancel or by the pass that filled it
  const told = heard.flatMap((c) => c.orders.map((o) => `${o.id}:${o.status}`)).sort();
  expect(told).toEqual(resting.map((o) => `${o.id}:${cancelled.has(o.id) ? 'cancelled' : 'filled'}`).sort());
  expect((await ledgerSelfCheck(tdb.db)).ok).toBe(true);
  expect((await tradingSelfCheck(tdb.db)).problems).toEqual([]);
});
