// The contract account's history (issue 16): `GET coin/contract/order/history`, the caller's executions and
// funding payments, newest first, paged.
//   type=orders (default)  every fill: open, close, TP, SL, liquidation, auto-deleveraging; a liquidation (and a
//                          deleveraged position) carries `reason`: the mark that crossed, the liquidation price
//                          the position had, and the margin lost
//   type=funding           every funding payment of the caller's positions: signed USDT (− paid, + received),
//                          the interval's rate and mark
// `symbol` narrows to one pair; another account's rows are never listed. Amounts as in contract/perp-orders.ts.
import { Type, type Static } from 'typebox';
import { Decimal, envelope, EpochMs, Page } from './envelope.ts';
import { fields, oneOf, opt, text } from './form-fields.ts';
import { PerpExecutionView } from './perp-orders.ts';

export const HistoryParams = fields({
  type: opt(oneOf(['orders', 'funding'], 6, 7)),
  symbol: opt(text(1, 20, { pattern: '^[A-Z0-9]+USDT$', description: "crypto pair, e.g. 'BTCUSDT'" })),
  page: opt(text(1, 6, { pattern: '^[1-9][0-9]{0,5}$', default: '1' })),
  size: opt(text(1, 3, { pattern: '^(?:[1-9]|[1-9][0-9]|100)$', default: '20' })),
});
export type HistoryParams = Static<typeof HistoryParams>;

/** Why a position was closed by the engine: the mark that crossed its liquidation price, and what it cost. */
export const LiquidationReason = Type.Object({
  markPrice: Decimal('the mark price that reached the liquidation price (the fill price)'),
  liqPrice: Type.Union([Decimal('the position’s liquidation price'), Type.Null()]),
  marginLost: Decimal('USDT: the isolated margin the position lost'),
});
export type LiquidationReason = Static<typeof LiquidationReason>;

export const PerpHistoryOrder = Type.Object({
  ...PerpExecutionView.properties,
  reason: Type.Union([LiquidationReason, Type.Null()]),
});
export type PerpHistoryOrder = Static<typeof PerpHistoryOrder>;

export const PerpFundingPayment = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  positionId: Type.Integer({ minimum: 1 }),
  symbol: Type.String(),
  amount: Decimal('USDT: − paid, + received'),
  rate: Decimal('the interval’s funding rate, percent'),
  markPrice: Decimal('the mark the interval settled at'),
  createdAt: EpochMs(),
});
export type PerpFundingPayment = Static<typeof PerpFundingPayment>;

export const HistoryReply = envelope(
  Type.Object({
    type: Type.Enum(['orders', 'funding'], { type: 'string' }),
    orders: Type.Union([Page(PerpHistoryOrder), Type.Null()]),
    funding: Type.Union([Page(PerpFundingPayment), Type.Null()]),
  }),
);
