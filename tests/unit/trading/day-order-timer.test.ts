// The close timer of DAY orders: it wakes at the next PSX close (Asia/Karachi calendar) and at least once a
// minute, keeps running after a failing pass (reported, retried on the next wake), and stops when told. The
// engine's expireIfDue ends a close's orders once, and a pass that failed leaves the close due.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_WAIT_MS, startDayOrderTimer } from '../../../server/domain/trading/day-order-timer.ts';
import { EXPIRED_REASON } from '../../../server/domain/trading/day-orders.ts';
import { TradingEngine, type AccountChange } from '../../../server/domain/trading/engine.ts';
import { DEFAULT_FEES } from '../../../server/domain/trading/fees.ts';
import { orderById } from '../../../server/domain/trading/orders-repo.ts';
import { cashOf, grantCash } from '../../../server/domain/trading/trade-ledger.ts';
import { FakeMarket } from './fake-market.ts';
import { addUser, memoryDb } from './trading-db.ts';

/** Asia/Karachi wall time (UTC+5) as epoch ms. */
const pkt = (d: number, h: number, mi = 0) => Date.UTC(2026, 10, d, h - 5, mi);
const MON_CLOSE = pkt(16, 15, 30);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
});
afterEach(() => vi.useRealTimers());

describe('startDayOrderTimer', () => {
  it('wakes exactly at the close, and once a minute otherwise', () => {
    vi.setSystemTime(MON_CLOSE - 90_000);
    const calls: number[] = [];
    const stop = startDayOrderTimer({ expireIfDue: (now) => calls.push(now) }, Date.now, () => undefined);
    vi.advanceTimersByTime(90_000);
    expect(calls).toEqual([MON_CLOSE - 30_000, MON_CLOSE]);
    vi.advanceTimersByTime(2 * MAX_WAIT_MS);
    expect(calls.slice(2)).toEqual([MON_CLOSE + MAX_WAIT_MS, MON_CLOSE + 2 * MAX_WAIT_MS]);
    stop();
    vi.advanceTimersByTime(10 * MAX_WAIT_MS);
    expect(calls).toHaveLength(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports a failing pass and tries again on the next wake', () => {
    vi.setSystemTime(MON_CLOSE - 1_000);
    const errors: unknown[] = [];
    let tries = 0;
    const target = {
      expireIfDue: () => {
        tries += 1;
        if (tries === 1) throw new Error('database is locked');
      },
    };
    const stop = startDayOrderTimer(target, Date.now, (err) => errors.push(err));
    vi.advanceTimersByTime(1_000);
    expect(tries).toBe(1);
    expect(errors).toHaveLength(1);
    vi.advanceTimersByTime(MAX_WAIT_MS);
    expect(tries).toBe(2);
    expect(errors).toHaveLength(1);
    stop();
  });
});

describe('engine.expireIfDue', () => {
  it('ends the orders of a new close once; a failed pass leaves the close due', () => {
    const db = memoryDb();
    const market = new FakeMarket(MON_CLOSE - 3_600_000);
    const engine = new TradingEngine(db, market, DEFAULT_FEES);
    const { demo } = addUser(db, 1);
    grantCash(db, demo, 10_000_000n, 'seed-demo', market.clock);
    const changes: AccountChange[] = [];
    engine.onChange((c) => changes.push(c));
    const base = { accountId: demo, kycOk: true, symbol: 'AAA', qty: '100', now: market.clock } as const;
    const buy = engine.place({
      ...base,
      side: 'buy',
      type: 'limit',
      price: '9.50',
      clientOrderId: 'x1',
    }).order;
    expect(buy.status).toBe('pending');
    changes.length = 0;

    expect(engine.expireIfDue(MON_CLOSE - 1)).toEqual([]);
    const failing = vi.spyOn(db, 'transaction').mockImplementationOnce(() => {
      throw new Error('database is locked');
    });
    expect(() => engine.expireIfDue(MON_CLOSE)).toThrow('database is locked');
    failing.mockRestore();
    expect(orderById(db, buy.id)!.status).toBe('pending');

    expect(engine.expireIfDue(MON_CLOSE + MAX_WAIT_MS).map((o) => o.id)).toEqual([buy.id]);
    expect(orderById(db, buy.id)).toMatchObject({ status: 'cancelled', reason: EXPIRED_REASON, frozen: 0n });
    expect(cashOf(db, demo)).toBe(10_000_000n);
    const spy = vi.spyOn(db, 'transaction');
    expect(engine.expireIfDue(MON_CLOSE + 2 * MAX_WAIT_MS)).toEqual([]);
    expect(spy).not.toHaveBeenCalled();
    expect(changes.map((c) => c.orders.map((o) => o.id))).toEqual([[buy.id]]);
  });
});
