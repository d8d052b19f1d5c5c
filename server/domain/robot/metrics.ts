// The measured figures of a robot order, as pure functions of its fills, its equity curve and the symbol's
// prices (paisa, bigint; percentages in basis points, truncated toward zero). server/domain/robot/README.md
// says what each means; they are computed from the robot account's own engine fills, so the report is its
// ledger.

export interface FillFact {
  side: 'buy' | 'sell';
  qty: bigint;
  /** price × qty, paisa */
  value: bigint;
  /** trading fees of this fill, paisa */
  fee: bigint;
}

export interface TradeStats {
  /** P&L of the sells against the average cost (buy fees in the cost, sell fees deducted) */
  realised: bigint;
  /** sells (fills) that closed shares */
  closed: number;
  /** of them, with realised P&L > 0 */
  wins: number;
  /** shares still held and what they cost (buy fees included) */
  qty: bigint;
  cost: bigint;
  fees: bigint;
  fills: number;
}

/** Average-cost accounting over the fills, oldest first. */
export function tradeStats(fills: readonly FillFact[]): TradeStats {
  const s: TradeStats = { realised: 0n, closed: 0, wins: 0, qty: 0n, cost: 0n, fees: 0n, fills: 0 };
  for (const f of fills) {
    s.fills++;
    s.fees += f.fee;
    if (f.side === 'buy') {
      s.qty += f.qty;
      s.cost += f.value + f.fee;
      continue;
    }
    const q = f.qty < s.qty ? f.qty : s.qty;
    if (q <= 0n) continue;
    const costOut = (s.cost * q) / s.qty;
    const pnl = f.value - f.fee - costOut;
    s.realised += pnl;
    s.closed++;
    if (pnl > 0n) s.wins++;
    s.cost -= costOut;
    s.qty -= q;
  }
  return s;
}

/** n ÷ d in basis points, truncated toward zero; 0 when d is 0. */
export function bps(n: bigint, d: bigint): bigint {
  return d === 0n ? 0n : (n * 10_000n) / d;
}

/** Basis points as a percentage string with 2 decimals ('-1.25'). */
export function pctText(b: bigint): string {
  const neg = b < 0n;
  const a = neg ? -b : b;
  const s = `${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
  return neg && a !== 0n ? `-${s}` : s;
}

/** The largest fall from a running peak, in basis points of that peak (0 for a curve that never falls). */
export function maxDrawdownBps(equity: readonly bigint[]): bigint {
  let peak = 0n;
  let worst = 0n;
  for (const e of equity) {
    if (e > peak) peak = e;
    else if (peak > 0n) {
      const d = ((peak - e) * 10_000n) / peak;
      if (d > worst) worst = d;
    }
  }
  return worst;
}

export interface FundingFact {
  /** what the robot received (the amount less its entry fee), paisa */
  capital: bigint;
  /** the symbol's price then, paisa */
  price: bigint;
}

/**
 * Buy-and-hold of the same symbol: each amount the robot received, held in the symbol from its funding to
 * `price` (fractional shares, no fees: a benchmark, not an order), truncated to the paisa.
 */
export function buyAndHold(fundings: readonly FundingFact[], price: bigint): bigint {
  let v = 0n;
  for (const f of fundings) if (f.price > 0n) v += (f.capital * price) / f.price;
  return v;
}

/** Whole days between two times (ms). */
export function wholeDays(from: number, to: number): number {
  return Math.max(0, Math.floor((to - from) / 86_400_000));
}
