// The perpetual math against decimal.js over random positions on several grids: liquidation and bankruptcy
// prices (rounded toward the mark side), P&L, fees, partial close, tier continuity and funding summing to zero.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RATE_ONE, type PerpGrid } from '../../../contract/perp/fixed.ts';
import { averagePremium, fundingRate, settleFunding } from '../../../contract/perp/funding.ts';
import { markOf, MARK_START, stepMark } from '../../../contract/perp/mark.ts';
import {
  bankruptcyPrice,
  closePart,
  liquidationPrice,
  tradeFee,
  unrealisedPnl,
} from '../../../contract/perp/position.ts';
import { maintenanceMargin, tierFor, tiersOf } from '../../../contract/perp/tiers.ts';
import { Decimal } from '../pnl/decimal-reference.ts';

type D = InstanceType<typeof Decimal>;
const GRIDS: readonly [string, PerpGrid][] = [
  ['BTC', { priceDecimals: 2, qtyDecimals: 5 }],
  ['XRP', { priceDecimals: 4, qtyDecimals: 1 }],
  ['DOGE', { priceDecimals: 5, qtyDecimals: 0 }],
];
const dec = (units: bigint, places: number): D =>
  new Decimal(units.toString()).div(new Decimal(10).pow(places));
const toUnits = (d: D, places: number, mode: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8): bigint =>
  BigInt(d.times(new Decimal(10).pow(places)).toDecimalPlaces(0, mode).toFixed(0));

const arbCase = fc.record({
  g: fc.constantFrom(...GRIDS),
  side: fc.constantFrom(1 as const, -1 as const),
  qty: fc.bigInt({ min: 1n, max: 10n ** 7n }),
  price: fc.bigInt({ min: 1n, max: 10n ** 9n }),
  lev: fc.integer({ min: 1, max: 50 }),
  extra: fc.bigInt({ min: 0n, max: 10n ** 9n }),
  fee: fc.constantFrom(0n, 20_000n, 50_000n),
});

describe('perp math vs decimal.js', () => {
  it('liquidation and bankruptcy prices equal the exact formula cut toward the mark side', () => {
    fc.assert(
      fc.property(arbCase, ({ g: [base, g], side, qty, price, lev, extra, fee }) => {
        const tiers = tiersOf(base);
        const ev = qty * price;
        const vs = g.priceDecimals + g.qtyDecimals;
        const margin = toUnits(dec(ev, vs).div(lev), 6, Decimal.ROUND_CEIL) + extra;
        const p = { side, qty, entryValue: ev, margin };
        const lp = liquidationPrice(g, tiers, p, fee);
        const q = dec(qty, g.qtyDecimals);
        const wb = dec(margin, 6);
        const e = dec(ev, vs);
        const t0 = tierFor(tiers, toUnits(e, 6, Decimal.ROUND_FLOOR));
        if (!t0) return;
        // the exact LP for the tier the function settled on (the one at the LP's notional, else the entry's)
        const exact = (mmr: bigint, cum: bigint): D =>
          wb
            .plus(dec(cum, 6))
            .minus(e.times(side))
            .div(q.times(dec(mmr + fee, 8)).minus(q.times(side)));
        const mode = side === 1 ? Decimal.ROUND_CEIL : Decimal.ROUND_FLOOR;
        if (lp === null) {
          // only a long's can fall to ≤ 0 (a short's numerator WB + cum + |Q|·EP is positive)
          expect(side).toBe(1);
          expect(exact(t0.mmr, t0.cum).lte(dec(1n, g.priceDecimals))).toBe(true);
        } else {
          const at = tierFor(tiers, toUnits(q.times(dec(lp, g.priceDecimals)), 6, Decimal.ROUND_FLOOR)) ?? t0;
          const candidates = [at, t0].map((t) => toUnits(exact(t.mmr, t.cum), g.priceDecimals, mode));
          expect(candidates).toContain(lp);
        }
        const bp = bankruptcyPrice(g, p);
        const bExact = e.minus(wb.times(side)).div(q);
        if (bp !== null) expect(bp).toBe(toUnits(bExact, g.priceDecimals, mode));
        else expect(bExact.lte(dec(1n, g.priceDecimals))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('P&L rounds down, fees round up, a partial close conserves margin and entry value', () => {
    fc.assert(
      fc.property(
        arbCase,
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 7n }),
        ({ g: [, g], side, qty, price, extra, fee }, mark, cut) => {
          const vs = g.priceDecimals + g.qtyDecimals;
          const p = { side, qty, entryValue: qty * price, margin: extra };
          const pnl = unrealisedPnl(g, p, mark);
          const exact = dec(qty * mark - qty * price, vs).times(side);
          expect(pnl).toBe(toUnits(exact, 6, Decimal.ROUND_FLOOR));
          expect(tradeFee(g, qty, mark, fee)).toBe(
            toUnits(dec(qty * mark, vs).times(dec(fee, 8)), 6, Decimal.ROUND_CEIL),
          );
          const c = closePart(g, p, cut, mark, fee);
          const rest = c.rest;
          expect(c.released + (rest?.margin ?? 0n)).toBe(p.margin);
          expect(c.payout - c.shortfall).toBe(c.released + c.realised - c.fee);
          if (rest) expect(rest.qty).toBe(qty - cut);
          else expect(cut >= qty).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('maintenance margin is continuous across brackets (cum)', () => {
    for (const base of ['BTC', 'DOGE']) {
      const tiers = tiersOf(base);
      for (let i = 0; i + 1 < tiers.length; i++) {
        const edge = tiers[i]!.maxNotional;
        const lo = maintenanceMargin(tiers, edge)!;
        const hiTier = tiers[i + 1]!;
        const hi = (edge * hiTier.mmr) / RATE_ONE - hiTier.cum;
        expect(hi).toBe(lo);
      }
    }
  });

  it('funding: payers round up, receivers down, Σ amounts equals the fund’s remainder ≥ 0', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GRIDS),
        fc.array(
          fc.record({
            side: fc.constantFrom(1 as const, -1 as const),
            qty: fc.bigInt({ min: 1n, max: 10n ** 8n }),
          }),
          { maxLength: 12 },
        ),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        fc.bigInt({ min: -2_000_000n, max: 2_000_000n }),
        ([, g], holders, mark, premium) => {
          const rate = fundingRate(premium);
          expect(rate <= 750_000n && rate >= -750_000n).toBe(true);
          const s = settleFunding(g, holders, mark, rate);
          const sum = s.amounts.reduce((a, b) => a + b, 0n);
          expect(sum).toBe(s.toFund);
          expect(s.toFund >= 0n).toBe(true);
        },
      ),
    );
    expect(fundingRate(0n)).toBe(10_000n); // I alone when the premium is 0
    expect(fundingRate(100_000n)).toBe(100_000n - 50_000n); // clamp(I − P) at −0.05 %
    expect(averagePremium([1n, 2n, -4n])).toBe(-1n);
  });

  it('mark: a flat premium is reproduced exactly; the same steps give the same mark', () => {
    let s = MARK_START;
    for (let i = 0; i < 50; i++) s = stepMark(s, 100_000n, 100_050n);
    expect(markOf(s, 100_000n)).toBe(100_050n);
    const steps = Array.from(
      { length: 30 },
      (_, i) => [100_000n + BigInt(i * 7), 100_000n + BigInt(i * 11)] as const,
    );
    const run = () => steps.reduce((st, [ix, mid]) => stepMark(st, ix, mid), MARK_START);
    expect(run()).toEqual(run());
  });
});
