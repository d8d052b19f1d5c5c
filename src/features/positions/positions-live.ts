// The positions screens' one door to live positions (a thin adapter over src/market/positions.ts, so component
// tests mock one module): the account's holdings go to the market worker, which keeps market value and
// floating P&L live per row and in total; the cash beside them (available, frozen) is the server's.
// Holdings are re-read while a screen is open, because a resting limit order can fill at any time.
import { useEffect } from 'react';
import type { Position } from '../../../workers/protocol/trade.ts';
import {
  setPositions,
  usePosition,
  usePositionsList,
  usePositionsSubscription,
  usePositionTotals,
  type PositionView,
} from '../../market/positions.ts';
import { appStore, atom, useAtomValue } from '../../shared/state/jotai.ts';
import { fetchAssets, fetchHoldings } from './positions-api.ts';

export type Dir = 'up' | 'down' | 'flat';

/** One row as the list shows it: display strings (formatted exactly in the worker) and a colour. */
export interface PositionRowView {
  symbol: string;
  nameEn: string;
  nameUr: string;
  qty: string;
  available: string;
  locked: string;
  avgCost: string;
  last: string;
  marketValue: string;
  pnl: string;
  pnlPct: string;
  dir: Dir;
}

export interface PositionTotals {
  marketValue: string;
  pnl: string;
  pnlPct: string;
  dir: Dir;
}

export interface CashView {
  available: string;
  frozen: string;
}

export const REFRESH_MS = 5000;
/** The server's page-size limit. */
const PAGE = 100;

const cashAtom = atom<CashView | null>(null);
const failedAtom = atom(false);

const dirOfValue = (v: number): Dir => (v > 0 ? 'up' : v < 0 ? 'down' : 'flat');

function toRow(v: PositionView): PositionRowView {
  return {
    symbol: v.symbol,
    nameEn: v.nameEn,
    nameUr: v.nameUr,
    qty: v.qty,
    available: v.available,
    locked: v.locked,
    avgCost: v.avgCost,
    last: v.last,
    marketValue: v.marketValue,
    pnl: v.pnl,
    pnlPct: v.pnlPct,
    dir: dirOfValue(v.pnlValue),
  };
}

async function loadAll(): Promise<Position[] | undefined> {
  const all: Position[] = [];
  for (let page = 1; page <= 1000; page++) {
    const res = await fetchHoldings(page, PAGE);
    if (!res) return undefined;
    all.push(...res.list);
    if (res.list.length < PAGE || all.length >= res.total) break;
  }
  return all;
}

/** Reads holdings and cash once and hands the holdings to the worker; false when the server failed. */
export async function reloadPositions(accountKey: string): Promise<boolean> {
  try {
    const [list, assets] = await Promise.all([loadAll(), fetchAssets()]);
    if (list) setPositions(accountKey, list);
    if (assets) appStore.set(cashAtom, { available: assets.available, frozen: assets.frozen });
    appStore.set(failedAtom, !list);
    return !!list;
  } catch {
    appStore.set(failedAtom, true);
    return false;
  }
}

/** Keeps the account's holdings in the worker fresh while the calling screen is mounted. */
export function usePositionsFeed(accountKey: string): void {
  useEffect(() => {
    appStore.set(cashAtom, null);
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      await reloadPositions(accountKey);
      if (!stop) timer = setTimeout(() => void tick(), REFRESH_MS);
    };
    void tick();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [accountKey]);
}

export function usePositionSymbols(): readonly string[] | null {
  return usePositionsList();
}

export function usePositionRow(symbol: string): PositionRowView | null {
  const v = usePosition(symbol);
  return v ? toRow(v) : null;
}

export function useLiveTotals(): PositionTotals | null {
  const t = usePositionTotals();
  if (!t) return null;
  return { marketValue: t.marketValue, pnl: t.pnl, pnlPct: t.pnlPct, dir: dirOfValue(t.pnlValue) };
}

export function useCash(): CashView | null {
  return useAtomValue(cashAtom);
}

export function usePositionsFailed(): boolean {
  return useAtomValue(failedAtom);
}

/** The rows on screen: the worker sends row strings only for these. */
export function useVisiblePositions(symbols: readonly string[]): void {
  usePositionsSubscription(symbols);
}
