// Pure matching rules: walking book levels (with a limit, with depth running out), crossing prints, T+1 days.
import { describe, expect, it } from 'vitest';
import { crosses, sumFills, toLevels, walkBook } from '../../../server/domain/trading/book-walk.ts';
import {
  previousTradingDays,
  recentTradingDaysStart,
  unlockAt,
} from '../../../server/domain/trading/t-plus-one.ts';
import { purchaseWindows } from '../../../server/domain/trading/views.ts';

const asks = toLevels([
  ['10.01', '50'],
  ['10.02', '100'],
  ['bad', '1'],
  ['10.05', '200'],
]);

describe('walkBook', () => {
  it('takes levels best first until the quantity is met', () => {
    const fills = walkBook('buy', asks, 120n);
    expect(fills).toEqual([
      { price: 1001n, qty: 50n },
      { price: 1002n, qty: 70n },
    ]);
    expect(sumFills(fills)).toEqual({ qty: 120n, amount: 50n * 1001n + 70n * 1002n });
  });
  it('returns less than asked when the depth runs out', () => {
    expect(sumFills(walkBook('buy', asks, 1000n)).qty).toBe(350n);
  });
  it('stops at the limit price', () => {
    expect(sumFills(walkBook('buy', asks, 1000n, 1002n)).qty).toBe(150n);
    const bids = toLevels([
      ['9.99', '10'],
      ['9.90', '10'],
    ]);
    expect(walkBook('sell', bids, 100n, 995n)).toEqual([{ price: 999n, qty: 10n }]);
  });
});

describe('crosses', () => {
  it('fills a buy at or below its limit and a sell at or above it', () => {
    expect(crosses('buy', 1000n, 1000n)).toBe(true);
    expect(crosses('buy', 1000n, 1001n)).toBe(false);
    expect(crosses('sell', 1000n, 999n)).toBe(false);
    expect(crosses('sell', 1000n, 1005n)).toBe(true);
  });
});

describe('T+1 on the PSX calendar', () => {
  const pkt = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h - 5);
  it('unlocks at the start of the next trading day', () => {
    expect(unlockAt(pkt(2026, 11, 16, 11))).toBe(pkt(2026, 11, 17)); // Mon → Tue
    expect(unlockAt(pkt(2026, 11, 20, 15))).toBe(pkt(2026, 11, 23)); // Fri → Mon
    expect(unlockAt(pkt(2026, 11, 6, 10))).toBe(pkt(2026, 11, 10)); // Fri → Tue (9 Nov Iqbal Day)
    expect(unlockAt(pkt(2026, 11, 21, 10))).toBe(pkt(2026, 11, 23)); // Sat (always-open demo) → Mon
  });
  it('finds the start of the last n trading days', () => {
    expect(recentTradingDaysStart(pkt(2026, 11, 17, 12), 1)).toBe(pkt(2026, 11, 17));
    expect(recentTradingDaysStart(pkt(2026, 11, 17, 12), 2)).toBe(pkt(2026, 11, 16));
    expect(recentTradingDaysStart(pkt(2026, 11, 22, 12), 2)).toBe(pkt(2026, 11, 19)); // Sun → Thu, Fri
  });
  it('names the previous trading days, today never among them (the income screen\'s "last trading day")', () => {
    expect(previousTradingDays(pkt(2026, 11, 17, 12), 2)).toEqual([pkt(2026, 11, 16), pkt(2026, 11, 13)]); // Tue → Mon, Fri
    expect(previousTradingDays(pkt(2026, 11, 16, 9), 1)).toEqual([pkt(2026, 11, 13)]); // Mon → Fri
    expect(previousTradingDays(pkt(2026, 11, 22, 12), 2)).toEqual([pkt(2026, 11, 20), pkt(2026, 11, 19)]); // Sun
    expect(previousTradingDays(pkt(2026, 11, 10, 12), 2)).toEqual([pkt(2026, 11, 6), pkt(2026, 11, 5)]); // after Iqbal Day
  });
  it('splits the purchase windows at 00:00 today: today, and the previous 1 and 2 trading days up to it', () => {
    const w = purchaseWindows(pkt(2026, 11, 17, 12));
    expect(w.today).toEqual({ from: pkt(2026, 11, 17) });
    expect(w.last1).toEqual({ from: pkt(2026, 11, 16), to: pkt(2026, 11, 17) });
    expect(w.last2).toEqual({ from: pkt(2026, 11, 13), to: pkt(2026, 11, 17) });
    expect(w.previousDays).toEqual([pkt(2026, 11, 16), pkt(2026, 11, 13)]);
  });
});
