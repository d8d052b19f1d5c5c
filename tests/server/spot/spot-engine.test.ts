// Spot orders on a fake market with fixed books (domain level): market orders walking levels, budgets,
// resting limits filled by prints as maker, post-only and IOC, cancels, fees in the asset received, and the
// ledger and spot self-checks after each.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/database.ts';
import { AppError } from '../../../server/errors.ts';
import { moneyOf } from '../../../server/domain/ledger/books.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { postRecord } from '../../../server/domain/ledger/post.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import type { AccountChange } from '../../../server/domain/trading/engine.ts';
import { SpotEngine } from '../../../server/domain/spot/spot-engine.ts';
import type { SpotPlaceInput } from '../../../server/domain/spot/place-spot-order.ts';
import { MONDAY_10AM } from '../trading/fake-market.ts';
import { addUser, tradingDb, type TradingDb } from '../trading/trading-db.ts';
import { FakeCryptoMarket } from './fake-crypto.ts';

let tdb: TradingDb;
let db: Db;
let market: FakeCryptoMarket;
let engine: SpotEngine;
let acc: number;
let n = 0;

async function grant(accountId: number, asset: string, amount: bigint): Promise<void> {
  await postRecord(db, {
    kind: 'test_grant',
    ref: `grant:${++n}`,
    accountId,
    now: market.clock,
    legs: [
      { system: 'test_funding', asset, amount: -amount },
      { accountId, book: 'cash', asset, amount },
    ],
  });
}

afterEach(async () => tdb.close());
beforeEach(async () => {
  tdb = await tradingDb();
  db = tdb.db;
  market = new FakeCryptoMarket(MONDAY_10AM);
  engine = new SpotEngine(db, market);
  acc = (await addUser(db, 1)).demo;
  await grant(acc, 'USDT', 10_000_000000n);
});

const place = async (p: Partial<SpotPlaceInput>) =>
  (
    await engine.place({
      accountId: acc,
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      tif: undefined,
      price: undefined,
      qty: '0.02',
      quoteQty: undefined,
      clientOrderId: `c${++n}`,
      now: market.clock,
      ...p,
    })
  ).order;

const refusal = async (p: Partial<SpotPlaceInput>) => {
  try {
    await place(p);
  } catch (err) {
    if (err instanceof AppError) return { key: err.key, params: err.params };
    throw err;
  }
  return null;
};

async function checks(): Promise<void> {
  const l = await ledgerSelfCheck(db);
  expect(l.differences).toEqual([]);
  expect(l.unbalancedJournals).toEqual([]);
  expect(l.negativeUserBalances).toEqual([]);
  expect((await tradingSelfCheck(db)).problems).toEqual([]);
}

describe('spot market orders', () => {
  it('walks the asks and takes the fee in the coin received', async () => {
    const o = await place({});
    // 0.01 @ 100000 + 0.01 @ 100010 = 2000.10 USDT; fee 0.1 % of 0.02 BTC = 0.00002 BTC (per fill: 1 + 1 lot)
    expect(o).toMatchObject({ status: 'filled', filledQty: 2000n, filledQuote: 2000_100000n, fee: 2n });
    expect((await moneyOf(db, acc, 'USDT')).available).toBe(10_000_000000n - 2000_100000n);
    expect((await moneyOf(db, acc, 'BTC')).available).toBe(1998n);
    await checks();
  });

  it('cancels what the book cannot fill', async () => {
    const o = await place({ qty: '1' });
    expect(o).toMatchObject({ status: 'cancelled', reason: 'spot.depthExhausted', filledQty: 6000n });
    await checks();
  });

  it('spends a USDT budget without going over it', async () => {
    const o = await place({ qty: undefined, quoteQty: '1500' });
    // 0.01 @ 100000 = 1000; 500 left buys 0.00499 @ 100010 = 499.0499
    expect(o).toMatchObject({ status: 'filled', filledQty: 1499n, filledQuote: 1499_049900n });
    expect((await moneyOf(db, acc, 'USDT')).available).toBe(10_000_000000n - 1499_049900n);
    await checks();
  });

  it('sells into the bids, the fee in USDT', async () => {
    await grant(acc, 'BTC', 1000n);
    const o = await place({ side: 'sell', qty: '0.01' });
    // 0.01 @ 99990 = 999.90 USDT, fee 0.99990
    expect(o).toMatchObject({ status: 'filled', filledQuote: 999_900000n, fee: 999900n });
    expect((await moneyOf(db, acc, 'USDT')).available).toBe(10_000_000000n + 999_900000n - 999900n);
    expect((await moneyOf(db, acc, 'BTC')).available).toBe(0n);
    await checks();
  });

  it('refuses bad orders, changing nothing', async () => {
    expect(await refusal({ symbol: 'XYZUSDT' })).toMatchObject({ key: 'spot.unlisted' });
    expect(await refusal({ symbol: 'AAA' })).toMatchObject({ key: 'spot.unlisted' });
    expect(await refusal({ qty: '0.000001' })).toEqual({ key: 'spot.qtyLot', params: { lot: '0.00001' } });
    expect(await refusal({ type: 'limit', price: '99000.001', qty: '0.01' })).toEqual({
      key: 'spot.priceTick',
      params: { tick: '0.01' },
    });
    expect(await refusal({ qty: '0.00001' })).toMatchObject({ key: 'spot.minNotional' });
    expect(await refusal({ symbol: 'DOGEUSDT', type: 'limit', price: '0.19', qty: '26' })).toMatchObject({
      key: 'spot.minNotional',
    });
    expect(await refusal({ qty: '0.06', side: 'sell' })).toMatchObject({ key: 'spot.insufficient' });
    expect(await refusal({ type: 'limit', price: '90000', qty: '0.2' })).toMatchObject({
      key: 'spot.insufficient',
    });
    expect(await refusal({ quoteQty: '100' })).toMatchObject({ key: 'spot.qtyOrQuote' });
    expect(await refusal({ side: 'sell', qty: undefined, quoteQty: '100' })).toMatchObject({
      key: 'spot.quoteQtyBuyOnly',
    });
    expect(await refusal({ tif: 'POST_ONLY' })).toMatchObject({ key: 'spot.postOnlyLimit' });
    expect(await db.selectFrom('spot_orders').selectAll().execute()).toEqual([]);
    expect((await moneyOf(db, acc, 'USDT')).available).toBe(10_000_000000n);
  });
});

describe('spot limit orders', () => {
  it('rest with USDT frozen, fill on crossing prints as maker, and cancel releasing the rest', async () => {
    const heard: AccountChange[] = [];
    engine.onChange((c) => heard.push(c));
    const o = await place({ type: 'limit', price: '99000', qty: '0.01' });
    expect(o).toMatchObject({ status: 'pending', frozen: 990_000000n });
    expect(await moneyOf(db, acc, 'USDT')).toMatchObject({ frozen: 990_000000n });
    await engine.onTick(market.cryptoTick({ BTCUSDT: [['99500.00', '0.005']] }));
    await engine.onTick(market.cryptoTick({ BTCUSDT: [['98900.00', '0.004']] }));
    const [row] = await db.selectFrom('spot_orders').selectAll().execute();
    expect(row).toMatchObject({ status: 'partial', filled_qty: 400n, frozen: 990_000000n - 395_600000n });
    const fills = await db.selectFrom('spot_fills').selectAll().execute();
    expect(fills).toMatchObject([{ maker: 1, qty: 400n, price: 9890000n, amount: 395_600000n }]);
    await checks();
    const c = await engine.cancel(acc, o.id, market.clock);
    expect(c).toMatchObject({ status: 'cancelled', frozen: 0n });
    expect((await moneyOf(db, acc, 'USDT')).frozen).toBe(0n);
    expect((await moneyOf(db, acc, 'BTC')).available).toBe(400n);
    await expect(engine.cancel(acc, o.id, market.clock)).rejects.toMatchObject({ key: 'spot.orderNotOpen' });
    const other = (await addUser(db, 2)).demo;
    await expect(engine.cancel(other, o.id, market.clock)).rejects.toMatchObject({
      key: 'spot.orderNotFound',
    });
    expect(heard.map((h) => h.spot?.[0]?.status)).toEqual(['pending', 'partial', 'cancelled']);
    await checks();
  });

  it('a sell rests with the coin frozen and fills at the print, fee in USDT', async () => {
    await grant(acc, 'BTC', 1000n);
    const o = await place({ side: 'sell', type: 'limit', price: '101000', qty: '0.01' });
    expect(await moneyOf(db, acc, 'BTC')).toMatchObject({ available: 0n, frozen: 1000n });
    await engine.onTick(market.cryptoTick({ BTCUSDT: [['101500.00', '0.02']] }));
    const [row] = await db.selectFrom('spot_orders').selectAll().where('id', '=', o.id).execute();
    // maker fill at the print's price: 1015 USDT, fee 1.015
    expect(row).toMatchObject({ status: 'filled', filled_quote: 1015_000000n, fee: 1_015000n, frozen: 0n });
    expect((await moneyOf(db, acc, 'USDT')).available).toBe(10_000_000000n + 1015_000000n - 1_015000n);
    await checks();
  });

  it('takes what the book offers at the limit at once, then rests (GTC) or is cut (IOC)', async () => {
    const gtc = await place({ type: 'limit', price: '100000', qty: '0.02' });
    expect(gtc).toMatchObject({ status: 'partial', filledQty: 1000n, frozen: 1000_000000n });
    const ioc = await place({ type: 'limit', tif: 'IOC', price: '100005', qty: '0.02' });
    expect(ioc).toMatchObject({
      status: 'cancelled',
      reason: 'spot.iocCancelled',
      filledQty: 1000n,
      frozen: 0n,
    });
    await checks();
  });

  it('post-only rests when it would not take and is refused when it would', async () => {
    expect(await refusal({ type: 'limit', tif: 'POST_ONLY', price: '100000', qty: '0.01' })).toMatchObject({
      key: 'spot.postOnlyWouldTake',
    });
    const o = await place({ type: 'limit', tif: 'POST_ONLY', price: '99999.99', qty: '0.01' });
    expect(o).toMatchObject({ status: 'pending', filledQty: 0n });
    await checks();
  });

  it('a repeated clientOrderId is the same order; a different order with it is refused', async () => {
    const a = await place({ type: 'limit', price: '99000', qty: '0.01', clientOrderId: 'same-id-1' });
    const b = await place({ type: 'limit', price: '99000', qty: '0.01', clientOrderId: 'same-id-1' });
    expect(b.id).toBe(a.id);
    expect(
      await refusal({ type: 'limit', price: '98000', qty: '0.01', clientOrderId: 'same-id-1' }),
    ).toMatchObject({
      key: 'spot.clientOrderIdUsed',
    });
    const many = await Promise.all(
      Array.from({ length: 100 }, () =>
        place({ type: 'limit', price: '98000', qty: '0.01', clientOrderId: 'burst-id-1' }),
      ),
    );
    expect(new Set(many.map((o) => o.id)).size).toBe(1);
    expect((await moneyOf(db, acc, 'USDT')).frozen).toBe(990_000000n + 980_000000n);
    await checks();
  });
});
