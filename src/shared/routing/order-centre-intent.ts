// What a screen asks of the order centre when it sends the user there (navigation state of the positions tab):
// which of its lists to open and which order to point at. The trade screen uses it after an order so that a
// market order that filled at once shows under History (and one that rests under In progress) instead of an
// empty In progress list. Lives in shared/ because trade and positions are features that do not import each
// other.
import type { OrderStatus } from '../../../workers/protocol/trade.ts';

/** The order centre's lists (spec §4 order states). */
export const ORDER_CENTRE_TABS = [
  'pending',
  'partial',
  'filled',
  'cancelled',
] as const satisfies readonly OrderStatus[];
export type OrderCentreTab = (typeof ORDER_CENTRE_TABS)[number];

export interface OrderCentreIntent {
  orderTab: OrderCentreTab;
  /** The order the user just placed. */
  orderId: number;
}

/** The list an order is found in: its state's own; a refused one (never stored as open) under Cancelled. */
export function orderCentreTabOf(status: OrderStatus): OrderCentreTab {
  return status === 'rejected' ? 'cancelled' : status;
}

/** The intent carried by a navigation's state, or null (anything else there is ignored). */
export function readOrderCentreIntent(state: unknown): OrderCentreIntent | null {
  if (typeof state !== 'object' || state === null) return null;
  const { orderTab, orderId } = state as Record<string, unknown>;
  if (typeof orderId !== 'number' || !(ORDER_CENTRE_TABS as readonly unknown[]).includes(orderTab))
    return null;
  return { orderTab: orderTab as OrderCentreTab, orderId };
}
