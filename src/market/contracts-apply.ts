// Applies the worker's ContractsUpdate: one atom write per shown position row that changed, one for the totals.
// No arithmetic: the strings arrive final, the numbers only pick a colour and the margin-ratio warning.
import type {
  ContractLiveView,
  ContractsTotalsView,
  ContractsUpdate,
} from '../../workers/protocol/contracts-api.ts';
import { atom, atomFamily } from '../shared/state/jotai.ts';
import type { MarketStore } from './market-port.ts';

/** One position's live figures; null until the worker has valued it. */
export const contractLiveAtomFamily = atomFamily((_id: number) => atom<ContractLiveView | null>(null));
/** All open positions' Σ uPnL and how many are at risk; null until the worker has valued them. */
export const contractTotalsAtom = atom<ContractsTotalsView | null>(null);
/** The account the app last handed positions for: updates for another are stale and dropped. */
export const contractsAccountAtom = atom<string | null>(null);

export function applyContractsUpdate(store: MarketStore, u: ContractsUpdate): void {
  if (store.get(contractsAccountAtom) !== u.accountKey) return;
  for (const id of u.removed ?? []) {
    store.set(contractLiveAtomFamily(id), null);
    contractLiveAtomFamily.remove(id);
  }
  for (const r of u.rows) store.set(contractLiveAtomFamily(r.id), r);
  if (u.totals) store.set(contractTotalsAtom, u.totals);
}

/** Another account: nothing of the previous one stays. */
export function resetContracts(store: MarketStore, accountKey: string): void {
  store.set(contractsAccountAtom, accountKey);
  store.set(contractTotalsAtom, null);
  for (const id of [...contractLiveAtomFamily.getParams()]) {
    store.set(contractLiveAtomFamily(id), null);
    contractLiveAtomFamily.remove(id);
  }
}
