// What features use for live positions (issue 4 §5): hand the account's positions to the worker, and read
// rows, list and totals it keeps live. The app does no money arithmetic: it fetches GET stock/hold/list
// pages with its own session and passes the Position objects through untouched.
import { useEffect } from 'react';
import { positionKey } from '../../workers/protocol/market-api.ts';
import type { Position } from '../../workers/protocol/trade.ts';
import { appStore, useAtomValue } from '../shared/state/jotai.ts';
import { marketBridge } from './bridge.ts';
import { useInterest } from './hooks.ts';
import { resetPositions } from './positions-apply.ts';
import {
  positionAtomFamily,
  positionsAccountAtom,
  positionsListAtom,
  positionsRereadAtom,
  positionTotalsAtom,
  type PositionTotalsView,
  type PositionView,
} from './positions-atoms.ts';

export type { PositionTotalsView, PositionView } from './positions-atoms.ts';

/**
 * Replaces the account's positions (all pages, or the first one then `upsertPositions` for the rest).
 * `accountKey` names the account ('real' / 'demo', or user:account): switching it clears every row, the
 * list and the totals at once, so two accounts never mix. An empty list clears (logout).
 */
export function setPositions(accountKey: string, positions: Position[]): void {
  const { port } = marketBridge();
  if (appStore.get(positionsAccountAtom) !== accountKey) resetPositions(appStore, accountKey);
  void port.setPositions?.(accountKey, positions);
}

/** Adds or replaces positions by symbol (more pages, a fill from the account channel). */
export function upsertPositions(accountKey: string, positions: Position[]): void {
  void marketBridge().port.upsertPositions?.(accountKey, positions);
}

export function removePosition(accountKey: string, symbol: string): void {
  void marketBridge().port.removePosition?.(accountKey, symbol);
}

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

/**
 * Calls `reread` whenever the worker finds the account's hold list stale (a held symbol's trading day rolled
 * over: today's shares and T+1 locks changed on the server). Returns the unsubscribe.
 */
export function onPositionsStale(reread: () => void): () => void {
  return appStore.sub(positionsRereadAtom, reread);
}

/** Count, market value, cost, floating and today's P&L of every position, live; null until loaded. */
export function usePositionTotals(): PositionTotalsView | null {
  useEffect(() => void marketBridge(), []);
  return useAtomValue(positionTotalsAtom);
}
