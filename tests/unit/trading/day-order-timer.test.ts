// The close timer of DAY orders: it wakes at the next PSX close (Asia/Karachi calendar) and at least once a
// minute, keeps running after a failing pass (reported, retried on the next wake), and stops when told (its
// stop waits for a pass in progress). The engine's side (expireIfDue) is tested on a database in
// tests/server/trading/day-orders.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_WAIT_MS, startDayOrderTimer } from '../../../server/domain/trading/day-order-timer.ts';

/** Asia/Karachi wall time (UTC+5) as epoch ms. */
const pkt = (d: number, h: number, mi = 0) => Date.UTC(2026, 10, d, h - 5, mi);
const MON_CLOSE = pkt(16, 15, 30);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
});
afterEach(() => vi.useRealTimers());

describe('startDayOrderTimer', () => {
  it('wakes exactly at the close, and once a minute otherwise', async () => {
    vi.setSystemTime(MON_CLOSE - 90_000);
    const calls: number[] = [];
    const target = { expireIfDue: async (now: number) => calls.push(now) };
    const stop = startDayOrderTimer(target, Date.now, () => undefined);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(calls).toEqual([MON_CLOSE - 30_000, MON_CLOSE]);
    await vi.advanceTimersByTimeAsync(2 * MAX_WAIT_MS);
    expect(calls.slice(2)).toEqual([MON_CLOSE + MAX_WAIT_MS, MON_CLOSE + 2 * MAX_WAIT_MS]);
    await stop();
    await vi.advanceTimersByTimeAsync(10 * MAX_WAIT_MS);
    expect(calls).toHaveLength(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports a failing pass and tries again on the next wake', async () => {
    vi.setSystemTime(MON_CLOSE - 1_000);
    const errors: unknown[] = [];
    let tries = 0;
    const target = {
      expireIfDue: async () => {
        tries += 1;
        if (tries === 1) throw new Error('database is locked');
      },
    };
    const stop = startDayOrderTimer(target, Date.now, (err) => errors.push(err));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tries).toBe(1);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS);
    expect(tries).toBe(2);
    expect(errors).toHaveLength(1);
    await stop();
  });

  it('arms the next wake only once a slow pass has ended, and its stop waits for that pass', async () => {
    vi.setSystemTime(MON_CLOSE - 1_000);
    let finish!: () => void;
    let started = 0;
    const target = {
      expireIfDue: () => {
        started += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    };
    const stop = startDayOrderTimer(target, Date.now, () => undefined);
    await vi.advanceTimersByTimeAsync(1_000 + 5 * MAX_WAIT_MS);
    expect(started).toBe(1);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(vi.getTimerCount()).toBe(0);
  });
});
