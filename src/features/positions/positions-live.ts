// The positions screens' one door to live account data (a thin adapter over src/market/, so component tests
// mock one module): the worker's account feed keeps the account's positions (market value, floating and
// today's P&L live per row and in total), its cash and its open orders from the private account channel for
// the whole session, with polling as its fallback. Nothing here fetches or parses: it shapes atoms for views.
import type { StockOrder } from '../../../workers/protocol/trade.ts';
import { useAccountFeedState, useAssetsView, useOpenOrders } from '../../market/account.ts';
import {
  usePositionsList,
  usePositionsSubscription,
  usePositionTotals,
  usePositionValue,
  type PositionView,
} from '../../market/positions.ts';

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
  /** Today's P&L and its %; '' when the server gave no today's inputs (show a dash). */
  todayPnl: string;
  todayPnlPct: string;
  todayDir: Dir;
}

export interface PositionTotals {
  marketValue: string;
  pnl: string;
  pnlPct: string;
  dir: Dir;
  todayPnl: string;
  todayPnlPct: string;
  todayDir: Dir;
}

/** Display strings (formatted in the worker). */
export interface CashView {
  available: string;
  frozen: string;
}

const dirOfValue = (v: number): Dir => (v > 0 ? 'up' : v < 0 ? 'down' : 'flat');

type PnlFigures = Pick<
  PositionView,
  'pnl' | 'pnlPct' | 'pnlValue' | 'todayPnl' | 'todayPnlPct' | 'todayPnlValue'
>;

/** Floating and today's P&L as a row and the totals show them: strings, colours, '' for an unknown today. */
function pnlParts(
  v: PnlFigures,
): Pick<PositionTotals, 'pnl' | 'pnlPct' | 'dir' | 'todayPnl' | 'todayPnlPct' | 'todayDir'> {
  return {
    pnl: v.pnl,
    pnlPct: v.pnlPct,
    dir: dirOfValue(v.pnlValue),
    todayPnl: v.todayPnl ?? '',
    todayPnlPct: v.todayPnlPct ?? '',
    todayDir: dirOfValue(v.todayPnlValue ?? 0),
  };
}

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
    ...pnlParts(v),
  };
}

/** Open orders (pending and partial), newest first, as the account feed last had them; null until then. */
export function useLiveOpenOrders(): readonly StockOrder[] | null {
  return useOpenOrders();
}

export function usePositionSymbols(): readonly string[] | null {
  return usePositionsList();
}

/** One row, read only: the list subscribes the rows on screen (useVisiblePositions). */
export function usePositionRow(symbol: string): PositionRowView | null {
  const v = usePositionValue(symbol);
  return v ? toRow(v) : null;
}

export function useLiveTotals(): PositionTotals | null {
  const t = usePositionTotals();
  if (!t) return null;
  return { marketValue: t.marketValue, ...pnlParts(t) };
}

export function useCash(): CashView | null {
  const a = useAssetsView();
  return a ? { available: a.available, frozen: a.frozen } : null;
}

/**
 * The server ended the session: the feed stopped. The app is already signing out and going to login
 * (src/market/account-apply.ts); until it has, the screen says so instead of loading forever.
 */
export function usePositionsFailed(): boolean {
  return useAccountFeedState() === 'ended';
}

/** The rows on screen: the worker sends row strings only for these. */
export function useVisiblePositions(symbols: readonly string[]): void {
  usePositionsSubscription(symbols);
}
