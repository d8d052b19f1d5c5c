// What a matching pass needs of a market feed step: its time and its PSX prints per symbol, in tape order; and
// how two steps become one when the second arrives while a pass runs (step-queue.ts): every print kept.
import type { MarketTick } from '../market/market-source.ts';
import { parseMinor } from '../../../contract/money.ts';

export interface Print {
  price: bigint;
  qty: bigint;
}

export interface Step {
  ts: number;
  prints: Map<string, Print[]>;
}

export function stepOf(tick: MarketTick): Step {
  const prints = new Map<string, Print[]>();
  for (const u of tick.updates) {
    if (u.market !== 'psx' || u.trades.length === 0) continue;
    const list = u.trades
      .map((t) => ({ price: parseMinor(t.p, 2), qty: parseMinor(t.q, 0) }))
      .filter((t): t is Print => t.price !== null && t.qty !== null && t.qty > 0n);
    if (list.length) prints.set(u.symbol, [...(prints.get(u.symbol) ?? []), ...list]);
  }
  return { ts: tick.ts, prints };
}

/** Two steps as one: the later time, every print of both in order. */
export function mergeSteps(earlier: Step, later: Step): Step {
  for (const [symbol, list] of later.prints) {
    const kept = earlier.prints.get(symbol);
    if (!kept) earlier.prints.set(symbol, list);
    else for (const p of list) kept.push(p);
  }
  return { ts: later.ts, prints: earlier.prints };
}
