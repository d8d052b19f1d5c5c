// PSX limit orders are DAY orders: what is still open when the trading session closes is cancelled by the
// exchange, with the reason EXPIRED_REASON, its frozen remainder released and its fills kept. An order expires at
// the first PSX close after it was placed, so an order placed after a close (limit orders are accepted while
// closed) lives until the next trading day's close. With PSX_ALWAYS_OPEN the market never closes, so nothing
// expires while the switch is on; the first real close (or a start without the switch) ends what is left.
import type { Db } from '../../db/database.ts';
import { DAY_MS, pktDayStart, psxSessions } from '../market/calendar.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { cancelOrder } from './fills.ts';
import { openLimitOrdersPlacedBefore, type OrderRow } from './orders-repo.ts';

/** Why an order ended at the close (a key of locales/errors.json); the order's state is 'cancelled'. */
export const EXPIRED_REASON = 'trade.expired';

/** How far back a close is looked for: longer than any run of PSX holidays and weekends. */
const LOOKBACK_DAYS = 60;

/** The close of the PSX trading day containing ts (end of its last session), or null on a closed day. */
export function psxCloseOf(ts: number): number | null {
  const spans = psxSessions(ts);
  return spans[spans.length - 1]?.to ?? null;
}

/** The latest PSX close at or before `now`: every DAY order placed before it has expired. */
export function lastPsxClose(now: number): number | null {
  for (let day = pktDayStart(now), i = 0; i < LOOKBACK_DAYS; day -= DAY_MS, i++) {
    const close = psxCloseOf(day);
    if (close !== null && close <= now) return close;
  }
  return null;
}

/** When an order placed at `placedAt` expires: the first PSX close after it. */
export function expiresAt(placedAt: number): number | null {
  for (let day = pktDayStart(placedAt), i = 0; i < LOOKBACK_DAYS; day += DAY_MS, i++) {
    const close = psxCloseOf(day);
    if (close !== null && close > placedAt) return close;
  }
  return null;
}

/**
 * Ends every open limit order (all accounts, real and demo) placed before `close`: the caller runs this inside
 * its transaction (inTx) and passes its handle, so the state change and the ledger release commit together.
 * The orders' accounts are locked (ledger/locks.ts) and the orders read again under the locks, so an order
 * cancelled or filled meanwhile is not ended twice. Returns the orders it ended; a second call with the same
 * close finds none.
 */
export async function expireDayOrders(db: Db, close: number, now: number): Promise<OrderRow[]> {
  let ended = await openLimitOrdersPlacedBefore(db, close);
  if (
    await lockAccounts(
      db,
      ended.map((o) => o.accountId),
    )
  ) {
    const locked = new Set(ended.map((o) => o.accountId));
    ended = (await openLimitOrdersPlacedBefore(db, close)).filter((o) => locked.has(o.accountId));
  }
  for (const order of ended) await cancelOrder(db, order, now, EXPIRED_REASON);
  return ended;
}
