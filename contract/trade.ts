// The trade area's calls (issue 4): stock orders (place, preview, list, cancel, info, statistics), positions,
// income, assets and the funds record. Money and quantities are decimal strings (PKR with 2 decimals; share
// quantities are whole numbers); timestamps are epoch ms. The private account socket (/api/ws/account) carries
// the same StockOrder, Position and Assets shapes (its framing is in workers/protocol/trade.ts).
import { Type, type Static } from 'typebox';
import { Decimal, envelope, EpochMs, Page } from './envelope.ts';
import { fields, idString, oneOf, opt, text } from './form-fields.ts';
import { AccountType, sixDigits } from './user.ts';
import { TX_TYPES } from './trade-lists.ts';

export const ORDER_SIDES = ['buy', 'sell'] as const;
export const OrderSide = Type.Enum(ORDER_SIDES, { type: 'string' });
export type OrderSide = Static<typeof OrderSide>;
export const ORDER_TYPES = ['market', 'limit'] as const;
export const OrderType = Type.Enum(ORDER_TYPES, { type: 'string' });
export type OrderType = Static<typeof OrderType>;
/** pending = in progress (resting or not yet filled), partial = partially completed, filled = history. */
export const ORDER_STATUSES = ['pending', 'partial', 'filled', 'cancelled', 'rejected'] as const;
export const OrderStatus = Type.Enum(ORDER_STATUSES, { type: 'string' });
export type OrderStatus = Static<typeof OrderStatus>;

/** Fees and taxes of an order (rates configurable on the server). */
export const FeeBreakdown = Type.Object({
  commission: Decimal('broker commission'),
  sst: Decimal('Sindh sales tax on the commission'),
  cvt: Decimal('capital value tax (buys)'),
  cdc: Decimal('CDC charges'),
  exchange: Decimal('exchange (PSX) fee'),
  total: Decimal('sum of the above'),
});
export type FeeBreakdown = Static<typeof FeeBreakdown>;

export const StockOrder = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  clientOrderId: Type.String(),
  accountType: AccountType,
  symbol: Type.String(),
  nameEn: Type.String(),
  nameUr: Type.String(),
  side: OrderSide,
  type: OrderType,
  price: Decimal("limit price; '0' for market orders"),
  qty: Decimal(),
  filledQty: Decimal(),
  avgPrice: Decimal("average fill price ('0' before the first fill)"),
  amount: Decimal('filled value qty × price, before fees'),
  fee: FeeBreakdown,
  frozen: Decimal('cash (buy) still frozen for the unfilled part'),
  status: OrderStatus,
  reason: Type.Optional(
    Type.String({
      description:
        'Localised reason an order ended without filling: rejected, or cancelled by the engine (book depth ' +
        'exhausted, a fill the ledger refused, expired at the PSX close).',
    }),
  ),
  createdAt: EpochMs(),
  updatedAt: EpochMs(),
});
export type StockOrder = Static<typeof StockOrder>;

// ---- Request fields ----
export const orderSymbolField = text(1, 16, { pattern: '^[A-Za-z0-9]{1,16}$' });
export const qtyField = text(0, 12, { pattern: '^(?:|0|[1-9][0-9]{0,10})$', description: 'Whole shares.' });
export const priceField = text(0, 12, {
  pattern: '^(?:|(?:0|[1-9][0-9]{0,8})(?:\\.[0-9]{1,2})?)$',
  description: 'PKR per share, at most 2 decimals (limit orders).',
});
const orderTypeField = oneOf(ORDER_TYPES, 1, 6);
const sideField = oneOf(ORDER_SIDES, 1, 4);
const pageField = text(1, 6, { pattern: '^[1-9][0-9]{0,5}$', default: '1' });
const sizeField = text(1, 3, { pattern: '^(?:[1-9]|[1-9][0-9]|100)$', default: '20' });
const clientOrderIdField = text(8, 64, {
  pattern: '^[A-Za-z0-9_-]{8,64}$',
  description: 'Client-generated id (e.g. a UUID); a retried submit with the same id has one effect.',
});

// ---- POST stock/order/buy and stock/order/sell ----
export const PlaceOrderBody = fields({
  symbol: orderSymbolField,
  type: orderTypeField,
  qty: opt(qtyField),
  price: opt(priceField),
  clientOrderId: clientOrderIdField,
  tradePassword: sixDigits,
});
export type PlaceOrderBody = Static<typeof PlaceOrderBody>;
export const StockOrderReply = envelope(StockOrder, 'The order');

// ---- GET stock/order/preview (extension): fees and limits before confirming ----
export const OrderPreviewQuery = fields({
  symbol: orderSymbolField,
  side: sideField,
  type: orderTypeField,
  qty: opt(qtyField),
  price: opt(priceField),
});
export const OrderPreview = Type.Object({
  symbol: Type.String(),
  side: OrderSide,
  type: OrderType,
  price: Decimal(),
  qty: Decimal(),
  amount: Decimal(),
  fee: FeeBreakdown,
  net: Decimal('buy: amount + fees; sell: amount − fees'),
  available: Decimal('buy: available cash; sell: available shares'),
  maxQty: Decimal('buy: most whole lots the available cash covers incl. fees; sell: available quantity'),
  lotSize: Decimal(),
  limitUp: Decimal(),
  limitDown: Decimal(),
});
export type OrderPreview = Static<typeof OrderPreview>;
export const OrderPreviewReply = envelope(OrderPreview);

// ---- GET stock/order/list, cancel, info, statistics ----
export const ORDER_LIST_STATUSES = [...ORDER_STATUSES, 'open'] as const;
export const OrderListQuery = fields({
  status: opt(oneOf(ORDER_LIST_STATUSES, 1, 10)),
  page: opt(pageField),
  size: opt(sizeField),
});
export const OrderPageReply = envelope(Page(StockOrder));
export const OrderIdQuery = fields({ id: idString });

export const OrderStatistics = Type.Object({
  pending: Type.Integer({ minimum: 0 }),
  partial: Type.Integer({ minimum: 0 }),
  filled: Type.Integer({ minimum: 0 }),
  cancelled: Type.Integer({ minimum: 0 }),
  buyAmountToday: Decimal('buy turnover today'),
  sellAmountToday: Decimal('sell turnover today'),
});
export type OrderStatistics = Static<typeof OrderStatistics>;
export const OrderStatisticsReply = envelope(OrderStatistics);

/** A position as the server knows it (market value and P&L are recomputed live in the worker). */
export const Position = Type.Object({
  symbol: Type.String(),
  nameEn: Type.String(),
  nameUr: Type.String(),
  qty: Decimal('total shares held'),
  available: Decimal('sellable now'),
  locked: Decimal('bought today, locked until the next PSX trading day (T+1)'),
  avgCost: Decimal('average cost per share, fees included'),
  cost: Decimal('qty × avgCost'),
  lastPrice: Decimal('snapshot at answer time; the worker keeps these live'),
  marketValue: Decimal(),
  pnl: Decimal(),
  pnlPct: Decimal(),
  prevClose: Type.Optional(
    Decimal(
      "Today's P&L inputs: shares held from before today are valued against prevClose, shares bought today " +
        'against their cost: todayPnl = qty × last − todayBase, todayBase = (qty − todayQty) × prevClose + todayCost.',
    ),
  ),
  todayQty: Type.Optional(
    Decimal('shares bought since the start of the current trading day (all in locked)'),
  ),
  todayCost: Type.Optional(Decimal('what those shares cost, fees included')),
  todayPnl: Type.Optional(Decimal('snapshot at answer time (signed, 2 decimals)')),
  todayPnlPct: Type.Optional(
    Decimal("todayPnl / todayBase × 100, truncated to 2 decimals ('0.00' when no base)"),
  ),
});
export type Position = Static<typeof Position>;

// ---- GET stock/hold/list, stock/hold/info ----
export const HoldListQuery = fields({
  page: opt(pageField),
  size: opt(text(1, 5, { pattern: '^(?:[1-9][0-9]{0,3}|10000)$', default: '20' })),
});
export const PositionPageReply = envelope(Page(Position));
export const HoldInfoQuery = fields({ symbol: orderSymbolField });
export const PositionReply = envelope(Position);

export const Assets = Type.Object({
  accountType: AccountType,
  currency: Type.Enum(['PKR'], { type: 'string' }),
  total: Decimal('available + frozen + market value of positions'),
  available: Decimal(),
  frozen: Decimal(),
  marketValue: Decimal(),
  floatingPnl: Decimal(),
  todayPnl: Type.Optional(
    Decimal("today's P&L of the open positions at answer time (see Position.todayPnl)"),
  ),
});
export type Assets = Static<typeof Assets>;
export const AssetsReply = envelope(Assets);

export const TxType = Type.Enum(TX_TYPES, { type: 'string' });
export type TxType = Static<typeof TxType>;

/** One money movement of the account (funds detail). */
export const TxRecord = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  type: TxType,
  amount: Decimal(
    'signed change of the available balance; for a paid withdrawal (type withdraw) and its fee, what left the ' +
      'frozen funds (the available balance does not change then)',
  ),
  balance: Decimal('available balance after the movement'),
  symbol: Type.Optional(Type.String()),
  orderId: Type.Optional(Type.Integer({ minimum: 1 })),
  createdAt: EpochMs(),
});
export type TxRecord = Static<typeof TxRecord>;
export const TxRecordQuery = fields({
  type: opt(oneOf(TX_TYPES, 1, 16)),
  page: opt(pageField),
  size: opt(sizeField),
});
export const TxRecordPageReply = envelope(Page(TxRecord));

/**
 * GET stock/income: realised profit over the windows the spec names, the floating P&L beside it, and the
 * recent purchases. Days are Asia/Karachi calendar days; trading days are the PSX calendar's.
 */
export const Income = Type.Object({
  today: Decimal('realised profit of the sells since 00:00 today: proceeds − fees − average cost'),
  week: Decimal('… since Monday 00:00'),
  month: Decimal('… since the 1st of the month 00:00'),
  cgt: Type.Object(
    {
      today: Decimal(
        'CGT NCCPL would withhold on today’s net realised gain (contract/psx-cgt.ts: 15 %, 0 on a loss)',
      ),
      week: Decimal('… on this week’s'),
      month: Decimal('… on this month’s'),
    },
    {
      description: 'capital gains tax estimates beside the gross realised figures; never deducted by the app',
    },
  ),
  floating: Type.Optional(Decimal('floating (unrealised) P&L of the open positions at answer time')),
  purchasesToday: Type.Array(StockOrder, { description: 'orders with buy fills since 00:00 today' }),
  purchasesLast1: Type.Array(StockOrder, {
    description: 'orders with buy fills on the previous trading day (the last one before today), up to today',
  }),
  purchasesLast2: Type.Array(StockOrder, {
    description: 'orders with buy fills on the two previous trading days, up to today (today not included)',
  }),
  previousTradingDays: Type.Array(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }), {
    minItems: 2,
    maxItems: 2,
    description:
      'the previous trading day and the one before it, YYYY-MM-DD (Asia/Karachi), most recent first',
  }),
});
export type Income = Static<typeof Income>;
export const IncomeReply = envelope(Income);
