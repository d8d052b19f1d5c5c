// The positions screens' one door to live positions: symbols in display order, one row per symbol and the
// totals. Rows are per-symbol atoms, so a price move re-renders only the rows of that symbol.
// Source: the server's snapshot (stock/hold/list + user/assets), refreshed while a screen is open. The market
// worker's live P&L (src/market/positions*) replaces the refresh when it lands; the shapes here stay.
import { useEffect } from 'react';
import { atomFamily } from 'jotai-family';
import type { Position } from '../../../workers/protocol/trade.ts';
import { appStore, atom, useAtomValue } from '../../shared/state/jotai.ts';
import { fetchAssets, fetchHoldings } from './positions-api.ts';

export interface PositionTotals {
  marketValue: string;
  pnl: string;
  available: string;
  frozen: string;
  total: string;
}

export const REFRESH_MS = 3000;
const PAGE = 500;

const symbolsAtom = atom<readonly string[] | null>(null);
const rowAtomFamily = atomFamily((_symbol: string) => atom<Position | null>(null));
const totalsAtom = atom<PositionTotals | null>(null);
const failedAtom = atom(false);

function samePosition(a: Position | null, b: Position): boolean {
  return (
    !!a &&
    a.qty === b.qty &&
    a.available === b.available &&
    a.locked === b.locked &&
    a.lastPrice === b.lastPrice &&
    a.pnl === b.pnl &&
    a.marketValue === b.marketValue &&
    a.avgCost === b.avgCost
  );
}

/** Puts a full snapshot into the atoms; only changed rows are written (and so re-rendered). */
export function setPositions(list: readonly Position[]): void {
  const prev = appStore.get(symbolsAtom) ?? [];
  const next = list.map((p) => p.symbol);
  for (const p of list) {
    const a = rowAtomFamily(p.symbol);
    if (!samePosition(appStore.get(a), p)) appStore.set(a, p);
  }
  const keep = new Set(next);
  for (const s of prev) if (!keep.has(s)) appStore.set(rowAtomFamily(s), null);
  if (prev.length !== next.length || prev.some((s, i) => s !== next[i])) appStore.set(symbolsAtom, next);
}

async function loadAll(): Promise<Position[] | undefined> {
  const all: Position[] = [];
  for (let page = 1; page <= 400; page++) {
    const res = await fetchHoldings(page, PAGE);
    if (!res) return undefined;
    all.push(...res.list);
    if (res.list.length < PAGE || all.length >= res.total) break;
  }
  return all;
}

/** Reads positions and totals once; false when the server could not be reached. */
export async function reloadPositions(): Promise<boolean> {
  try {
    const [list, assets] = await Promise.all([loadAll(), fetchAssets()]);
    if (list) setPositions(list);
    if (assets)
      appStore.set(totalsAtom, {
        marketValue: assets.marketValue,
        pnl: assets.floatingPnl,
        available: assets.available,
        frozen: assets.frozen,
        total: assets.total,
      });
    appStore.set(failedAtom, !list);
    return !!list;
  } catch {
    appStore.set(failedAtom, true);
    return false;
  }
}

/** Keeps positions fresh while the calling screen is mounted (`key` changes, e.g. the account, reload). */
export function usePositionsFeed(key: string): void {
  useEffect(() => {
    appStore.set(symbolsAtom, null);
    appStore.set(totalsAtom, null);
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      await reloadPositions();
      if (!stop) timer = setTimeout(() => void tick(), REFRESH_MS);
    };
    void tick();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [key]);
}

export function usePositionSymbols(): readonly string[] | null {
  return useAtomValue(symbolsAtom);
}

export function usePositionRow(symbol: string): Position | null {
  return useAtomValue(rowAtomFamily(symbol));
}

export function usePositionTotals(): PositionTotals | null {
  return useAtomValue(totalsAtom);
}

export function usePositionsFailed(): boolean {
  return useAtomValue(failedAtom);
}

/** The rows on screen (a virtualised list reports them); the worker streams only these symbols' prices. */
export function useVisiblePositions(_symbols: readonly string[]): void {
  // Snapshot source: everything refreshes together, nothing to narrow.
}
