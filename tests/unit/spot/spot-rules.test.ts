// Spot arithmetic on worked examples (contract/spot-rules.ts): exact units, rounding direction, fees in the
// asset received, tick / lot / minimum-notional checks.
import { describe, expect, it } from 'vitest';
import {
  feeOn,
  fillUsdt,
  meetsMinNotional,
  parsePrice,
  parseQty,
  rawBudget,
  rawToUsdt,
  ratePpm,
} from '../../../contract/spot-rules.ts';

const BTC = { priceDecimals: 2, qtyDecimals: 5 }; // raw scale 7 > 6
const XRP = { priceDecimals: 4, qtyDecimals: 1 }; // raw scale 5 < 6
const DOGE = { priceDecimals: 5, qtyDecimals: 0 };

describe('spot rules', () => {
  it('buys 0.01234 BTC at 95,250.37: pays 1,175.389565 rounded up to the micro-USDT', () => {
    const raw = 1234n * 9525037n; // 0.01234 × 95250.37 = 1175.3895658 (scale 7)
    expect(raw).toBe(11753895658n);
    expect(rawToUsdt(raw, BTC, 'ceil')).toBe(1175389566n);
    expect(rawToUsdt(raw, BTC, 'floor')).toBe(1175389565n);
  });

  it('splits a buy over fills so the parts add up to the rounding of the whole', () => {
    const a = 617n * 9525037n;
    const b = 617n * 9525037n;
    const first = fillUsdt(0n, a, BTC, 'buy');
    const second = fillUsdt(a, a + b, BTC, 'buy');
    expect(first + second).toBe(rawToUsdt(a + b, BTC, 'ceil'));
  });

  it('XRP (raw scale 5) converts exactly upward', () => {
    // 12.3 XRP × 2.3145 = 28.46835 USDT
    expect(rawToUsdt(123n * 23145n, XRP, 'ceil')).toBe(28468350n);
  });

  it('market-buy budgets: the largest raw value a USDT amount pays for', () => {
    expect(rawBudget(100_000000n, BTC)).toBe(1_000_000_000n); // 100 USDT at scale 7
    expect(rawBudget(100_000001n, XRP)).toBe(10_000_000n); // micro-USDT below the raw unit is dropped
    expect(rawToUsdt(rawBudget(5_123456n, BTC), BTC, 'ceil')).toBe(5_123456n);
  });

  it('fees in the received asset at 0.1 %, half-up', () => {
    const ppm = ratePpm('0.001')!;
    expect(ppm).toBe(1000n);
    expect(feeOn(1000000n, ppm)).toBe(1000n); // 10 BTC → 0.01 BTC
    expect(feeOn(1234n, ppm)).toBe(1n); // 0.01234 BTC → 0.00001234 → 0.00001
    expect(feeOn(27n, ppm)).toBe(0n); // 27 DOGE → 0.027 → 0
    expect(feeOn(500n, ppm)).toBe(1n); // exactly half a unit rounds up
    expect(feeOn(1175389565n, ppm)).toBe(1175390n); // sell proceeds 1175.389565 USDT → fee 1.175390
  });

  it('price on the tick, quantity on the lot', () => {
    expect(parsePrice('95250.37', BTC)).toBe(9525037n);
    expect(parsePrice('95250.375', BTC)).toEqual({ key: 'spot.priceTick', params: { tick: '0.01' } });
    expect(parsePrice('0', BTC)).toEqual({ key: 'spot.priceRequired' });
    expect(parsePrice('abc', BTC)).toEqual({ key: 'spot.priceRequired' });
    expect(parseQty('0.00001', BTC)).toBe(1n);
    expect(parseQty('0.000001', BTC)).toEqual({ key: 'spot.qtyLot', params: { lot: '0.00001' } });
    expect(parseQty('1.5', DOGE)).toEqual({ key: 'spot.qtyLot', params: { lot: '1' } });
    expect(parseQty(undefined, DOGE)).toEqual({ key: 'spot.qtyRequired' });
  });

  it('minimum notional compared exactly at the finer scale', () => {
    const min = 5_000000n;
    // 0.00005 BTC × 100000.00 = 5.0000000 USDT: exactly the minimum
    expect(meetsMinNotional(5n * 10000000n, min, BTC)).toBe(true);
    expect(meetsMinNotional(5n * 10000000n - 1n, min, BTC)).toBe(false);
    // 27 DOGE × 0.18234 = 4.92318 < 5; 28 × 0.18234 = 5.10552
    expect(meetsMinNotional(27n * 18234n, min, DOGE)).toBe(false);
    expect(meetsMinNotional(28n * 18234n, min, DOGE)).toBe(true);
  });
});
