// The allocation of a placement (contract/placement.ts, rule 'full-or-pro-rata-lots/v1'). Pure: no clock, no
// randomness, so anyone can re-run it from the applications alone.
//   1. Demand ≤ offered: every application is allocated in full.
//   2. Oversubscribed: the offered lots are shared pro rata to the lots each applied for, rounded down; the lots
//      that rounding leaves go one each to the largest remainders, ties to the earlier application (lower id).
// Nobody gets more than they applied for and the total never exceeds what was offered.
import { PLACEMENT_RULE } from '../../../contract/placement.ts';

export interface Ask {
  id: number;
  /** shares applied for: a positive multiple of the lot */
  qty: number;
}

export interface Allocation {
  id: number;
  applied: number;
  allocated: number;
}

export interface AllocationResult {
  rule: typeof PLACEMENT_RULE;
  offered: number;
  applied: number;
  allocated: number;
  oversubscribed: boolean;
  /** in the order the applications were given */
  allocations: Allocation[];
}

export function allocate(offered: number, asks: readonly Ask[], lot: number): AllocationResult {
  if (!Number.isSafeInteger(lot) || lot <= 0) throw new RangeError('lot must be a positive whole number');
  if (!Number.isSafeInteger(offered) || offered < 0)
    throw new RangeError('offered must be a whole number ≥ 0');
  const ids = new Set<number>();
  for (const a of asks) {
    if (ids.has(a.id)) throw new RangeError(`application ${a.id} appears twice`);
    ids.add(a.id);
    if (!Number.isSafeInteger(a.qty) || a.qty <= 0 || a.qty % lot !== 0)
      throw new RangeError(`application ${a.id} must ask for a positive multiple of ${lot}`);
  }
  const applied = asks.reduce((s, a) => s + a.qty, 0);
  const base = { rule: PLACEMENT_RULE, offered, applied } as const;
  if (applied <= offered) {
    const allocations = asks.map((a) => ({ id: a.id, applied: a.qty, allocated: a.qty }));
    return { ...base, allocated: applied, oversubscribed: false, allocations };
  }
  const offeredLots = BigInt(Math.floor(offered / lot));
  const totalLots = BigInt(applied / lot);
  const shares = asks.map((a) => {
    const exact = BigInt(a.qty / lot) * offeredLots;
    return { id: a.id, applied: a.qty, lots: exact / totalLots, rem: exact % totalLots };
  });
  let left = offeredLots - shares.reduce((s, x) => s + x.lots, 0n);
  const byRemainder = [...shares].sort((x, y) => (x.rem === y.rem ? x.id - y.id : x.rem > y.rem ? -1 : 1));
  for (const x of byRemainder) {
    if (left <= 0n) break;
    if (x.rem === 0n) continue;
    x.lots += 1n;
    left -= 1n;
  }
  const allocations = shares.map((x) => ({ id: x.id, applied: x.applied, allocated: Number(x.lots) * lot }));
  const allocated = allocations.reduce((s, a) => s + a.allocated, 0);
  return { ...base, allocated, oversubscribed: true, allocations };
}
