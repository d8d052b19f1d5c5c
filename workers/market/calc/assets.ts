// The Assets page's balances, live: the server's cash (available, frozen) plus the positions' market value
// and P&L at the feed's prices. Pure: calcAssetsView(assets, book) → display strings, exact (scaled integers).
import type { AssetsView } from '../../protocol/account-api.ts';
import type { Assets } from '../../protocol/trade.ts';
import { placesOf, plainOrZero, pow10, scaledBigInt } from '../../../contract/money.ts';
import { moneyText } from '../../../contract/money-text.ts';
import { totalFigures, totalTodayFigures, type PnlBook } from './pnl.ts';

/** '+1,234.50' → '1,234.50': the balances show a loss with its minus and a gain without a plus. */
const unsigned = (s: string) => (s.startsWith('+') ? s.slice(1) : s);

export function calcAssetsView(a: Assets, book: PnlBook): AssetsView {
  const available = plainOrZero(a.available);
  const frozen = plainOrZero(a.frozen);
  const scale = Math.max(book.ms, placesOf(available), placesOf(frozen));
  const mv = BigInt(book.kernel.totalMarketValue()) * pow10(scale - book.ms);
  const cash = (scaledBigInt(available, scale) ?? 0n) + (scaledBigInt(frozen, scale) ?? 0n);
  const f = totalFigures(book);
  const today = totalTodayFigures(book);
  return {
    total: moneyText(cash + mv, scale),
    available: moneyText(scaledBigInt(available, scale) ?? 0n, scale),
    frozen: moneyText(scaledBigInt(frozen, scale) ?? 0n, scale),
    marketValue: f.marketValue,
    floatingPnl: unsigned(f.pnl),
    floatingPnlValue: f.pnlValue,
    todayPnl: today ? unsigned(today.pnl) : '',
    todayPnlValue: today?.pnlValue ?? 0,
  };
}

export function sameAssetsView(a: AssetsView | null, b: AssetsView): boolean {
  return (
    !!a &&
    a.total === b.total &&
    a.available === b.available &&
    a.frozen === b.frozen &&
    a.marketValue === b.marketValue &&
    a.floatingPnl === b.floatingPnl &&
    a.todayPnl === b.todayPnl
  );
}
