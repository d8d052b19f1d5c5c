// The options' pricing model (issue 17 §6; contract/option.ts says it to the user). PSX lists no options: these
// are the broker's own cash-settled contracts, priced here, server side, in decimal.js at 40 significant digits
// (no floats touch money):
//
//   σ  realised volatility: the sample standard deviation of the daily log returns ln(cᵢ/cᵢ₋₁) of the last
//      `window` daily closes of the simulated market, annualised × √252 (PSX trading days a year)
//   r  the risk-free rate (setting option.riskFreeRate, a yearly fraction, continuously compounded)
//   T  the term in years: days / 365
//   Black–Scholes, no dividends:  d1 = (ln(S/K) + (r + σ²/2)T) / (σ√T),  d2 = d1 − σ√T
//      call = S·N(d1) − K·e^(−rT)·N(d2)      put = K·e^(−rT)·N(−d2) − S·N(−d1)
//   With σ = 0 or T = 0 the limits: call = max(0, S − K·e^(−rT)), put = max(0, K·e^(−rT) − S).
//   The price per contract (one contract = one share's worth) is the model value × (1 + spread), the
//   broker's stated margin (setting option.spreadBps); the premium of a purchase is that × contracts,
//   ROUNDED UP to the next paisa (premiumMinor).
// Settlement at expiry: payoff = max(0, S − K) (call) or max(0, K − S) (put) × contracts, in paisa (exact).
import Decimal from 'decimal.js';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;

export const TRADING_DAYS_A_YEAR = 252;
export const DAYS_A_YEAR = 365;

export type OptionDirection = 'call' | 'put';

const SQRT2 = new D(2).sqrt();
const TWO_OVER_SQRT_PI = new D(2).div(D.acos(-1).sqrt());
const TINY = new D('1e-38');

/** erf by its Taylor series (enough digits at 40 significant for |x| ≤ 6); ±1 beyond. */
function erf(x: Dec): Dec {
  if (x.abs().gt(6)) return new D(x.isNeg() ? -1 : 1);
  const x2 = x.mul(x);
  let term = x; // (-1)^n x^(2n+1) / n!
  let sum = x;
  for (let n = 1; n < 400; n++) {
    term = term.mul(x2).neg().div(n);
    const add = term.div(2 * n + 1);
    sum = sum.add(add);
    if (add.abs().lt(TINY)) break;
  }
  return sum.mul(TWO_OVER_SQRT_PI);
}

/** The standard normal distribution function N(x). */
export function normCdf(x: Decimal.Value): Dec {
  return new D(1).add(erf(new D(x).div(SQRT2))).div(2);
}

export interface ModelInputs {
  /** spot, PKR per share */
  spot: Decimal.Value;
  /** strike, PKR per share */
  strike: Decimal.Value;
  /** yearly risk-free rate, a fraction */
  rate: Decimal.Value;
  /** yearly volatility, a fraction */
  sigma: Decimal.Value;
  /** term in years */
  years: Decimal.Value;
}

/** The Black–Scholes value of one share's call and put (PKR, unrounded). */
export function blackScholes(m: ModelInputs): { call: Dec; put: Dec } {
  const S = new D(m.spot);
  const K = new D(m.strike);
  const r = new D(m.rate);
  const sigma = new D(m.sigma);
  const T = new D(m.years);
  if (S.lte(0) || K.lte(0) || sigma.isNeg() || T.isNeg()) throw new RangeError('bad model inputs');
  const discK = K.mul(r.neg().mul(T).exp());
  if (sigma.isZero() || T.isZero()) {
    return { call: D.max(0, S.sub(discK)), put: D.max(0, discK.sub(S)) };
  }
  const volT = sigma.mul(T.sqrt());
  const d1 = S.div(K)
    .ln()
    .add(r.add(sigma.mul(sigma).div(2)).mul(T))
    .div(volT);
  const d2 = d1.sub(volT);
  const call = S.mul(normCdf(d1)).sub(discK.mul(normCdf(d2)));
  const put = discK.mul(normCdf(d2.neg())).sub(S.mul(normCdf(d1.neg())));
  // Never below zero from the last digit of rounding.
  return { call: D.max(0, call), put: D.max(0, put) };
}

/**
 * Annualised realised volatility of daily closes (oldest first, PKR decimal strings): null when fewer than
 * three closes (two returns) or a close is not positive.
 */
export function realisedVolatility(closes: readonly string[]): Dec | null {
  if (closes.length < 3) return null;
  const rets: Dec[] = [];
  for (let i = 1; i < closes.length; i++) {
    const a = new D(closes[i - 1]!);
    const b = new D(closes[i]!);
    if (a.lte(0) || b.lte(0)) return null;
    rets.push(b.div(a).ln());
  }
  const mean = rets.reduce((s, x) => s.add(x), new D(0)).div(rets.length);
  const ss = rets.reduce((s, x) => s.add(x.sub(mean).pow(2)), new D(0));
  return ss
    .div(rets.length - 1)
    .sqrt()
    .mul(new D(TRADING_DAYS_A_YEAR).sqrt());
}

/** The quoted price of one contract: the model value × (1 + spreadBps / 10 000), PKR unrounded. */
export function quotedUnitPrice(fair: Decimal.Value, spreadBps: number): Dec {
  return new D(fair).mul(new D(10_000 + spreadBps).div(10_000));
}

/** The premium of `contracts` contracts in paisa: unit price × contracts, rounded UP to the next paisa. */
export function premiumMinor(unitPrice: Decimal.Value, contracts: number): bigint {
  const paisa = new D(unitPrice).mul(contracts).mul(100).toDecimalPlaces(0, Decimal.ROUND_CEIL);
  return BigInt(paisa.toFixed(0));
}

/** What a contract pays at expiry, in paisa: max(0, S − K) or max(0, K − S), × contracts. */
export function payoffMinor(
  direction: OptionDirection,
  strikeMinor: bigint,
  expiryMinor: bigint,
  contracts: bigint,
): bigint {
  const per = direction === 'call' ? expiryMinor - strikeMinor : strikeMinor - expiryMinor;
  return per > 0n ? per * contracts : 0n;
}

/** (payoff − premium) / premium as a percentage with 2 decimals ("-100.00" when nothing is paid back). */
export function pnlRatioPercent(premium: bigint, payoff: bigint): string {
  if (premium <= 0n) return '0.00';
  return new D((payoff - premium).toString())
    .mul(100)
    .div(premium.toString())
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toFixed(2);
}

/** A Decimal as a plain string with `dp` places (for showing the model's inputs). */
export function fixed(x: Decimal.Value, dp: number): string {
  return new D(x).toDecimalPlaces(dp, Decimal.ROUND_HALF_UP).toFixed(dp);
}

/** A term of `days` in years (days / 365). */
export function yearsOf(days: number): Dec {
  return new D(days).div(DAYS_A_YEAR);
}

/** A yearly fraction as a percent with 2 decimals ('0.11' → '11.00'). */
export function percentOf(fraction: Decimal.Value): string {
  return fixed(new D(fraction).mul(100), 2);
}
