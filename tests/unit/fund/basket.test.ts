// The basket strategy's decisions (server/domain/fund/basket.ts): buys to target from cash, keeps the cash share
// and the cash owed to pending redemptions, sells only sellable shares, and does nothing inside the band.
import { describe, expect, it } from 'vitest';
import { rebalance } from '../../../server/domain/fund/basket.ts';

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
