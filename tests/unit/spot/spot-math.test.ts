// The spot form's exact numbers (src/features/markets/spot/spot-math.ts) on worked examples.
import { describe, expect, it } from 'vitest';
import { cleanDecimal, estimate, qtyForPercent } from '../../../src/features/markets/spot/spot-math.ts';

const BTC = { priceDecimals: 2, qtyDecimals: 5 };
const DOGE = { priceDecimals: 5, qtyDecimals: 0 };

describe('spot form math', () => {
  it('total rounded up for a buy, down for a sell; the fee in the asset received', () => {
    expect(estimate(BTC, 'buy', '95250.37', '0.01234', '0.001')).toEqual({
      total: '1175.389566',
      fee: '0.00001',
    });
    expect(estimate(BTC, 'sell', '95250.37', '0.01234', '0.001')).toEqual({
      total: '1175.389565',
      fee: '1.175390',
    });
    expect(estimate(BTC, 'buy', '', '0.01', '0.001')).toEqual({ total: '', fee: '' });
  });

  it('percentages of the available balance, down to the lot', () => {
    // 1000 USDT at 95250.37: 0.01049 BTC (0.01050 would cost 1000.128885)
    expect(qtyForPercent(BTC, 'buy', 100, '1000.000000', '95250.37')).toBe('0.01049');
    expect(qtyForPercent(BTC, 'sell', 25, '0.00999', '')).toBe('0.00249');
    expect(qtyForPercent(DOGE, 'buy', 50, '10.000000', '0.18234')).toBe('27');
    expect(qtyForPercent(BTC, 'buy', 50, '1000.000000', '')).toBe('');
  });

  it('cleans typed decimals to the unit', () => {
    expect(cleanDecimal('00012.345678', 5)).toBe('12.34567');
    expect(cleanDecimal('1,2a3', 2)).toBe('123');
    expect(cleanDecimal('27.9', 0)).toBe('27');
  });
});
