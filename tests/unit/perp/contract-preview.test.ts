// The contract form's preview equals what the server charges for the same fill (worked 10× long / short).
import { describe, expect, it } from 'vitest';
import { initialMargin, liquidationPrice, tradeFee } from '../../../contract/perp/position.ts';
import { tiersOf } from '../../../contract/perp/tiers.ts';
import { cleanDecimal, halfOf, preview } from '../../../src/features/contract/contract-preview.ts';

const base = {
  symbol: 'BTCUSDT',
  qty: '0.01',
  leverage: 10,
  price: '95,000.00',
  priceDecimals: 2,
  qtyDecimals: 5,
  takerRate: '0.050',
};
const g = { priceDecimals: 2, qtyDecimals: 5 };

describe('contract order preview', () => {
  it('a 10× long of 0.01 BTC at 95,000: 95 USDT margin, 0.475 fee, the server’s LP', () => {
    const p = preview({ ...base, side: 'long' })!;
    expect(p.margin).toBe('95.000000');
    expect(p.fee).toBe('0.475000');
    expect(p.cost).toBe('95.475000');
    const lp = liquidationPrice(
      g,
      tiersOf('BTC'),
      {
        side: 1,
        qty: 1000n,
        entryValue: 1000n * 9_500_000n,
        margin: initialMargin(g, 1000n, 9_500_000n, 10),
      },
      50_000n,
    );
    expect(p.liqPrice).toBe((Number(lp) / 100).toFixed(2));
    expect(tradeFee(g, 1000n, 9_500_000n, 50_000n)).toBe(475_000n);
    expect(Number(p.liqPrice)).toBeLessThan(95_000);
  });

  it('a short liquidates above the price; bad input gives no preview', () => {
    expect(Number(preview({ ...base, side: 'short' })!.liqPrice)).toBeGreaterThan(95_000);
    expect(preview({ ...base, side: 'long', qty: '' })).toBeNull();
    expect(preview({ ...base, side: 'long', qty: '0.000001' })).toBeNull();
    expect(preview({ ...base, side: 'long', price: 'abc' })).toBeNull();
  });

  it('cleans typed amounts and halves a size to the lot', () => {
    expect(cleanDecimal('1a2.3456.7', 3)).toBe('12.345');
    expect(halfOf('0.01000', 5)).toBe('0.00500');
    expect(halfOf('0.00001', 5)).toBe('');
  });
});
