// The VIP signals' rules and their measured records on recorded bar series (server/domain/vip/signals.ts),
// and the membership's states and expiry (vip-status.ts).
import { describe, expect, it } from 'vitest';
import {
  adviceAt,
  adviceRecord,
  breakoutRecord,
  figures,
  moveBps,
  rsiTenths,
  type AdviceRule,
  type DayBar,
} from '../../../server/domain/vip/signals.ts';
import { DAY_MS, daysLeft, extendPeriod, vipState } from '../../../server/domain/vip/vip-status.ts';

const T0 = Date.UTC(2026, 0, 5);
/** Daily bars from closes: open = previous close, high/low = the two ± `wick`. */
function barsOf(closes: readonly number[], wick = 0): DayBar[] {
  return closes.map((c, i) => {
    const o = i === 0 ? c : closes[i - 1]!;
    return { t: T0 + i * DAY_MS, o, h: Math.max(o, c) + wick, l: Math.min(o, c) - wick, c };
  });
}
const ramp = (from: number, step: number, n: number) => Array.from({ length: n }, (_, i) => from + i * step);

describe('advice rule (SMA20/50 + RSI14)', () => {
  it('needs 50 closes', () => {
    const closes = ramp(1000, 1, 60);
    expect(adviceAt(closes, 48)).toBeNull();
    expect(adviceAt(closes, 49)).not.toBeNull();
  });

  it('a steady rise is overbought (RSI 100): hold, not buy; a rise with pullbacks is buy', () => {
    expect(adviceAt(ramp(1000, 5, 60), 59)).toBe('hold');
    // +10, -6 alternating: up trend, RSI = 100·(7·10)/(7·10 + 7·6) ≈ 62.5
    const zig = [1000];
    for (let i = 1; i < 60; i++) zig.push(zig[i - 1]! + (i % 2 ? 10 : -6));
    expect(rsiTenths(zig, 59, 14)).toBe(625);
    expect(adviceAt(zig, 59)).toBe('buy');
  });

  it('a fall with bounces is sell; a steady fall is oversold: hold', () => {
    const zag = [5000];
    for (let i = 1; i < 60; i++) zag.push(zag[i - 1]! + (i % 2 ? -10 : 6));
    expect(adviceAt(zag, 59)).toBe('sell');
    expect(adviceAt(ramp(5000, -5, 60), 59)).toBe('hold');
  });

  it('a flat price holds (RSI 50)', () => {
    const flat = Array.from({ length: 60 }, () => 1000);
    expect(rsiTenths(flat, 59, 14)).toBe(500);
    expect(adviceAt(flat, 59)).toBe('hold');
  });

  it('measures each turn to buy or sell over the horizon, in the signal’s direction', () => {
    // small periods so the series is readable: fast 2, slow 3, RSI 2, bounds 101/-1 (never binding)
    const r: AdviceRule = { fast: 2, slow: 3, rsiDays: 2, overbought: 101, oversold: -1, horizon: 2 };
    const closes = [100, 100, 100, 110, 120, 115, 100, 90, 95, 100];
    // the advice day by day (checked by hand: 2-day against 3-day average of the close)
    const bars = barsOf(closes);
    const rec = adviceRecord(bars, r);
    const seen: Array<[number, string]> = [];
    for (let i = 2; i < closes.length; i++) seen.push([i, adviceAt(closes, i, r)!]);
    expect(seen).toEqual([
      [2, 'hold'],
      [3, 'buy'],
      [4, 'buy'],
      [5, 'buy'],
      [6, 'sell'],
      [7, 'sell'],
      [8, 'sell'],
      [9, 'buy'],
    ]);
    // buy at 3 (110 → 115 two days later: +454.5 bps → 455), sell at 6 (100 → 95: a fall of 5 % = +500);
    // the buy at 9 has no outcome yet
    expect(rec.moves).toEqual([455, 500]);
    expect(rec.since).toBe(T0);
    expect(rec.until).toBe(T0 + 9 * DAY_MS);
    expect(figures(rec.moves)).toEqual({
      signals: 2,
      hits: 2,
      hitRatePct: '100.00',
      avgMovePct: '4.78',
      worstMovePct: '4.55',
    });
  });
});

describe('breakout rule (20-day high, 10-day-low stop)', () => {
  it('exits at the horizon close, at the stop, or at a gap open below the stop', () => {
    const base = Array.from({ length: 20 }, () => 1000);
    // day 20 closes at 1050 above the 20-day high (1000 + wick 5): entry 1050, stop = 10-day low 995
    const win = barsOf([...base, 1050, 1060, 1070, 1080, 1090, 1100, 1110, 1120, 1130, 1140, 1150], 5);
    const w = breakoutRecord(win);
    expect(w.moves).toEqual([moveBps(1050, 1150)]);
    expect(w.moves).toEqual([952]);
    expect(w.live).toBeNull();

    const stopped = barsOf([...base, 1050, 1020, 990, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000], 5);
    // day 22: low 985 ≤ 995, opened at 1020 (above): exit at the stop 995
    expect(breakoutRecord(stopped).moves[0]).toBe(moveBps(1050, 995));

    const gap = barsOf([...base, 1050, 1040], 5);
    gap.push({ t: T0 + 22 * DAY_MS, o: 950, h: 960, l: 940, c: 955 });
    for (let k = 0; k < 10; k++) gap.push({ t: T0 + (23 + k) * DAY_MS, o: 955, h: 960, l: 950, c: 955 });
    expect(breakoutRecord(gap).moves[0]).toBe(moveBps(1050, 950));
  });

  it('reports a breakout whose horizon has not ended as live, not in the record', () => {
    const base = Array.from({ length: 20 }, () => 1000);
    const bars = barsOf([...base, 1050, 1060, 1070], 5);
    const r = breakoutRecord(bars);
    expect(r.moves).toEqual([]);
    expect(r.live).toEqual({ index: 20, entry: 1050, stop: 995, daysLeft: 8 });
    expect(figures(r.moves)).toEqual({
      signals: 0,
      hits: 0,
      hitRatePct: '',
      avgMovePct: '',
      worstMovePct: '',
    });
  });

  it('figures: a loss is the worst move, rounding half-up', () => {
    expect(figures([100, -250, 3])).toEqual({
      signals: 3,
      hits: 2,
      hitRatePct: '66.67',
      avgMovePct: '-0.49',
      worstMovePct: '-2.50',
    });
  });
});

describe('membership state and expiry', () => {
  const now = T0 + 1000;
  it('none, trial, active, expired_trial, expired from the row and the clock', () => {
    const none = { kind: null, startedAt: null, expiresAt: null, trialUsed: false };
    expect(vipState(none, now)).toBe('none');
    const trial = { kind: 'trial' as const, startedAt: T0, expiresAt: T0 + 7 * DAY_MS, trialUsed: true };
    expect(vipState(trial, now)).toBe('trial');
    expect(daysLeft(trial, now)).toBe(7);
    expect(vipState(trial, T0 + 7 * DAY_MS)).toBe('expired_trial');
    expect(daysLeft(trial, T0 + 7 * DAY_MS)).toBe(0);
    const paid = { ...trial, kind: 'paid' as const };
    expect(vipState(paid, now)).toBe('active');
    expect(vipState(paid, T0 + 8 * DAY_MS)).toBe('expired');
    expect(daysLeft(paid, T0 + 7 * DAY_MS - 3_600_000)).toBe(1);
  });

  it('a purchase extends from a running expiry, otherwise from now', () => {
    const running = { kind: 'trial' as const, startedAt: T0, expiresAt: T0 + 2 * DAY_MS, trialUsed: true };
    expect(extendPeriod(running, 30, now)).toEqual({
      startsAt: T0 + 2 * DAY_MS,
      expiresAt: T0 + 32 * DAY_MS,
    });
    expect(extendPeriod(running, 30, T0 + 3 * DAY_MS)).toEqual({
      startsAt: T0 + 3 * DAY_MS,
      expiresAt: T0 + 33 * DAY_MS,
    });
  });
});
