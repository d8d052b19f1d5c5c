// Applies the worker's PositionsUpdate to the store: one atom write per row in the update, the list and the
// totals when they changed. No money arithmetic: strings arrive formatted, floats only pick colours.
import type { PositionsUpdate } from '../../workers/protocol/positions-api.ts';
import type { MarketStore } from './market-port.ts';
import {
  positionAtomFamily,
  positionsAccountAtom,
  positionsListAtom,
  positionTotalsAtom,
} from './positions-atoms.ts';

function sameList(a: readonly string[] | null, b: readonly string[]): boolean {
  return !!a && a.length === b.length && a.every((s, k) => s === b[k]);
}

export function applyPositionsUpdate(store: MarketStore, u: PositionsUpdate): void {
  const account = store.get(positionsAccountAtom);
  if (account !== null && u.accountKey !== account) return;
  if (account === null) store.set(positionsAccountAtom, u.accountKey);
  for (const s of u.removed ?? []) {
    store.set(positionAtomFamily(s), null);
    positionAtomFamily.remove(s);
  }
  for (const r of u.rows ?? []) {
    const a = positionAtomFamily(r.symbol);
    const prev = store.get(a);
    const info = r.info ?? prev;
    // A live patch for a row this side never saw in full cannot be shown (the worker sends info first).
    if (!info) continue;
    const { live } = r;
    store.set(a, {
      symbol: r.symbol,
      nameEn: info.nameEn,
      nameUr: info.nameUr,
      qty: info.qty,
      available: info.available,
      locked: info.locked,
      avgCost: info.avgCost,
      cost: info.cost,
      ...live,
      dir: live.dir === 0 ? (prev?.dir ?? 0) : live.dir,
      flash: (prev?.flash ?? 0) + (live.dir === 0 ? 0 : 1),
    });
  }
  // Same order again (a re-read of the hold list): keep the array, so the list does not re-render.
  if (u.symbols && !sameList(store.get(positionsListAtom), u.symbols))
    store.set(positionsListAtom, u.symbols);
  if (u.totals) store.set(positionTotalsAtom, u.totals);
}

/** Another account (or a logout): nothing of the previous one stays on screen while the new one loads. */
export function resetPositions(store: MarketStore, accountKey: string | null): void {
  store.set(positionsAccountAtom, accountKey);
  store.set(positionsListAtom, null);
  store.set(positionTotalsAtom, null);
  for (const s of [...positionAtomFamily.getParams()]) {
    store.set(positionAtomFamily(s), null);
    positionAtomFamily.remove(s);
  }
}
