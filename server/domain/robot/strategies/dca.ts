// Dollar-cost averaging (derivatives.md §4, Binance spot DCA): the first slice at the start, one more slice each
// time the price has fallen dipPct below the last buy (and at least intervalMin after it), at most `slices`
// slices per cycle; when the price reaches takeProfitPct above the average cost (fees included) it sells every
// sellable share and starts a new cycle. Each slice spends the cash left ÷ the slices left.
import {
  offsetBps,
  pctToBps,
  sharesFor,
  wholeIn,
  type Decision,
  type MarketView,
  type RobotHoldings,
} from './types.ts';

export interface DcaParams {
  slices: number;
  intervalMin: number;
  dipBps: bigint;
  takeProfitBps: bigint;
}

export interface DcaMemory {
  /** slices bought in this cycle */
  buys: number;
  /** paisa, as a string ('' before the first buy) */
  lastBuyPrice: string;
  lastBuyT: number;
}

export const DCA_START: DcaMemory = { buys: 0, lastBuyPrice: '', lastBuyT: 0 };

export function dcaParams(json: Record<string, unknown>): DcaParams {
  return {
    slices: wholeIn(json.slices, 1, 100, 'slices'),
    intervalMin: wholeIn(json.intervalMin, 0, 10_080, 'intervalMin'),
    dipBps: pctToBps(json.dipPct, 'dipPct'),
    takeProfitBps: pctToBps(json.takeProfitPct, 'takeProfitPct'),
  };
}

export function decideDca(p: DcaParams, m: DcaMemory, r: RobotHoldings, v: MarketView): Decision<DcaMemory> {
  if (!v.open || v.price <= 0n) return { actions: [], memory: m };
  const held = r.shares + r.locked;
  if (held > 0n && r.shares > 0n && v.price * held >= offsetBps(r.cost, p.takeProfitBps)) {
    const rest = r.locked > 0n ? m : DCA_START;
    return { actions: [{ side: 'sell', qty: r.shares, reason: 'dcaTakeProfit' }], memory: rest };
  }
  if (m.buys >= p.slices) return { actions: [], memory: m };
  if (m.buys > 0) {
    const last = BigInt(m.lastBuyPrice || '0');
    if (v.price > offsetBps(last, -p.dipBps)) return { actions: [], memory: m };
    if (v.t - m.lastBuyT < p.intervalMin * 60_000) return { actions: [], memory: m };
  }
  const budget = r.cash / BigInt(p.slices - m.buys);
  const qty = sharesFor(budget, v.price);
  if (qty === 0n) return { actions: [], memory: m };
  return {
    actions: [{ side: 'buy', qty, reason: 'dcaBuy' }],
    memory: { buys: m.buys + 1, lastBuyPrice: v.price.toString(), lastBuyT: v.t },
  };
}
