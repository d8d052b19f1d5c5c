import { describe, expect, it } from 'vitest';
import {
  bps,
  buyAndHold,
  maxDrawdownBps,
  pctText,
  tradeStats,
  wholeDays,
} from '../../../server/domain/robot/metrics.ts';

describe('robot metrics', () => {
  it('max drawdown: the largest fall from a running peak, in bp of that peak', () => {
    // 100 → 120 → 90 (−25 %) → 130 → 117 (−10 %)
    expect(maxDrawdownBps([10000n, 12000n, 9000n, 13000n, 11700n])).toBe(2500n);
    expect(maxDrawdownBps([100n, 101n, 102n])).toBe(0n);
    expect(maxDrawdownBps([])).toBe(0n);
    // 3 of 7: 4285.71… bp, truncated
    expect(maxDrawdownBps([700n, 400n])).toBe(4285n);
  });

  it('trade stats: average cost, fees in the cost, a win and a loss', () => {
    const s = tradeStats([
      { side: 'buy', qty: 10n, value: 100_00n, fee: 1_00n }, // cost 101.00
      { side: 'buy', qty: 10n, value: 80_00n, fee: 1_00n }, // cost 182.00 for 20
      { side: 'sell', qty: 10n, value: 100_00n, fee: 50n }, // cost out 91.00 → +8.50
      { side: 'sell', qty: 5n, value: 40_00n, fee: 50n }, // cost out 45.50 → −6.00
    ]);
    expect(s.realised).toBe(2_50n);
    expect(s.closed).toBe(2);
    expect(s.wins).toBe(1);
    expect(s.qty).toBe(5n);
    expect(s.cost).toBe(45_50n);
    expect(s.fees).toBe(3_00n);
    expect(s.fills).toBe(4);
  });

  it('buy-and-hold: each funding held from its price, truncated', () => {
    expect(buyAndHold([{ capital: 99_500_00n, price: 272_50n }], 300_00n)).toBe(109_541_28n);
    expect(
      buyAndHold(
        [
          { capital: 1000_00n, price: 100_00n },
          { capital: 500_00n, price: 50_00n },
        ],
        75_00n,
      ),
    ).toBe(750_00n + 750_00n);
  });

  it('percentages and days', () => {
    expect(pctText(bps(-1_25n, 100_00n))).toBe('-1.25');
    expect(pctText(bps(1n, 3n))).toBe('33.33');
    expect(pctText(bps(-1n, 100_000n))).toBe('0.00');
    expect(pctText(0n)).toBe('0.00');
    expect(bps(5n, 0n)).toBe(0n);
    expect(wholeDays(0, 86_400_000 * 2 - 1)).toBe(1);
  });
});
