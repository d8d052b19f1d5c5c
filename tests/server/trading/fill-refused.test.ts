// A resting order whose fill the ledger refuses: the refusal is logged with the order id and reason, the order
// ends (cancelled, with the reason) and gives back exactly what it held, and no money or share moves. Also: a
// T+1 release tells the engine's listeners which symbols became sellable.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/database.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import {
  FILL_REFUSED_REASON,
  TradingEngine,
  type AccountChange,
  type EngineLog,
} from '../../../server/domain/trading/engine.ts';
import { DEFAULT_FEES } from '../../../server/domain/trading/fees.ts';
import { orderById } from '../../../server/domain/trading/orders-repo.ts';
import type { PlaceInput } from '../../../server/domain/trading/place-order.ts';
import { cashOf, sharesOf } from '../../../server/domain/ledger/books.ts';
import { grantCash } from '../../../server/domain/ledger/post.ts';
import { FakeMarket, MONDAY_10AM } from './fake-market.ts';
import { addUser, tradingDb, type TradingDb } from './trading-db.ts';

let tdb: TradingDb;
let db: Db;
let market: FakeMarket;
let acc: number;
let n = 0;
const logged: Array<{ level: 'warn' | 'error'; obj: Record<string, unknown>; msg: string }> = [];
const log: EngineLog = {
  warn: (obj, msg) => logged.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
  error: (obj, msg) => logged.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
};

const input = (p: Partial<PlaceInput>): PlaceInput => ({
  accountId: acc,
  kycOk: true,
  side: 'buy',
  type: 'market',
  symbol: 'AAA',
  qty: '100',
  price: undefined,
  clientOrderId: `r${++n}`,
  now: market.clock,
  ...p,
});

afterEach(async () => tdb.close());
beforeEach(async () => {
  tdb = await tradingDb();
  db = tdb.db;
  market = new FakeMarket(MONDAY_10AM);
  acc = (await addUser(db, 1)).demo;
  logged.length = 0;
  // Just enough for 100 AAA at market (≈ PKR 1,005.43 with fees): a few rupees stay in cash.
  await grantCash(db, acc, 101_000n, 'seed', market.clock);
});

describe('a fill the ledger refuses', () => {
  it('ends the order with the reason, releases its shares exactly, logs it, and moves no money', async () => {
    const normal = new TradingEngine(db, market, DEFAULT_FEES, log);
    expect((await normal.place(input({}))).order.status).toBe('filled');
    const cashLeft = await cashOf(db, acc);
    expect(cashLeft).toBeGreaterThan(0n);
    expect(cashLeft).toBeLessThan(1_000n);

    // Next trading day: the T+1 lock is released, and listeners hear which symbol it was.
    market.clock += 86_400_000;
    const changes: AccountChange[] = [];
    normal.onChange((c) => changes.push(c));
    await normal.releaseDue(acc, market.clock);
    expect(changes).toEqual([{ accountId: acc, orders: [], released: ['AAA'] }]);
    expect(await sharesOf(db, acc, 'AAA')).toEqual({ available: 100n, locked: 0n, frozen: 0n });

    // A broker whose commission (100 %) exceeds the proceeds plus the cash left: every fill overdraws.
    const costly = new TradingEngine(db, market, { ...DEFAULT_FEES, commissionPpm: 1_000_000n }, log);
    const heard: AccountChange[] = [];
    costly.onChange((c) => heard.push(c));
    const sell = (await costly.place(input({ side: 'sell', type: 'limit', price: '10.50' }))).order;
    expect(sell.status).toBe('pending');
    expect(await sharesOf(db, acc, 'AAA')).toEqual({ available: 0n, locked: 0n, frozen: 100n });
    heard.length = 0;

    await costly.onTick(market.tick({ AAA: [['10.50', '60']] }));

    const after = (await orderById(db, sell.id))!;
    expect(after).toMatchObject({
      status: 'cancelled',
      reason: FILL_REFUSED_REASON,
      filledQty: 0n,
      frozen: 0n,
    });
    expect(await sharesOf(db, acc, 'AAA')).toEqual({ available: 100n, locked: 0n, frozen: 0n });
    expect(await cashOf(db, acc)).toBe(cashLeft);
    expect(await db.selectFrom('stock_fills').select('id').where('order_id', '=', sell.id).execute()).toEqual(
      [],
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 'warn',
      obj: {
        orderId: sell.id,
        accountId: acc,
        symbol: 'AAA',
        side: 'sell',
        qty: '60',
        reason: 'insufficient',
      },
    });
    // The client hears the honest state (the row as stored, not a half-applied in-memory copy).
    expect(heard).toHaveLength(1);
    expect(heard[0]!.orders[0]).toMatchObject({ id: sell.id, status: 'cancelled', filledQty: 0n });
    expect((await ledgerSelfCheck(db)).ok).toBe(true);
    expect(await tradingSelfCheck(db)).toMatchObject({ ok: true });

    // Ended, it no longer takes prints.
    await costly.onTick(market.tick({ AAA: [['10.60', '100']] }));
    expect(logged).toHaveLength(1);
  });

  it('keeps fills that succeeded earlier in the same step when a later one is refused', async () => {
    const normal = new TradingEngine(db, market, DEFAULT_FEES, log);
    await normal.place(input({}));
    market.clock += 86_400_000;
    await normal.releaseDue(acc, market.clock);
    // A per-share commission minimum of PKR 10: the first small fill is paid from the cash left and the
    // proceeds; the next one would overdraw.
    const costly = new TradingEngine(
      db,
      market,
      { ...DEFAULT_FEES, commissionMinPerSharePaisa: 1_000n },
      log,
    );
    const sell = (await costly.place(input({ side: 'sell', type: 'limit', price: '10.50' }))).order;
    const cash0 = await cashOf(db, acc);
    await costly.onTick(
      market.tick({
        AAA: [
          ['10.50', '1'],
          ['10.50', '99'],
        ],
      }),
    );
    const after = (await orderById(db, sell.id))!;
    expect(after).toMatchObject({
      status: 'cancelled',
      reason: FILL_REFUSED_REASON,
      filledQty: 1n,
      frozen: 0n,
    });
    expect(await sharesOf(db, acc, 'AAA')).toEqual({ available: 99n, locked: 0n, frozen: 0n });
    const fill = await db
      .selectFrom('stock_fills')
      .select(['amount', 'fee'])
      .where('order_id', '=', sell.id)
      .executeTakeFirstOrThrow();
    expect(await cashOf(db, acc)).toBe(cash0 + fill.amount - fill.fee);
    expect(logged.map((l) => l.obj['orderId'])).toEqual([sell.id]);
    expect((await ledgerSelfCheck(db)).ok).toBe(true);
    expect(await tradingSelfCheck(db)).toMatchObject({ ok: true });
  });
});
