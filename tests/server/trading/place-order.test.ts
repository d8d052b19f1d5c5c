// Order placement rules on a fake market: lots, the session, book depth, resting and cancelling, and what
// the self-checks report when a balance is tampered with.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../server/db/database.ts';
import { AppError } from '../../../server/errors.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import { TradingEngine, type AccountChange } from '../../../server/domain/trading/engine.ts';
import { DEFAULT_FEES } from '../../../server/domain/trading/fees.ts';
import { orderById } from '../../../server/domain/trading/orders-repo.ts';
import { previewOrder, type PlaceInput } from '../../../server/domain/trading/place-order.ts';
import { cashOf, frozenOf, sharesOf } from '../../../server/domain/ledger/books.ts';
import { grantCash } from '../../../server/domain/ledger/post.ts';
import { FakeMarket, MONDAY_10AM } from './fake-market.ts';
import { addUser, tradingDb, type TradingDb } from './trading-db.ts';

let tdb: TradingDb;
let db: Db;
let market: FakeMarket;
let engine: TradingEngine;
let acc: number;
let n = 0;

afterEach(async () => tdb.close());
beforeEach(async () => {
  tdb = await tradingDb();
  db = tdb.db;
  market = new FakeMarket(MONDAY_10AM);
  engine = new TradingEngine(db, market, DEFAULT_FEES);
  acc = (await addUser(db, 1)).demo;
  await grantCash(db, acc, 10_000_000n, 'seed', market.clock);
});

const place = async (p: Partial<PlaceInput>) =>
  (
    await engine.place({
      accountId: acc,
      kycOk: true,
      side: 'buy',
      type: 'market',
      symbol: 'AAA',
      qty: '10',
      price: undefined,
      clientOrderId: `c${++n}`,
      now: market.clock,
      ...p,
    })
  ).order;

const refusal = async (p: Partial<PlaceInput>) => {
  try {
    await place(p);
  } catch (err) {
    if (err instanceof AppError) return { key: err.key, params: err.params };
    throw err;
  }
  return null;
};

describe('placing orders', () => {
  it('requires whole lots of the instrument', async () => {
    expect(await refusal({ symbol: 'BBB', qty: '15' })).toEqual({
      key: 'trade.lotMultiple',
      params: { lot: '10' },
    });
    expect((await place({ symbol: 'BBB', qty: '20' })).status).toBe('filled');
  });

  it('refuses market orders while PSX is closed but lets limit orders rest', async () => {
    market.state = 'closed';
    expect((await refusal({}))?.key).toBe('trade.marketClosed');
    // even a marketable limit rests while closed
    const o = await place({ type: 'limit', price: '10.75' });
    expect(o).toMatchObject({ status: 'pending', filledQty: 0n });
    expect(await frozenOf(db, acc)).toBe(o.frozen);
  });

  it('refuses market orders during a market-wide halt with their own reason; limit orders rest', async () => {
    market.state = 'halt';
    expect((await refusal({}))?.key).toBe('trade.marketHalted');
    const o = await place({ type: 'limit', price: '10.75' });
    expect(o).toMatchObject({ status: 'pending', filledQty: 0n });
  });

  it('fills a market order level by level and cancels what the book cannot fill', async () => {
    const o = await place({ qty: '400' });
    expect(o.filledQty).toBe(350n);
    expect(o.filledAmount).toBe(50n * 1001n + 100n * 1002n + 200n * 1005n);
    expect(o).toMatchObject({ status: 'cancelled', reason: 'trade.depthExhausted', frozen: 0n });
    expect(await sharesOf(db, acc, 'AAA')).toEqual({ available: 0n, locked: 350n, frozen: 0n });
  });

  it('refuses a market order against an empty book', async () => {
    market.stocks.get('CCC')!.asks = [];
    expect((await refusal({ symbol: 'CCC' }))?.key).toBe('trade.noLiquidity');
  });

  it('takes what a marketable limit can get at once and rests the rest with the exact reserve', async () => {
    const o = await place({ type: 'limit', price: '10.02', qty: '200' });
    expect(o).toMatchObject({ status: 'partial', filledQty: 150n });
    expect(await frozenOf(db, acc)).toBe(o.frozen);
    await engine.cancel(acc, o.id, market.clock);
    expect(await frozenOf(db, acc)).toBe(0n);
    // cash = grant − (value + fees) of the 150 shares filled
    const { cost } = await db
      .selectFrom('stock_fills')
      .select((eb) => eb.fn.sum<bigint>(eb('amount', '+', eb.ref('fee'))).as('cost'))
      .executeTakeFirstOrThrow();
    const fill = BigInt(cost);
    expect(await cashOf(db, acc)).toBe(10_000_000n - fill);
  });

  it('previews the maximum whole lots the cash covers, fees included', async () => {
    const p = await previewOrder(db, market, DEFAULT_FEES, {
      accountId: acc,
      side: 'buy',
      type: 'limit',
      symbol: 'BBB',
      qty: 10n,
      price: 10_000n,
      now: market.clock,
    });
    // 100,000 PKR at 100 PKR a share with ~0.2% fees: 990 shares fit, 1,000 do not
    expect(p.maxQty).toBe(990n);
    expect(p.maxQty % 10n).toBe(0n);
  });

  it('refuses an index, an unknown symbol, and a real account without KYC', async () => {
    expect((await refusal({ symbol: 'KSE100' }))?.key).toBe('trade.unlisted');
    expect((await refusal({ symbol: 'ZZZ' }))?.key).toBe('trade.unlisted');
    expect((await refusal({ kycOk: false }))?.key).toBe('trade.kycRequired');
  });
});

describe('self-checks', () => {
  it('pass on a busy book and report a tampered cached balance or frozen amount', async () => {
    await place({ qty: '30' });
    await place({ type: 'limit', price: '9.50', qty: '10' });
    expect((await ledgerSelfCheck(db)).ok).toBe(true);
    expect((await tradingSelfCheck(db)).ok).toBe(true);
    await db
      .updateTable('stock_orders')
      .set((eb) => ({ frozen: eb('frozen', '+', 1n) }))
      .where('status', '=', 'pending')
      .execute();
    expect((await tradingSelfCheck(db)).problems.join()).toMatch(/frozen/);
    await db
      .updateTable('ledger_balances')
      .set((eb) => ({ amount: eb('amount', '+', 1n) }))
      .where('asset', '=', 'PKR')
      .execute();
    const report = await ledgerSelfCheck(db);
    expect(report.ok).toBe(false);
    expect(report.differences.length).toBeGreaterThan(0);
  });
});

describe('the engine on the feed', () => {
  it('reports a failing matching pass instead of throwing into the feed', async () => {
    let listener: ((tick: ReturnType<FakeMarket['tick']>) => void) | undefined;
    const errors: unknown[] = [];
    await engine.attach({ subscribe: (l) => ((listener = l), () => undefined) }, (e) => errors.push(e));
    await place({ type: 'limit', price: '9.50', qty: '10' });
    const failing = vi.spyOn(db, 'transaction').mockImplementation(() => {
      throw new Error('database is gone');
    });
    expect(() => listener!(market.tick({ AAA: [['9.50', '10']] }))).not.toThrow();
    await engine.idle();
    failing.mockRestore();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ message: 'database is gone' });
  });

  it('runs one pass at a time: steps that come during a pass are merged into one more pass', async () => {
    const o = await place({ type: 'limit', price: '9.50', qty: '30' });
    const heard: AccountChange[] = [];
    engine.onChange((c) => heard.push(c));
    // Hold the first pass inside its transaction until the other steps have come.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inPass = new Promise<void>((resolve) => (started = resolve));
    const real = db.transaction.bind(db);
    const transactions = vi.spyOn(db, 'transaction').mockImplementationOnce(() => {
      let builder = real();
      const held = {
        setIsolationLevel: (level: Parameters<typeof builder.setIsolationLevel>[0]) => {
          builder = builder.setIsolationLevel(level);
          return held;
        },
        execute: async (fn: Parameters<typeof builder.execute>[0]) => {
          started();
          await gate;
          return builder.execute(fn);
        },
      };
      return held as unknown as ReturnType<typeof real>;
    });
    const first = engine.onTick(market.tick({ AAA: [['9.50', '10']] }));
    await inPass;
    // arrive while the first pass runs: merged into one more pass, every print kept
    const second = engine.onTick(market.tick({ AAA: [['9.50', '5']] }));
    const third = engine.onTick(market.tick({ AAA: [['9.40', '7']] }));
    expect(third).toBe(second);
    expect(transactions).toHaveBeenCalledTimes(1);
    release();
    await Promise.all([first, second, third]);
    expect(transactions).toHaveBeenCalledTimes(2);
    transactions.mockRestore();
    expect(await orderById(db, o.id)).toMatchObject({ status: 'partial', filledQty: 22n });
    expect(heard.map((c) => c.orders.map((x) => x.filledQty))).toEqual([[10n], [22n]]);
    expect((await ledgerSelfCheck(db)).ok).toBe(true);
    expect((await tradingSelfCheck(db)).problems).toEqual([]);
  });
});
