// Order placement rules on a fake market: lots, the session, book depth, resting and cancelling, and what
// the self-checks report when a balance is tampered with.
import { beforeEach, describe, expect, it } from 'vitest';
import type { RawDb as Db } from '../../../server/db/database.ts';
import { AppError } from '../../../server/errors.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import { TradingEngine } from '../../../server/domain/trading/engine.ts';
import { DEFAULT_FEES } from '../../../server/domain/trading/fees.ts';
import { previewOrder, type PlaceInput } from '../../../server/domain/trading/place-order.ts';
import { cashOf, frozenOf, grantCash, sharesOf } from '../../../server/domain/trading/trade-ledger.ts';
import { FakeMarket, MONDAY_10AM } from './fake-market.ts';
import { addUser, memoryDb } from './trading-db.ts';

let db: Db;
let market: FakeMarket;
let engine: TradingEngine;
let acc: number;
let n = 0;

beforeEach(() => {
  db = memoryDb();
  market = new FakeMarket(MONDAY_10AM);
  engine = new TradingEngine(db, market, DEFAULT_FEES);
  acc = addUser(db, 1).demo;
  grantCash(db, acc, 10_000_000n, 'seed', market.clock);
});

const place = (p: Partial<PlaceInput>) =>
  engine.place({
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
  }).order;

const refusal = (p: Partial<PlaceInput>) => {
  try {
    place(p);
  } catch (err) {
    if (err instanceof AppError) return { key: err.key, params: err.params };
    throw err;
  }
  return null;
};

describe('placing orders', () => {
  it('requires whole lots of the instrument', () => {
    expect(refusal({ symbol: 'BBB', qty: '15' })).toEqual({
      key: 'trade.lotMultiple',
      params: { lot: '10' },
    });
    expect(place({ symbol: 'BBB', qty: '20' }).status).toBe('filled');
  });

  it('refuses market orders while PSX is closed but lets limit orders rest', () => {
    market.state = 'closed';
    expect(refusal({})?.key).toBe('trade.marketClosed');
    // even a marketable limit rests while closed
    const o = place({ type: 'limit', price: '10.75' });
    expect(o).toMatchObject({ status: 'pending', filledQty: 0n });
    expect(frozenOf(db, acc)).toBe(o.frozen);
  });

  it('fills a market order level by level and cancels what the book cannot fill', () => {
    const o = place({ qty: '400' });
    expect(o.filledQty).toBe(350n);
    expect(o.filledAmount).toBe(50n * 1001n + 100n * 1002n + 200n * 1005n);
    expect(o).toMatchObject({ status: 'cancelled', reason: 'trade.depthExhausted', frozen: 0n });
    expect(sharesOf(db, acc, 'AAA')).toEqual({ available: 0n, locked: 350n, frozen: 0n });
  });

  it('refuses a market order against an empty book', () => {
    market.stocks.get('CCC')!.asks = [];
    expect(refusal({ symbol: 'CCC' })?.key).toBe('trade.noLiquidity');
  });

  it('takes what a marketable limit can get at once and rests the rest with the exact reserve', () => {
    const o = place({ type: 'limit', price: '10.02', qty: '200' });
    expect(o).toMatchObject({ status: 'partial', filledQty: 150n });
    expect(frozenOf(db, acc)).toBe(o.frozen);
    engine.cancel(acc, o.id, market.clock);
    expect(frozenOf(db, acc)).toBe(0n);
    // cash = grant − (value + fees) of the 150 shares filled
    const fill = db
      .prepare('SELECT SUM(amount + fee) FROM stock_fills')
      .pluck()
      .safeIntegers(true)
      .get() as bigint;
    expect(cashOf(db, acc)).toBe(10_000_000n - fill);
  });

  it('previews the maximum whole lots the cash covers, fees included', () => {
    const p = previewOrder(db, market, DEFAULT_FEES, {
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

  it('refuses an index, an unknown symbol, and a real account without KYC', () => {
    expect(refusal({ symbol: 'KSE100' })?.key).toBe('trade.unlisted');
    expect(refusal({ symbol: 'ZZZ' })?.key).toBe('trade.unlisted');
    expect(refusal({ kycOk: false })?.key).toBe('trade.kycRequired');
  });
});

describe('self-checks', () => {
  it('pass on a busy book and report a tampered cached balance or frozen amount', () => {
    place({ qty: '30' });
    place({ type: 'limit', price: '9.50', qty: '10' });
    expect(ledgerSelfCheck(db).ok).toBe(true);
    expect(tradingSelfCheck(db).ok).toBe(true);
    db.prepare("UPDATE stock_orders SET frozen = frozen + 1 WHERE status = 'pending'").run();
    expect(tradingSelfCheck(db).problems.join()).toMatch(/frozen/);
    db.prepare("UPDATE ledger_balances SET amount = amount + 1 WHERE asset = 'PKR'").run();
    const report = ledgerSelfCheck(db);
    expect(report.ok).toBe(false);
    expect(report.differences.length).toBeGreaterThan(0);
  });
});

describe('the engine on the feed', () => {
  it('reports a failing matching pass instead of throwing into the feed', () => {
    let listener: ((tick: ReturnType<FakeMarket['tick']>) => void) | undefined;
    const errors: unknown[] = [];
    engine.attach({ subscribe: (l) => ((listener = l), () => undefined) }, (e) => errors.push(e));
    place({ type: 'limit', price: '9.50', qty: '10' });
    db.close();
    expect(() => listener!(market.tick({ AAA: [['9.50', '10']] }))).not.toThrow();
    expect(errors).toHaveLength(1);
    db = memoryDb();
  });
});
