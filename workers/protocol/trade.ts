// The private account socket's framing (issue 4), and (re-exported under the names the app and worker import)
// the wire types of stock trading: orders, positions, assets, funds records. The types are `Static<>` of the
// TypeBox schemas in contract/trade.ts; imports from there are type-only, so no schema library reaches the worker
// or app bundles. Money and quantities are decimal strings; timestamps are epoch ms.
import type { Assets, Position, StockOrder } from '../../contract/trade.ts';
import type { SpotOrder } from '../../contract/spot.ts';

export type {
  Assets,
  FeeBreakdown,
  Income,
  OrderPreview,
  OrderSide,
  OrderStatistics,
  OrderStatus,
  OrderType,
  PlaceOrderBody,
  Position,
  StockOrder,
  TxRecord,
  TxType,
} from '../../contract/trade.ts';

// WebSocket private channel `account` at ACCOUNT_WS_PATH (its own socket, same message shapes as the market
// socket of ./market.ts). Send {op:'sub', ch:['account'], token: <access token of the real or demo account>};
// the token travels in the message, never in the URL. Answers: snap = AccountSnap (seq 0), then one delta per
// order change (placed, filled, partially filled, cancelled) = AccountDelta with seq + 1; {op:'err', ch:'account',
// code, msg} for a refusal: code WS_ERR.sessionEnded (-1000) for a refused token or an ended session (sign in
// again), others (bad frame, too fast, busy) leave the session standing; {op:'ping', t} → pong;
// {op:'unsub', ch:['account']} → unsubd; hb every 10 s.
// A client without the socket polls stock/order/list?status=open, stock/hold/list and user/assets (same shapes).
export const ACCOUNT_WS_PATH = '/api/ws/account';
export const ACCOUNT_CHANNEL = 'account';

export interface AccountSnap {
  /** open orders (pending and partial), newest first */
  orders: StockOrder[];
  positions: Position[];
  assets: Assets;
}

/**
 * One change of the account: an order change carries `order` (and the positions in its symbol); a T+1 release
 * (bought shares became sellable on the next PSX trading day) carries no order, only the released positions.
 */
export interface AccountDelta {
  order?: StockOrder;
  /** a spot order placed, filled or ended (issue 16; contract/spot.ts) */
  spotOrder?: SpotOrder;
  /**
   * The account's contract positions changed without its own call (a liquidation, a TP/SL fired, a funding
   * payment): the contract screen reads them again (issue 16).
   */
  perp?: true;
  /** the positions in the changed order's symbol (absent from the list when closed out) */
  positions?: Position[];
  assets?: Assets;
}
