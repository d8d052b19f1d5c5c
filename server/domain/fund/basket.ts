// The 'basket' fund strategy (pure, bigint paisa): hold each symbol at its target weight of the invested part
// of the pool (NAV × (1 − cash share) − the cash owed to pending redemptions), rebalanced when a holding is
// off its target by more than BAND_BPS of the pool. Sells first (only sellable shares: T+1 applies), then
// buys with the cash above the kept part. Whole shares, with the robots' fee buffer on buys.
// raiseCash: when pending redemptions owe more than the pool's cash, the sells that cover the shortfall now,
// whatever the band (the runner calls it between rebalances, so a large redemption is paid at its own close).
import { FEE_BUFFER_BPS, sharesFor } from '../robot/strategies/types.ts';

export const BAND_BPS = 200n;

export interface BasketView {
  /** available PKR (not reserved by an order) */
  cash: bigint;
  /** cash owed to pending redemptions (kept aside) */
  reserve: bigint;
  cashBps: number;
  targets: ReadonlyArray<{
    symbol: string;
    weightBps: number;
    price: bigint;
    held: bigint;
    sellable: bigint;
  }>;
}

export interface BasketAction {
  symbol: string;
  side: 'buy' | 'sell';
  qty: bigint;
}

export function rebalance(v: BasketView): BasketAction[] {
  const priced = v.targets.filter((t) => t.price > 0n);
  const equity = priced.reduce((s, t) => s + t.held * t.price, v.cash);
  if (equity <= 0n) return [];
  const investable = ((equity - v.reserve) * (10_000n - BigInt(v.cashBps))) / 10_000n;
  const band = (equity * BAND_BPS) / 10_000n;
  const sells: BasketAction[] = [];
  const buys: Array<{ symbol: string; want: bigint; price: bigint }> = [];
  for (const t of priced) {
    const target = investable > 0n ? (investable * BigInt(t.weightBps)) / 10_000n : 0n;
    const diff = target - t.held * t.price;
    if (diff < -band) {
      const qty = (-diff + t.price - 1n) / t.price;
      const q = qty < t.sellable ? qty : t.sellable;
      if (q > 0n) sells.push({ symbol: t.symbol, side: 'sell', qty: q });
    } else if (diff > band) buys.push({ symbol: t.symbol, want: diff, price: t.price });
  }
  let spare = v.cash - v.reserve - (equity * BigInt(v.cashBps)) / 10_000n;
  const out: BasketAction[] = [...sells];
  for (const b of buys) {
    const budget = b.want < spare ? b.want : spare;
    const qty = sharesFor(budget, b.price);
    if (qty <= 0n) continue;
    out.push({ symbol: b.symbol, side: 'buy', qty });
    spare -= qty * b.price;
  }
  return out;
}

/**
 * Sells that raise `v.reserve − v.cash` (plus the fee buffer): from each holding in proportion to its value,
 * whole shares rounded up, only sellable ones; what a holding cannot give (T+1) is taken from the others, largest
 * first. Nothing when the cash already covers what is owed.
 */
export function raiseCash(v: BasketView): BasketAction[] {
  const short = v.reserve - v.cash;
  if (short <= 0n) return [];
  const need = (short * (10_000n + FEE_BUFFER_BPS) + 9_999n) / 10_000n;
  const priced = v.targets.filter((t) => t.price > 0n && t.sellable > 0n);
  const value = priced.reduce((s, t) => s + t.held * t.price, 0n);
  if (value <= 0n) return [];
  const sold = new Map<string, bigint>();
  let raised = 0n;
  for (const t of priced) {
    const part = (need * t.held * t.price + value - 1n) / value;
    const want = (part + t.price - 1n) / t.price;
    const q = want < t.sellable ? want : t.sellable;
    sold.set(t.symbol, q);
    raised += q * t.price;
  }
  for (const t of [...priced].sort((a, b) => {
    const d = b.held * b.price - a.held * a.price;
    return d > 0n ? 1 : d < 0n ? -1 : 0;
  })) {
    if (raised >= need) break;
    const left = t.sellable - sold.get(t.symbol)!;
    const want = (need - raised + t.price - 1n) / t.price;
    const q = want < left ? want : left;
    sold.set(t.symbol, sold.get(t.symbol)! + q);
    raised += q * t.price;
  }
  return priced
    .filter((t) => sold.get(t.symbol)! > 0n)
    .map((t) => ({ symbol: t.symbol, side: 'sell' as const, qty: sold.get(t.symbol)! }));
}
