// PSX limit orders are DAY orders: the PSX close (Asia/Karachi calendar) ends what is still open, on every
// account, releasing exactly what it froze and keeping its fills; an order placed after a close lives to the
// next close; a start after a missed close ends the old orders at once; PSX_ALWAYS_OPEN expires nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../server/db/database.ts';
import { MAX_WAIT_MS } from '../../../server/domain/trading/day-order-timer.ts';
import { ledgerSelfCheck } from '../../../server/domain/ledger/self-check.ts';
import { tradingSelfCheck } from '../../../server/domain/trading/consistency.ts';
import { EXPIRED_REASON, expiresAt, lastPsxClose } from '../../../server/domain/trading/day-orders.ts';
import { TradingEngine, type AccountChange } from '../../../server/domain/trading/engine.ts';
import { DEFAULT_FEES } from '../../../server/domain/trading/fees.ts';
import { orderById, type OrderRow } from '../../../server/domain/trading/orders-repo.ts';
import type { PlaceInput } from '../../../server/domain/trading/place-order.ts';
import { releaseDueLocks } from '../../../server/domain/trading/t-plus-one.ts';
import { cashOf, frozenOf, sharesOf } from '../../../server/domain/ledger/books.ts';
import { grantCash } from '../../../server/domain/ledger/post.ts';
import { FakeMarket } from './fake-market.ts';
import { addUser, rowsIn, tradingDb, type TradingDb } from './trading-db.ts';

/** Asia/Karachi wall time (UTC+5) as epoch ms. */
const pkt = (y: number, mo: number, d: number, h: number, mi = 0) => Date.UTC(y, mo - 1, d, h - 5, mi);
const FRI_10AM = pkt(2026, 11, 13, 10);
const MON_10AM = pkt(2026, 11, 16, 10);
const MON_CLOSE = pkt(2026, 11, 16, 15, 30);
const TUE_CLOSE = pkt(2026, 11, 17, 15, 30);

describe('the close that ends a DAY order', () => {
  it('is the first PSX close after the order was placed', async () => {
    expect(expiresAt(MON_10AM)).toBe(MON_CLOSE);
    expect(expiresAt(pkt(2026, 11, 16, 8))).toBe(MON_CLOSE); // before the pre-open: today's close
    expect(expiresAt(MON_CLOSE - 1)).toBe(MON_CLOSE);
    // at or after the close: the next trading day's
    expect(expiresAt(MON_CLOSE)).toBe(TUE_CLOSE);
    expect(expiresAt(pkt(2026, 11, 16, 20))).toBe(TUE_CLOSE);
    // Friday's prayer break is not a close; Friday closes at 16:30
    expect(expiresAt(pkt(2026, 11, 20, 13))).toBe(pkt(2026, 11, 20, 16, 30));
    // a weekend order lives to Monday's close
    expect(expiresAt(pkt(2026, 11, 21, 11))).toBe(MON_CLOSE + 7 * 86_400_000);
    // Sunday before Iqbal Day (Monday 9 November 2026, a PSX holiday): Tuesday's close
    expect(expiresAt(pkt(2026, 11, 8, 11))).toBe(pkt(2026, 11, 10, 15, 30));
  });

  it('lastPsxClose is the latest close at or before now', async () => {
    expect(lastPsxClose(MON_10AM)).toBe(pkt(2026, 11, 13, 16, 30)); // Friday's
    expect(lastPsxClose(MON_CLOSE)).toBe(MON_CLOSE);
    expect(lastPsxClose(MON_CLOSE - 1)).toBe(pkt(2026, 11, 13, 16, 30));
    expect(lastPsxClose(pkt(2026, 11, 20, 13))).toBe(pkt(2026, 11, 19, 15, 30)); // in Friday's break
  });
});

let tdb: TradingDb;
let db: Db;
let market: FakeMarket;
let engine: TradingEngine;
let demo: number;
let real: number;
let changes: AccountChange[];
let n = 0;

/** A demo buy limit of 100 AAA at 9.50 on `on` (the shared engine unless told), with `p` on top. */
const place = async (p: Partial<PlaceInput>, on: TradingEngine = engine): Promise<OrderRow> =>
  (
    await on.place({
      accountId: demo,
      kycOk: true,
      side: 'buy',
      type: 'limit',
      symbol: 'AAA',
      qty: '100',
      price: '9.50',
      clientOrderId: `d${++n}`,
      now: market.clock,
      ...p,
    })
  ).order;

const journals = () => rowsIn(db, 'ledger_journals');
const selfChecks = async () => {
  expect((await ledgerSelfCheck(db)).ok).toBe(true);
  expect((await tradingSelfCheck(db)).problems).toEqual([]);
};
const at = async (ts: number) => {
  market.clock = ts;
  await engine.onTick(market.tick({}));
};

afterEach(async () => tdb.close());
beforeEach(async () => {
  tdb = await tradingDb();
  db = tdb.db;
  market = new FakeMarket(FRI_10AM);
  engine = new TradingEngine(db, market, DEFAULT_FEES);
  changes = [];
  engine.onChange((c) => changes.push(c));
  ({ demo, real } = await addUser(db, 1));
  await grantCash(db, demo, 10_000_000n, 'seed-demo', market.clock);
  await grantCash(db, real, 10_000_000n, 'seed-real', market.clock);
  // 300 AAA bought on Friday, sellable on Monday (T+1)
  expect((await place({ type: 'market', qty: '300', price: undefined })).status).toBe('filled');
  market.clock = MON_10AM;
  await releaseDueLocks(db, null, market.clock);
  expect(await sharesOf(db, demo, 'AAA')).toEqual({ available: 300n, locked: 0n, frozen: 0n });
});

describe('the PSX close', () => {
  it('ends a resting buy and a partially filled sell: cancelled, expired, frozen released exactly', async () => {
    const cash0 = await cashOf(db, demo);
    const buy = await place({});
    const realBuy = await place({ accountId: real, price: '9.60' });
    const sell = await place({ side: 'sell', qty: '200', price: '10.50' });
    expect(buy.status).toBe('pending');
    expect(await frozenOf(db, demo)).toBe(buy.frozen);
    // a print at the sell's limit fills 80 of its 200
    await engine.onTick(market.tick({ AAA: [['10.50', '80']] }));
    const partial = (await orderById(db, sell.id))!;
    expect(partial).toMatchObject({ status: 'partial', filledQty: 80n, frozen: 120n });
    const cashAfterFill = await cashOf(db, demo);
    expect(cashAfterFill).toBeGreaterThan(cash0 - buy.frozen);
    expect(await sharesOf(db, demo, 'AAA')).toEqual({ available: 100n, locked: 0n, frozen: 120n });
    changes = [];

    await at(MON_CLOSE - 1); // the last step of the session changes nothing
    expect(changes).toEqual([]);
    await at(MON_CLOSE);

    const b = (await orderById(db, buy.id))!;
    const s = (await orderById(db, sell.id))!;
    const r = (await orderById(db, realBuy.id))!;
    for (const o of [b, s, r])
      expect(o).toMatchObject({ status: 'cancelled', reason: EXPIRED_REASON, frozen: 0n });
    expect(b.filledQty).toBe(0n);
    // the fills the sell had stay: 80 sold, the 120 unsold shares are sellable again
    expect(s).toMatchObject({ filledQty: 80n, filledAmount: 80n * 1050n, fees: partial.fees });
    expect(await sharesOf(db, demo, 'AAA')).toEqual({ available: 220n, locked: 0n, frozen: 0n });
    // the buy's whole reservation is back: cash is what it was after the sell's fill plus the frozen amount
    expect(await frozenOf(db, demo)).toBe(0n);
    expect(await cashOf(db, demo)).toBe(cashAfterFill + buy.frozen);
    expect(await frozenOf(db, real)).toBe(0n);
    expect(await cashOf(db, real)).toBe(10_000_000n);
    // the ledger release is one trade_release journal per order holding something
    const releases = (
      await db
        .selectFrom('ledger_journals')
        .select('ref')
        .where('kind', '=', 'trade_release')
        .orderBy('ref')
        .execute()
    ).map((r) => r.ref);
    expect(releases).toEqual([`order:${buy.id}`, `order:${realBuy.id}`, `order:${sell.id}`].sort());
    await selfChecks();
    // listeners hear each account's ended orders, as after a cancel
    const byAccount = new Map(changes.map((c) => [c.accountId, c.orders.map((o) => o.id).sort()]));
    expect(byAccount.get(demo)).toEqual([buy.id, sell.id].sort());
    expect(byAccount.get(real)).toEqual([realBuy.id]);
    expect(changes.flatMap((c) => c.orders).every((o) => o.status === 'cancelled')).toBe(true);
  });

  it('is idempotent, and spares an order placed after it until the next close', async () => {
    const before = await place({});
    await at(MON_CLOSE);
    expect((await orderById(db, before.id))!.status).toBe('cancelled');

    market.clock = pkt(2026, 11, 16, 16);
    market.state = 'closed'; // limit orders are still accepted while PSX is closed; they rest
    const next = await place({});
    expect(next.status).toBe('pending');
    const j = await journals();
    changes = [];
    await at(pkt(2026, 11, 16, 16, 5));
    await at(pkt(2026, 11, 16, 16, 5) + 60_001); // a release pass looks again
    expect(await engine.expireDue(market.clock)).toEqual([]);
    expect((await orderById(db, next.id))!.status).toBe('pending');
    expect(await journals()).toBe(j);
    expect(changes).toEqual([]);

    await at(TUE_CLOSE);
    expect(await orderById(db, next.id)).toMatchObject({
      status: 'cancelled',
      reason: EXPIRED_REASON,
      frozen: 0n,
    });
    expect(await frozenOf(db, demo)).toBe(0n);
    await selfChecks();
  });

  it('ends before matching: a print on the closing step does not fill an expired order', async () => {
    const buy = await place({ price: '10.00' });
    market.clock = MON_CLOSE + 1_000;
    await engine.onTick(market.tick({ AAA: [['9.90', '100']] }));
    expect(await orderById(db, buy.id)).toMatchObject({
      status: 'cancelled',
      filledQty: 0n,
      reason: EXPIRED_REASON,
    });
  });

  it('a start after a missed close ends the old orders at once, before any feed step', async () => {
    const buy = await place({});
    const sell = await place({ side: 'sell', qty: '100', price: '10.50' });
    // the server was down over Monday's close; it starts on Tuesday morning
    market.clock = pkt(2026, 11, 17, 9);
    const restarted = new TradingEngine(db, market, DEFAULT_FEES);
    const heard: AccountChange[] = [];
    restarted.onChange((c) => heard.push(c));
    let steps = 0;
    const errors: unknown[] = [];
    const detach = await restarted.attach({ subscribe: () => () => steps++ }, (err) => errors.push(err));
    expect(errors).toEqual([]);
    expect(steps).toBe(0);
    for (const id of [buy.id, sell.id])
      expect(await orderById(db, id)).toMatchObject({ status: 'cancelled', reason: EXPIRED_REASON });
    expect(heard.flatMap((c) => c.orders.map((o) => o.id)).sort()).toEqual([buy.id, sell.id].sort());
    expect((await sharesOf(db, demo, 'AAA')).frozen).toBe(0n);
    await selfChecks();
    detach();
  });

  it('never comes while PSX_ALWAYS_OPEN keeps the market open', async () => {
    const open = new TradingEngine(db, market, DEFAULT_FEES, undefined, { psxAlwaysOpen: true });
    const buy = await place({}, open);
    market.clock = TUE_CLOSE + 3_600_000;
    await open.onTick(market.tick({}));
    expect(await open.expireDue(market.clock)).toEqual([]);
    expect((await orderById(db, buy.id))!.status).toBe('pending');
    // without the switch (a real close has happened) the same order ends
    expect((await engine.expireDue(market.clock)).map((o) => o.id)).toEqual([buy.id]);
    await selfChecks();
  });
});

describe("engine.expireIfDue (the close timer's call)", () => {
  it('ends the orders of a new close once; a failed pass leaves the close due', async () => {
    market.clock = MON_CLOSE - 3_600_000;
    const buy = await place({});
    expect(buy.status).toBe('pending');
    changes = [];

    expect(await engine.expireIfDue(MON_CLOSE - 1)).toEqual([]);
    const failing = vi.spyOn(db, 'transaction').mockImplementationOnce(() => {
      throw new Error('database is locked');
    });
    await expect(engine.expireIfDue(MON_CLOSE)).rejects.toThrow('database is locked');
    failing.mockRestore();
    expect((await orderById(db, buy.id))!.status).toBe('pending');

    expect((await engine.expireIfDue(MON_CLOSE + MAX_WAIT_MS)).map((o) => o.id)).toEqual([buy.id]);
    expect(await orderById(db, buy.id)).toMatchObject({
      status: 'cancelled',
      reason: EXPIRED_REASON,
      frozen: 0n,
    });
    expect(await frozenOf(db, demo)).toBe(0n);
    const spy = vi.spyOn(db, 'transaction');
    expect(await engine.expireIfDue(MON_CLOSE + 2 * MAX_WAIT_MS)).toEqual([]);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(changes.map((c) => c.orders.map((o) => o.id))).toEqual([[buy.id]]);
    await selfChecks();
  });
});
