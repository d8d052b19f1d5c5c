// What the positions feed posts, built from a position and its figures, and the comparisons that decide
// whether a row or the totals cross again. Display strings only: the money arithmetic is calc/pnl.ts's.
import type {
  PositionInfoView,
  PositionLiveView,
  PositionTotalsView,
} from '../../../../protocol/positions-api.ts';
import type { Position } from '../../../../protocol/trade.ts';
import type { PnlFigures, TodayFigures } from '../../../calc/pnl.ts';
import { groupDecimal, truncateDecimal } from '../../../display.ts';

export function infoView(p: Position): PositionInfoView {
  return {
    nameEn: p.nameEn,
    nameUr: p.nameUr,
    qty: groupDecimal(p.qty),
    available: groupDecimal(p.available),
    locked: groupDecimal(p.locked),
    avgCost: groupDecimal(truncateDecimal(p.avgCost, 2)),
    cost: groupDecimal(truncateDecimal(p.cost, 2)),
  };
}

/** The three today's fields; empty (not absent) when unknown, so a row that loses them is cleared. */
export function todayView(t: TodayFigures | null): {
  todayPnl: string;
  todayPnlPct: string;
  todayPnlValue: number;
} {
  return t
    ? { todayPnl: t.pnl, todayPnlPct: t.pnlPct, todayPnlValue: t.pnlValue }
    : { todayPnl: '', todayPnlPct: '', todayPnlValue: 0 };
}

export function totalsView(count: number, f: PnlFigures, t: TodayFigures | null): PositionTotalsView {
  return {
    count,
    marketValue: f.marketValue,
    cost: f.cost,
    pnl: f.pnl,
    pnlPct: f.pnlPct,
    pnlValue: f.pnlValue,
    pnlPctValue: f.pnlPctValue,
    ...todayView(t),
  };
}

export function sameLive(a: PositionLiveView | undefined, b: PositionLiveView): boolean {
  return (
    !!a &&
    a.last === b.last &&
    a.marketValue === b.marketValue &&
    a.pnl === b.pnl &&
    a.pnlPct === b.pnlPct &&
    a.todayPnl === b.todayPnl &&
    a.todayPnlPct === b.todayPnlPct
  );
}

export function sameInfo(a: Position, b: Position): boolean {
  return (
    a.qty === b.qty &&
    a.available === b.available &&
    a.locked === b.locked &&
    a.avgCost === b.avgCost &&
    a.cost === b.cost &&
    a.nameEn === b.nameEn &&
    a.nameUr === b.nameUr
  );
}

export function sameTotals(a: PositionTotalsView | null, b: PositionTotalsView): boolean {
  return (
    !!a &&
    a.count === b.count &&
    a.marketValue === b.marketValue &&
    a.cost === b.cost &&
    a.pnl === b.pnl &&
    a.todayPnl === b.todayPnl &&
    a.todayPnlPct === b.todayPnlPct
  );
}
