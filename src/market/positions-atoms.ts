// Atoms of the account's live positions, written only by positions-apply.ts from the worker's
// PositionsUpdate: one atom per symbol (a tick re-renders only that row), the ordered list, the totals and
// the account they belong to. Features read them through positions.ts.
import type {
  PositionInfoView,
  PositionLiveView,
  PositionTotalsView,
} from '../../workers/protocol/positions-api.ts';
import { atom, atomFamily } from '../shared/state/jotai.ts';

/** One positions row. Strings are final display text (exact, formatted in the worker). */
export interface PositionView extends PositionInfoView, PositionLiveView {
  symbol: string;
  /** Increments on every price move: key a flash animation on it so equal directions flash again. */
  flash: number;
}

export type { PositionTotalsView } from '../../workers/protocol/positions-api.ts';

/** null until the row is first on screen and the worker has sent it. */
export const positionAtomFamily = atomFamily((_symbol: string) => atom<PositionView | null>(null));
/** Held symbols in display order; null = not loaded yet (show a skeleton). */
export const positionsListAtom = atom<readonly string[] | null>(null);
export const positionTotalsAtom = atom<PositionTotalsView | null>(null);
/** The account the app last handed positions for: updates for any other account are stale and dropped. */
export const positionsAccountAtom = atom<string | null>(null);
