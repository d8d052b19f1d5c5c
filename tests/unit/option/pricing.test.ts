// The options' pricing model and settlement math (server/domain/option/pricing.ts): known Black–Scholes values
// (Hull's worked examples), put–call parity within a paisa over random inputs, the edge cases (zero volatility,
// expiry now), the premium's rounding rule and the payoff.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blackScholes,
  normCdf,
  payoffMinor,
  pnlRatioPercent,
  premiumMinor,
  quotedUnitPrice,
  realisedVolatility,
} from '../../../server/domain/option/pricing.ts';

const close = (x: { toNumber(): number }, want: number, eps = 1e-9) =>
  expect(Math.abs(x.toNumber() - want)).toBeLessThan(eps);

describe('option pricing', () => {
  it('N(x) matches the normal distribution', () => {
    close(normCdf(0), 0.5);
    close(normCdf(1.96), 0.9750021048517795);
    close(normCdf(-1), 0.15865525393145707);
    close(normCdf(10), 1);
    close(normCdf(-10), 0);
  });

  it('gives the textbook Black–Scholes values', () => {
    // S = K = 100, r 5 %, σ 20 %, one year
    const a = blackScholes({ spot: 100, strike: 100, rate: '0.05', sigma: '0.2', years: 1 });
    close(a.call, 10.450583572185565);
    close(a.put, 5.573526022256971);
    // Hull, Options, Futures and Other Derivatives, example 15.6: S 42, K 40, r 10 %, σ 20 %, six months
    const b = blackScholes({ spot: 42, strike: 40, rate: '0.1', sigma: '0.2', years: '0.5' });
    close(b.call, 4.759422392871532);
    close(b.put, 0.8085993729000922);
  });

  it('keeps put–call parity within a paisa after rounding each premium to paisa', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 500_000 }), // spot in paisa
        fc.integer({ min: 1, max: 300 }), // σ in %
        fc.integer({ min: 0, max: 25 }), // r in %
        fc.integer({ min: 1, max: 365 }), // days
        (spotPaisa, volPct, ratePct, days) => {
          const spot = (spotPaisa / 100).toFixed(2);
          const years = (days / 365).toString();
          const rate = (ratePct / 100).toString();
          const { call, put } = blackScholes({ spot, strike: spot, rate, sigma: volPct / 100, years });
          const c = premiumMinor(call, 1);
          const p = premiumMinor(put, 1);
          // C − P = S − K·e^(−rT) (K = S here), computed apart from the model, in paisa
          const rhs = Math.round(spotPaisa * (1 - Math.exp((-ratePct / 100) * (days / 365))) * 1e6) / 1e6;
          expect(Math.abs(Number(c - p) - rhs)).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('prices zero volatility and expiry now at the discounted intrinsic value', () => {
    const z = blackScholes({ spot: 100, strike: 90, rate: '0.1', sigma: 0, years: 1 });
    close(z.call, 100 - 90 * Math.exp(-0.1));
    close(z.put, 0);
    const now = blackScholes({ spot: 100, strike: 110, rate: '0.1', sigma: '0.3', years: 0 });
    close(now.call, 0);
    close(now.put, 10);
    const atm = blackScholes({ spot: 100, strike: 100, rate: '0.1', sigma: '0.3', years: 0 });
    expect(atm.call.isZero() && atm.put.isZero()).toBe(true);
  });

  it('refuses nonsense inputs', () => {
    expect(() => blackScholes({ spot: 0, strike: 1, rate: 0, sigma: 0.2, years: 1 })).toThrow();
    expect(() => blackScholes({ spot: 1, strike: 1, rate: 0, sigma: -1, years: 1 })).toThrow();
  });

  it('annualises the sample deviation of daily log returns', () => {
    // closes alternating ×1.01 and ÷1.01: returns ±ln 1.01, mean 0
    const closes = ['100', '101', '100', '101', '100'];
    const r = Math.log(1.01);
    const sample = Math.sqrt((4 * r * r) / 3);
    close(realisedVolatility(closes)!, sample * Math.sqrt(252), 1e-12);
    expect(realisedVolatility(['100', '100', '100'])!.isZero()).toBe(true);
    expect(realisedVolatility(['100', '101'])).toBeNull();
    expect(realisedVolatility(['100', '0', '101'])).toBeNull();
  });

  it('adds the spread and rounds the premium up to the next paisa', () => {
    expect(quotedUnitPrice('10', 300).toString()).toBe('10.3');
    expect(premiumMinor('1.0001', 1)).toBe(101n);
    expect(premiumMinor('1.00', 3)).toBe(300n);
    expect(premiumMinor('0.333333', 3)).toBe(100n);
    expect(premiumMinor('0', 5)).toBe(0n);
  });

  it('settles calls and puts at max(0, S − K) and max(0, K − S) × contracts', () => {
    expect(payoffMinor('call', 10_000n, 10_550n, 10n)).toBe(5_500n);
    expect(payoffMinor('call', 10_000n, 9_000n, 10n)).toBe(0n);
    expect(payoffMinor('put', 10_000n, 9_000n, 3n)).toBe(3_000n);
    expect(payoffMinor('put', 10_000n, 10_000n, 3n)).toBe(0n);
    expect(pnlRatioPercent(1_000n, 0n)).toBe('-100.00');
    expect(pnlRatioPercent(1_000n, 2_500n)).toBe('150.00');
    expect(pnlRatioPercent(300n, 301n)).toBe('0.33');
  });
});
