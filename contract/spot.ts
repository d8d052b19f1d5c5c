// Spot trading calls (issue 16): POST coin/order/add, POST coin/order/close, GET coin/order/list, GET
// coin/order/query, and GET coin/spot/balances (extension: the spot account's available and frozen balance in
// one asset pair, for the order form). Arithmetic and units: contract/spot-rules.ts.
//
// Decisions written down here:
// - type market|limit; timeInForce GTC (rest until filled or cancelled), IOC (take what the book offers at the
//   limit or better, cancel the rest) or POST_ONLY (refused if it would take at once; rests as maker). Market
//   orders are IOC by nature (a remainder the book cannot fill is cancelled); timeInForce is ignored for them,
//   except POST_ONLY, which a market order cannot be (refused).
// - A market buy gives either qty (coins to buy) or quoteQty (USDT to spend, like Binance's quoteOrderQty); a
//   market sell and every limit order give qty. Limit orders give price.
// - clientOrderId is unique per account: a retry with the same id and the same order returns the first order;
//   the same id for a different order is refused.
// - Fees are charged in the asset received; `fee` and `feeAsset` say how much of which.
// - Placing an order (coin/order/add) commits money: it takes the transaction password (`tradePassword`, the
//   stock order's field) on every account and KYC on the real one, as stock orders do. Cancelling
//   (coin/order/close) only releases what the order holds and takes neither, as a stock cancel.
import { Type, type Static } from 'typebox';
import { Decimal, envelope, EpochMs, Page } from './envelope.ts';
import { fields, idString, oneOf, opt, text } from './form-fields.ts';
import { ORDER_SIDES, ORDER_TYPES, OrderSide, OrderStatus, OrderType } from './trade.ts';
import { AccountType, sixDigits } from './user.ts';

export const SPOT_TIFS = ['GTC', 'IOC', 'POST_ONLY'] as const;
export const SpotTif = Type.Enum(SPOT_TIFS, { type: 'string' });
export type SpotTif = Static<typeof SpotTif>;

export const SpotOrder = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  clientOrderId: Type.String(),
  accountType: AccountType,
  symbol: Type.String({ description: 'the pair, e.g. BTCUSDT' }),
  base: Type.String({ description: 'the coin, e.g. BTC' }),
  quote: Type.String({ description: 'always USDT' }),
  side: OrderSide,
  type: OrderType,
  timeInForce: SpotTif,
  price: Decimal("limit price in USDT; '0' for market orders"),
  qty: Decimal("coins asked for; '0' for a market buy by quoteQty"),
  quoteQty: Decimal("USDT a market buy may spend; '0' otherwise"),
  filledQty: Decimal('coins filled'),
  avgPrice: Decimal("average fill price ('0' before the first fill)"),
  amount: Decimal('USDT paid (buy) or received before the fee (sell) so far'),
  fee: Decimal('fees charged so far, in feeAsset'),
  feeAsset: Type.String({ description: 'the asset received: the coin for a buy, USDT for a sell' }),
  frozen: Decimal('still reserved for the unfilled part, in frozenAsset'),
  frozenAsset: Type.String({ description: 'USDT for a buy, the coin for a sell' }),
  status: OrderStatus,
  reason: Type.Optional(
    Type.String({ description: 'localised reason an order ended without filling wholly' }),
  ),
  createdAt: EpochMs(),
  updatedAt: EpochMs(),
});
export type SpotOrder = Static<typeof SpotOrder>;

const pairField = text(1, 20, { pattern: '^[A-Za-z0-9]{1,16}USDT$', description: 'e.g. BTCUSDT' });
const amountText = (description: string) =>
  text(0, 32, { pattern: '^(?:|(?:0|[1-9][0-9]{0,15})(?:\\.[0-9]{1,12})?)$', description });
const clientOrderIdField = text(8, 64, {
  pattern: '^[A-Za-z0-9_-]{8,64}$',
  description: 'Client-generated id (e.g. a UUID); a retried submit with the same id has one effect.',
});

// ---- POST coin/order/add ----
export const SpotOrderBody = fields({
  symbol: pairField,
  side: oneOf(ORDER_SIDES, 1, 4),
  type: oneOf(ORDER_TYPES, 1, 6),
  timeInForce: opt(oneOf(SPOT_TIFS, 1, 9)),
  price: opt(amountText('USDT per coin, on the pair tick (limit orders)')),
  qty: opt(amountText('coins, on the pair lot')),
  quoteQty: opt(amountText('USDT to spend (market buys only), up to 6 decimals')),
  clientOrderId: clientOrderIdField,
  tradePassword: sixDigits,
});
export type SpotOrderBody = Static<typeof SpotOrderBody>;
export const SpotOrderReply = envelope(SpotOrder, 'The order');

// ---- POST coin/order/close ----
export const SpotCloseBody = fields({ id: idString });
export type SpotCloseBody = Static<typeof SpotCloseBody>;

// ---- GET coin/order/list, coin/order/query ----
export const SPOT_LIST_SCOPES = ['open', 'history'] as const;
export const SpotListQuery = fields({
  scope: opt(oneOf(SPOT_LIST_SCOPES, 1, 7, { default: 'open' })),
  symbol: opt(pairField),
  page: opt(text(1, 6, { pattern: '^[1-9][0-9]{0,5}$', default: '1' })),
  size: opt(text(1, 3, { pattern: '^(?:[1-9]|[1-9][0-9]|100)$', default: '20' })),
});
export type SpotListQuery = Static<typeof SpotListQuery>;
export const SpotOrderPageReply = envelope(Page(SpotOrder));
export const SpotQuery = fields({ id: idString });

// ---- GET coin/spot/balances (extension) ----
export const SpotBalancesQuery = fields({ symbol: pairField });
export const SpotBalances = Type.Object({
  symbol: Type.String(),
  base: Type.String(),
  baseAvailable: Decimal(),
  baseFrozen: Decimal(),
  quoteAvailable: Decimal('USDT'),
  quoteFrozen: Decimal('USDT'),
  priceDecimals: Type.Integer({ minimum: 0 }),
  qtyDecimals: Type.Integer({ minimum: 0 }),
  makerFeeRate: Type.String({ description: 'fraction, e.g. 0.001' }),
  takerFeeRate: Type.String({ description: 'fraction, e.g. 0.001' }),
  minNotional: Decimal('smallest order value, USDT'),
});
export type SpotBalances = Static<typeof SpotBalances>;
export const SpotBalancesReply = envelope(SpotBalances);
