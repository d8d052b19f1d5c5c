// The basket strategy's decisions (server/domain/fund/basket.ts): buys to target from cash, keeps the cash share
// and the cash owed to pending redemptions, sells only sellable shares, and does nothing inside the band.
import { describe, expect, it } from 'vitest';
import { raiseCash, rebalance } from '../../../server/domain/fund/basket.ts';

const basket = (held: [bigint, bigint], sellable: [bigint, bigint] = held) => [
  { symbol: 'HBL', weightBps: 5000, price: 10_000n, held: held[0], sellable: sellable[0] },
  { symbol: 'OGDC', weightBps: 5000, price: 20_000n, held: held[1], sellable: sellable[1] },
];

describe('basket rebalancing', () => {
  it('invests the non-cash share by weight from a cash-only pool', () => {
    // PKR 100,000.00 cash, 50 % kept: 25,000 to each; HBL 100.00 → 248 shares with the fee buffer, OGDC 200.00 → 124
    const a = rebalance({ cash: 10_000_000n, reserve: 0n, cashBps: 5000, targets: basket([0n, 0n]) });
    expect(a).toEqual([
      { symbol: 'HBL', side: 'buy', qty: 248n },
      { symbol: 'OGDC', side: 'buy', qty: 124n },
    ]);
  });

  it('does nothing when every holding is within the band', () => {
    const a = rebalance({ cash: 5_000_000n, reserve: 0n, cashBps: 5000, targets: basket([250n, 125n]) });
    expect(a).toEqual([]);
  });

  it('keeps the cash owed to pending redemptions and sells only sellable shares', () => {
    // equity 100,000: 50,000 cash + 250 HBL + 125 OGDC; 40,000 owed → invested target (60,000 × 50 %) = 15,000 each
    const a = rebalance({
      cash: 5_000_000n,
      reserve: 4_000_000n,
      cashBps: 5000,
      targets: basket([250n, 125n], [250n, 10n]),
    });
    expect(a).toEqual([
      { symbol: 'HBL', side: 'sell', qty: 100n },
      { symbol: 'OGDC', side: 'sell', qty: 10n },
    ]);
  });

  it('skips symbols without a price and an empty pool', () => {
    expect(rebalance({ cash: 0n, reserve: 0n, cashBps: 1000, targets: basket([0n, 0n]) })).toEqual([]);
    const unpriced = basket([0n, 0n]).map((t) => ({ ...t, price: 0n }));
    expect(rebalance({ cash: 1_000_000n, reserve: 0n, cashBps: 1000, targets: unpriced })).toEqual([]);
  });
});

describe('raising cash for a redemption larger than the cash', () => {
  it('sells in proportion to value, whole shares up, enough for the shortfall and the fees', () => {
    // 20,000 cash, 60,000 owed: short 40,000 (+0.5 % = 40,200); HBL 25,000 and OGDC 25,000 of value → 20,100 each:
    // HBL 100.00 → 201 shares, OGDC 200.00 → 101 (20,200)
    const a = raiseCash({
      cash: 2_000_000n,
      reserve: 6_000_000n,
      cashBps: 500,
      targets: basket([250n, 125n]),
    });
    expect(a).toEqual([
      { symbol: 'HBL', side: 'sell', qty: 201n },
      { symbol: 'OGDC', side: 'sell', qty: 101n },
    ]);
    // band or not: a shortfall of 1 % of the pool is still raised
    const small = raiseCash({
      cash: 500_000n,
      reserve: 1_000_000n,
      cashBps: 500,
      targets: basket([250n, 125n]),
    });
    const got = small.reduce((s, x) => s + x.qty * (x.symbol === 'HBL' ? 10_000n : 20_000n), 0n);
    expect(got).toBeGreaterThanOrEqual(502_500n);
  });

  it('takes from the other holdings what T+1 keeps, and nothing when the cash covers it', () => {
    const a = raiseCash({
      cash: 2_000_000n,
      reserve: 6_000_000n,
      cashBps: 500,
      targets: basket([250n, 125n], [250n, 10n]),
    });
    // OGDC gives its 10 sellable (2,000); HBL the rest: 40,200 − 2,000 = 38,200 → 382 > 250 sellable: all 250
    expect(a).toEqual([
      { symbol: 'HBL', side: 'sell', qty: 250n },
      { symbol: 'OGDC', side: 'sell', qty: 10n },
    ]);
    expect(
      raiseCash({ cash: 6_000_000n, reserve: 6_000_000n, cashBps: 500, targets: basket([250n, 125n]) }),
    ).toEqual([]);
  });
});
