// The CGT estimate beside realised P&L (defect m of the fast/offline issue): 15 % of a net gain, half up to the
// paisa, nothing on a loss, checked against decimal.js.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { afterCgt, cgtOnGain } from '../../../contract/psx-cgt.ts';

describe('CGT on realised share gains', () => {
  it('is 15 % of a net gain', () => {
    expect(cgtOnGain(100_000n)).toBe(15_000n); // PKR 1,000.00 → 150.00
    expect(afterCgt(100_000n)).toBe(85_000n);
  });

  it('rounds half up to the paisa', () => {
    expect(cgtOnGain(3n)).toBe(0n); // 0.45 paisa
    expect(cgtOnGain(10n)).toBe(2n); // 1.5 paisa
    expect(cgtOnGain(123_457n)).toBe(18_519n); // 18,518.55
  });

  it('is nothing on a loss or on nothing', () => {
    expect(cgtOnGain(0n)).toBe(0n);
    expect(cgtOnGain(-250_000n)).toBe(0n);
    expect(afterCgt(-250_000n)).toBe(-250_000n);
  });

  it('agrees with decimal arithmetic for any gain', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (g) => {
        const want =
          g <= 0n
            ? 0n
            : BigInt(
                new Decimal(g.toString()).mul('0.15').toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0),
              );
        expect(cgtOnGain(g)).toBe(want);
        expect(afterCgt(g) + cgtOnGain(g)).toBe(g);
      }),
    );
  });
});
