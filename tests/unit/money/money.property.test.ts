// contract/money.ts against decimal.js: parse/format round trips, rescale in every rounding mode, multiply and
// divide with rounding. 1,000+ runs per property; the generators reach 30-digit amounts and 12 decimals.
import DecimalJs from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Rounding,
  type Scaled,
  divideScaled,
  formatMinor,
  multiplyScaled,
  parseDecimal,
  parseMinor,
  parseSignedMinor,
  rescale,
} from '../../../contract/money.ts';

const Decimal = DecimalJs.clone({ precision: 200, toExpNeg: -9e15, toExpPos: 9e15 });
type D = InstanceType<typeof Decimal>;
const RUNS = { numRuns: 1000 };

const MODE: Record<Rounding, DecimalJs.Rounding> = {
  trunc: Decimal.ROUND_DOWN,
  'half-up': Decimal.ROUND_HALF_UP,
  floor: Decimal.ROUND_FLOOR,
  ceil: Decimal.ROUND_CEIL,
};
const rounding = fc.constantFrom<Rounding>('trunc', 'half-up', 'floor', 'ceil');
const scale = fc.integer({ min: 0, max: 12 });
const units = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });
// Small values too, so ties (…5) and remainders near zero come up often.
const smallUnits = fc.bigInt({ min: -2000n, max: 2000n });
const anyUnits = fc.oneof(units, smallUnits);
const scaled = fc.record({ units: anyUnits, scale }) as fc.Arbitrary<Scaled>;

const dec = (x: Scaled): D => new Decimal(x.units.toString()).div(new Decimal(10).pow(x.scale));
/** decimal.js's answer as minor units at `s`. */
const ref = (d: D, s: number, mode: DecimalJs.Rounding): bigint =>
  BigInt(d.times(new Decimal(10).pow(s)).toDecimalPlaces(0, mode).toFixed(0));

describe('parse and format', () => {
  it('parse∘format is the identity on minor units (non-negative and signed)', () => {
    fc.assert(
      fc.property(anyUnits, scale, (n, s) => {
        const text = formatMinor(n, s);
        if (n >= 0n) expect(parseMinor(text, s)).toBe(n);
        expect(parseSignedMinor(text, s)).toBe(n);
        expect(parseDecimal(text)).toEqual({ units: n, scale: s });
        expect(new Decimal(text).eq(dec({ units: n, scale: s }))).toBe(true);
      }),
      RUNS,
    );
  });

  it('format∘parse gives the canonical text: same value as decimal.js, exactly `scale` decimals', () => {
    const text = fc
      .tuple(
        fc.bigInt({ min: 0n, max: 10n ** 25n }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 4 }),
      )
      .map(([n, places, extra]) => ({ text: formatMinor(n, places), scale: places + extra }));
    fc.assert(
      fc.property(text, ({ text: t, scale: s }) => {
        const n = parseMinor(t, s);
        expect(n).not.toBeNull();
        const back = formatMinor(n!, s);
        expect(back).toBe(new Decimal(t).toFixed(s));
        // canonical: parsing the canonical text again changes nothing
        expect(formatMinor(parseMinor(back, s)!, s)).toBe(back);
      }),
      RUNS,
    );
  });

  it('never throws on arbitrary user input, and accepts only what decimal.js reads as the same value', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), scale, (t, s) => {
        const n = parseMinor(t, s);
        if (n === null) return;
        expect(n >= 0n).toBe(true);
        expect(new Decimal(t).eq(dec({ units: n, scale: s }))).toBe(true);
        expect(/^(0|[1-9]\d*)(\.\d+)?$/.test(t)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('rounding', () => {
  it('rescale equals decimal.js in every rounding mode, up and down', () => {
    fc.assert(
      fc.property(scaled, scale, rounding, (x, to, mode) => {
        expect(rescale(x.units, x.scale, to, mode)).toBe(ref(dec(x), to, MODE[mode]));
      }),
      RUNS,
    );
  });

  it('multiply (amount × rate or price) with rounding equals decimal.js', () => {
    fc.assert(
      fc.property(scaled, scaled, scale, rounding, (a, b, s, mode) => {
        expect(multiplyScaled(a, b, s, mode)).toBe(ref(dec(a).times(dec(b)), s, MODE[mode]));
      }),
      RUNS,
    );
  });

  it('divide with rounding equals decimal.js, and a zero divisor gives null', () => {
    fc.assert(
      fc.property(scaled, scaled, scale, rounding, (a, b, s, mode) => {
        const q = divideScaled(a, b, s, mode);
        if (b.units === 0n) expect(q).toBeNull();
        else expect(q).toBe(ref(dec(a).div(dec(b)), s, MODE[mode]));
      }),
      RUNS,
    );
  });
});
