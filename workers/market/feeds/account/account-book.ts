// How one account-channel delta changes what the feed holds: the open-orders list (an order that is no longer
// pending or partial leaves it) and which positions to upsert or drop. Pure functions, no state.
import type { AccountDelta, Position, StockOrder } from '../../../protocol/trade.ts';

const OPEN = new Set(['pending', 'partial']);

/** The open orders after `order` changed: replaced in place, added at the front (newest first), or removed. */
export function applyOrder(orders: readonly StockOrder[], order: StockOrder): StockOrder[] {
  const at = orders.findIndex((o) => o.id === order.id);
  const open = OPEN.has(order.status);
  if (at < 0) return open ? [order, ...orders] : orders.slice();
  const next = orders.slice();
  if (open) next[at] = order;
  else next.splice(at, 1);
  return next;
}

/**
 * A delta's positions replace those of its symbols; the changed order's symbol absent from them was closed
 * out (sold to zero).
 */
export function positionChanges(d: AccountDelta): { upsert: Position[]; remove: string | null } {
  if (!d.positions) return { upsert: [], remove: null };
  const sym = d.order?.symbol;
  const closed = sym !== undefined && !d.positions.some((p) => p.symbol === sym);
  return { upsert: d.positions, remove: closed ? sym : null };
}
