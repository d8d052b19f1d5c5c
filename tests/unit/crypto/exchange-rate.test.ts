// The arithmetic of a PKR↔USDT quote: the spread each side, and rounding always toward the user by less than
// one minor unit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quotedRate, receiveOf } from '../../../server/domain/crypto/exchange-rate.ts';

describe('quotedRate', () => {
  it('adds the spread when the user buys USDT and takes it off when they sell', () => {
    expect(quotedRate('PKR_USDT', 2_815_000n, 50)).toBe(2_829_075n); // 281.5 × 1.005 = 282.9075
    expect(quotedRate('USDT_PKR', 2_815_000n, 50)).toBe(2_800_925n); // 281.5 × 0.995 = 280.0925
    expect(quotedRate('PKR_USDT', 2_815_000n, 0)).toBe(2_815_000n);
  });

  it('rounds toward the user', () => {
    // 281.4633 × 1.005 = 282.8706165 → 282.8706 (buyer pays less); × 0.995 = 280.0559835 → 280.0560
    expect(quotedRate('PKR_USDT', 2_814_633n, 50)).toBe(2_828_706n);
    expect(quotedRate('USDT_PKR', 2_814_633n, 50)).toBe(2_800_560n);
  });
});

describe('receiveOf', () => {
  it('worked examples', () => {
    // PKR 10,000 at 282.9075 = 35.3472424… USDT → 35.347243
    expect(receiveOf('PKR_USDT', 1_000_000n, 2_829_075n)).toBe(35_347_243n);
    // 100 USDT at 280.0925 = PKR 28,009.25 exactly
    expect(receiveOf('USDT_PKR', 100_000_000n, 2_800_925n)).toBe(2_800_925n);
    // 0.000001 USDT at 280.0925 = 0.0002800925 PKR → 0.01
    expect(receiveOf('USDT_PKR', 1n, 2_800_925n)).toBe(1n);
  });

  it('never gives less than the exact amount at the rate, and less than one minor unit more', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 2_700_000n, max: 2_900_000n }),
        (amount, rate) => {
          // exact value × 10^8 compared in integers
          const buy = receiveOf('PKR_USDT', amount, rate);
          expect(buy * rate >= amount * 100_000_000n).toBe(true);
          expect((buy - 1n) * rate < amount * 100_000_000n).toBe(true);
          const sell = receiveOf('USDT_PKR', amount, rate);
          expect(sell * 100_000_000n >= amount * rate).toBe(true);
          expect((sell - 1n) * 100_000_000n < amount * rate).toBe(true);
        },
      ),
    );
  });
});
