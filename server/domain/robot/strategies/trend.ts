// Trend following: a moving-average cross on the simulator's minute closes. In the market (all cash in shares)
// while the fast average is above the slow one; out (every sellable share sold) while it is below. Nothing
// happens until `slow` minute closes exist.
import { sharesFor, wholeIn, type Decision, type MarketView, type RobotHoldings } from './types.ts';

export interface TrendParams {
  fast: number;
  slow: number;
}

export type TrendMemory = Record<string, never>;
export const TREND_START: TrendMemory = {};

export function trendParams(json: Record<string, unknown>): TrendParams {
  const fast = wholeIn(json.fast, 1, 500, 'fast');
  const slow = wholeIn(json.slow, 2, 1000, 'slow');
  if (fast >= slow) throw new Error('bad fast/slow');
  return { fast, slow };
}

/** Sum of the last n values (n ≤ length). */
function tailSum(xs: readonly bigint[], n: number): bigint {
  let s = 0n;
  for (let i = xs.length - n; i < xs.length; i++) s += xs[i]!;
  return s;
}

/** +1 fast above slow, −1 below, 0 equal or not enough closes; compared without division. */
export function maCross(closes: readonly bigint[], fast: number, slow: number): -1 | 0 | 1 {
  if (closes.length < slow) return 0;
  const f = tailSum(closes, fast) * BigInt(slow);
  const s = tailSum(closes, slow) * BigInt(fast);
  return f > s ? 1 : f < s ? -1 : 0;
}

export function decideTrend(
  p: TrendParams,
  m: TrendMemory,
  r: RobotHoldings,
  v: MarketView,
): Decision<TrendMemory> {
  if (!v.open || v.price <= 0n) return { actions: [], memory: m };
  const cross = maCross(v.closes, p.fast, p.slow);
  const held = r.shares + r.locked;
  if (cross > 0 && held === 0n) {
    const qty = sharesFor(r.cash, v.price);
    return { actions: qty > 0n ? [{ side: 'buy', qty, reason: 'trendBuy' }] : [], memory: m };
  }
  if (cross < 0 && r.shares > 0n)
    return { actions: [{ side: 'sell', qty: r.shares, reason: 'trendSell' }], memory: m };
  return { actions: [], memory: m };
}
