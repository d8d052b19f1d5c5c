// NAV arithmetic of the AI funds (server/domain/fund/nav.ts): exact to the paisa and to 0.0001 unit, with
// worked examples of each rounding rule.
import { describe, expect, it } from 'vitest';
import {
  cashFor,
  changeBps,
  feeOf,
  managementFee,
  navPerUnit,
  poolAssets,
  unitsFor,
  UNIT_SCALE,
} from '../../../server/domain/fund/nav.ts';

describe('fund NAV arithmetic', () => {
  it('values the pool: cash + shares × price', () => {
    // PKR 5,000.00 cash, 100 OGDC at 123.45, 37 PPL at 99.99
    expect(
      poolAssets(500_000n, [
        { qty: 100n, price: 12_345n },
        { qty: 37n, price: 9_999n },
      ]),
    ).toBe(500_000n + 1_234_500n + 369_963n);
    expect(poolAssets(0n, [])).toBe(0n);
  });

  it('uses the launch NAV while no units exist', () => {
    expect(navPerUnit(0n, 0n, 1_000n)).toBe(1_000n);
    expect(navPerUnit(123_456n, 0n, 1_000n)).toBe(1_000n);
  });

  it('rounds the NAV half up to the paisa', () => {
    // PKR 1,000.00 over 3 units: 333.3333… → 333.33
    expect(navPerUnit(100_000n, 3n * UNIT_SCALE, 1_000n)).toBe(33_333n);
    // PKR 1,000.00 over 6 units: 166.6666… → 166.67
    expect(navPerUnit(100_000n, 6n * UNIT_SCALE, 1_000n)).toBe(16_667n);
    // exactly half a paisa: PKR 0.05 over 10 units = 0.005 → 0.01
    expect(navPerUnit(5n, 10n * UNIT_SCALE, 1_000n)).toBe(1n);
    // PKR 10.0049 a unit (assets 100.049 over 10 units can't exist in paisa; 1,000.49 over 100 units) → 10.00
    expect(navPerUnit(100_049n, 100n * UNIT_SCALE, 1_000n)).toBe(1_000n);
    expect(navPerUnit(100_050n, 100n * UNIT_SCALE, 1_000n)).toBe(1_001n);
    // fractional units: 1,234.5678 units holding PKR 12,345.67 → 9.99999… → 10.00
    expect(navPerUnit(1_234_567n, 12_345_678n, 1_000n)).toBe(1_000n);
  });

  it('buys units rounded down for the investor', () => {
    // PKR 10,000.00 at NAV 10.00 → 1,000.0000 units exactly
    expect(unitsFor(1_000_000n, 1_000n)).toBe(1_000n * UNIT_SCALE);
    // PKR 100.00 at NAV 3.00 → 33.3333 units (33.33333… rounded down)
    expect(unitsFor(10_000n, 300n)).toBe(333_333n);
    // PKR 0.01 at NAV 10.00 → 0.0010 units
    expect(unitsFor(1n, 1_000n)).toBe(10n);
    // PKR 0.01 at NAV 1,000.01 → 0.0000 units (too little to buy 0.0001)
    expect(unitsFor(1n, 100_001n)).toBe(0n);
    expect(unitsFor(0n, 1_000n)).toBe(0n);
  });

  it('pays redemptions rounded down to the paisa', () => {
    // 33.3333 units at NAV 3.00 → PKR 99.9999 → 99.99
    expect(cashFor(333_333n, 300n)).toBe(9_999n);
    // 1,000 units at NAV 10.37 → PKR 10,370.00 exactly
    expect(cashFor(1_000n * UNIT_SCALE, 1_037n)).toBe(1_037_000n);
    // 0.0001 unit at NAV 10.00 → PKR 0.001 → 0.00
    expect(cashFor(1n, 1_000n)).toBe(0n);
  });

  it('a round trip at one NAV never pays more than went in', () => {
    for (const [net, nav] of [
      [10_000n, 300n],
      [999_999n, 1_037n],
      [1n, 1_000n],
      [123_456_789n, 98_765n],
    ] as const) {
      expect(cashFor(unitsFor(net, nav), nav) <= net).toBe(true);
      expect(net - cashFor(unitsFor(net, nav), nav) <= nav / UNIT_SCALE + 1n).toBe(true);
    }
  });

  it('charges the entry fee rounded up to the paisa and measures NAV change', () => {
    // 1.00 % of PKR 1,000.01 = 10.0001 → 10.01
    expect(feeOf(100_001n, 100)).toBe(1_001n);
    expect(feeOf(100_000n, 100)).toBe(1_000n);
    expect(feeOf(100_000n, 0)).toBe(0n);
    expect(changeBps(1_000n, 1_037n)).toBe(370n);
    expect(changeBps(1_000n, 990n)).toBe(-100n);
    expect(changeBps(0n, 990n)).toBeNull();
  });

  it('charges the management fee by the day of a 365-day year, rounded down to the paisa', () => {
    const DAY = 86_400_000;
    // 1.50 % a year of PKR 10,000,000.00 for one day: 1,000,000,000 × 150 ÷ 10,000 ÷ 365 = 41,095.89 paisa
    expect(managementFee(1_000_000_000n, 150, DAY)).toBe(41_095n);
    // a whole year is the rate exactly; three days of a weekend are three days
    expect(managementFee(1_000_000_000n, 150, 365 * DAY)).toBe(15_000_000n);
    expect(managementFee(1_000_000_000n, 150, 3 * DAY)).toBe(123_287n);
    // nothing for no time, no assets or no rate; a fraction of a paisa is not charged
    expect(managementFee(1_000_000_000n, 150, 0)).toBe(0n);
    expect(managementFee(0n, 150, DAY)).toBe(0n);
    expect(managementFee(1_000_000_000n, 0, DAY)).toBe(0n);
    expect(managementFee(100n, 150, DAY)).toBe(0n);
  });
});
