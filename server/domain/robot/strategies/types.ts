// What a strategy sees and says. A strategy is a PURE function `decide(params, memory, robot, market)`: no I/O,
// no clock, no randomness; the runner (../runner.ts) turns its actions into real market orders through the
// trading engine in the robot's own account, and keeps the memory it returns only once they were placed.
// Money and prices are paisa (bigint); quantities whole shares (PSX lot 1).

export interface RobotHoldings {
  /** available cash of the robot's account */
  cash: bigint;
  /** sellable shares */
  shares: bigint;
  /** shares bought on this PSX day (T+1: not sellable yet) */
  locked: bigint;
  /** what the held shares (shares + locked) cost, buy fees included */
  cost: bigint;
}

export interface MarketView {
  t: number;
  /** last price */
  price: bigint;
  /** PSX is open: market orders may be placed */
  open: boolean;
  /** the symbol's recent minute closes, oldest first (the trend follower's input) */
  closes: readonly bigint[];
}

export type ReasonKey =
  'dcaBuy' | 'dcaTakeProfit' | 'gridBuy' | 'gridSell' | 'trendBuy' | 'trendSell' | 'exitSell';

export interface Action {
  side: 'buy' | 'sell';
  qty: bigint;
  reason: ReasonKey;
}

export interface Decision<M> {
  actions: Action[];
  memory: M;
}

/** Cash held back per buy for the trading fees (0.50 %: PSX fees are about 0.2 %, more on cheap shares). */
export const FEE_BUFFER_BPS = 50n;

/** Whole shares `budget` buys at `price` with the fee buffer (0 when it buys none). */
export function sharesFor(budget: bigint, price: bigint): bigint {
  if (budget <= 0n || price <= 0n) return 0n;
  return (budget * 10_000n) / (price * (10_000n + FEE_BUFFER_BPS));
}

/** `price` moved by `bps` basis points (negative: down), truncated to the paisa. */
export function offsetBps(price: bigint, bps: bigint): bigint {
  return (price * (10_000n + bps)) / 10_000n;
}

/** A JSON number of percent (e.g. 0.5) as whole basis points; refuses anything else. */
export function pctToBps(x: unknown, name: string): bigint {
  if (typeof x !== 'number' || !Number.isFinite(x) || x < 0 || x > 100) throw new Error(`bad ${name}`);
  return BigInt(Math.round(x * 100));
}

/** A JSON whole number within [min, max]. */
export function wholeIn(x: unknown, min: number, max: number, name: string): number {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max) throw new Error(`bad ${name}`);
  return x;
}
