// Exact (untruncated) values of a P&L book as plain decimal strings: what tests and audits compare with
// decimal.js. The screens use the truncated figures of calc/pnl.ts instead.
import { formatMinor } from '../../../contract/money.ts';
import type { PnlBook } from './pnl.ts';

/** Exact (untruncated) market value, P&L and today's P&L of a position: for checks against decimal.js. */
export function positionExact(
  book: PnlBook,
  key: string,
): { marketValue: string; pnl: string; todayPnl: string | null } | null {
  const i = book.index.get(key);
  if (i === undefined) return null;
  const k = book.kernel;
  return {
    marketValue: formatMinor(k.marketValue(i), book.ms),
    pnl: formatMinor(k.pnl(i), book.ms),
    todayPnl: book.todayKnown[i] ? formatMinor(k.todayPnl(i), book.ms) : null,
  };
}

export function totalsExact(book: PnlBook): {
  marketValue: string;
  cost: string;
  pnl: string;
  todayPnl: string | null;
} {
  const k = book.kernel;
  return {
    marketValue: formatMinor(k.totalMarketValue(), book.ms),
    cost: formatMinor(k.totalCost(), book.ms),
    pnl: formatMinor(k.totalPnl(), book.ms),
    todayPnl: book.todayMissing ? null : formatMinor(k.totalTodayPnl(), book.ms),
  };
}
