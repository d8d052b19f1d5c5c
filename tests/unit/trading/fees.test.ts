// Fees in paisa: the documented defaults, rounding up, the per-share minimum, and cumulative charging.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calcFees, DEFAULT_FEES, feeConfig, feeTotal, subFees } from '../../../server/domain/trading/fees.ts';

describe('calcFees', () => {
  it('charges 0.15% commission, 15% SST on it, CVT on buys, CDC and exchange, rounded up to the paisa', () => {
    // PKR 10,000.00 = 1,000,000 paisa for 100 shares
    const f = calcFees('buy', 1_000_000n, 100n);
    expect(f).toEqual({ commission: 1500n, sst: 225n, cvt: 200n, cdc: 50n, exchange: 200n });
    expect(feeTotal(f)).toBe(2175n);
    expect(calcFees('sell', 1_000_000n, 100n).cvt).toBe(0n);
    // 1 paisa of value still costs a whole paisa of each rate-based charge
    expect(calcFees('buy', 1n, 1n)).toEqual({ commission: 3n, sst: 1n, cvt: 1n, cdc: 1n, exchange: 1n });
  });

  it('applies the PKR 0.03 per share minimum commission', () => {
    // 1,000 shares at PKR 1.00: 0.15% = PKR 1.50 < PKR 30.00
    expect(calcFees('buy', 100_000n, 1000n).commission).toBe(3000n);
  });

  it('is zero for nothing', () => {
    expect(feeTotal(calcFees('buy', 0n, 0n))).toBe(0n);
  });

  it('reads rates from the environment and refuses nonsense', () => {
    expect(feeConfig({}).commissionPpm).toBe(DEFAULT_FEES.commissionPpm);
    expect(feeConfig({ TRADE_COMMISSION_PPM: '2500' }).commissionPpm).toBe(2500n);
    expect(() => feeConfig({ TRADE_CVT_PPM: '-1' })).toThrow(/TRADE_CVT_PPM/);
    expect(() => feeConfig({ TRADE_CVT_PPM: '2000000' })).toThrow(/TRADE_CVT_PPM/);
  });

  it('charged fill by fill on the cumulative value, never exceeds the fee of the whole order and never goes negative', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
        fc.array(fc.record({ qty: fc.bigInt(1n, 5000n), price: fc.bigInt(1n, 200_000n) }), {
          minLength: 1,
          maxLength: 8,
        }),
        (side, fills) => {
          let qty = 0n;
          let amount = 0n;
          let charged = 0n;
          let prev = calcFees(side, 0n, 0n);
          for (const f of fills) {
            qty += f.qty;
            amount += f.qty * f.price;
            const cum = calcFees(side, amount, qty);
            const delta = subFees(cum, prev);
            for (const v of Object.values(delta)) expect(v >= 0n).toBe(true);
            charged += feeTotal(delta);
            prev = cum;
          }
          expect(charged).toBe(feeTotal(calcFees(side, amount, qty)));
          // A fill at a price at or below the limit never costs more than the value at the limit.
          const maxPrice = fills.reduce((m, f) => (f.price > m ? f.price : m), 0n);
          expect(charged <= feeTotal(calcFees(side, qty * maxPrice, qty))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
