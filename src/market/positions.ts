// What features use for live positions (issue 4 §5): rows, list and totals the worker's account feed keeps
// live from the account channel (account.ts names the account). The app does no money arithmetic and reads
// no holdings itself.
import { useEffect } from 'react';
import { positionKey } from '../../workers/protocol/positions-api.ts';
import { useAtomValue } from '../shared/state/jotai.ts';
import { marketBridge } from './bridge.ts';
import { useInterest } from './hooks.ts';
import {
  positionAtomFamily,
  positionsListAtom,
  positionTotalsAtom,
  type PositionTotalsView,
  type PositionView,
} from './positions-atoms.ts';

export type { PositionTotalsView, PositionView } from './positions-atoms.ts';

/** Streams these rows' strings while mounted (a virtualised list passes its visible symbols). */
export function usePositionsSubscription(symbols: readonly string[]): void {
  useInterest(symbols.map(positionKey).join('\n'));
}

/** Held symbols in display order; null until the worker has the account's positions. */
export function usePositionsList(): readonly string[] | null {
  useEffect(() => void marketBridge(), []);
  return useAtomValue(positionsListAtom);
}

/** One row's display fields, live; null until it has been on screen once. Subscribes itself. */
export function usePosition(symbol: string | null | undefined): PositionView | null {
  useInterest(symbol ? positionKey(symbol) : '');
  return useAtomValue(positionAtomFamily(symbol ?? ''));
}

/**
 * One row's display fields, read only: for a list that subscribes its visible rows in one go
 * (usePositionsSubscription), so a row costs one atom read and no effect of its own.
 */
export function usePositionValue(symbol: string): PositionView | null {
  return useAtomValue(positionAtomFamily(symbol));
}

/** Count, market value, cost, floating and today's P&L of every position, live; null until loaded. */
export function usePositionTotals(): PositionTotalsView | null {
  useEffect(() => void marketBridge(), []);
  return useAtomValue(positionTotalsAtom);
}
