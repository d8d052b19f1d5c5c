// The contract area's calls (issue 16 item 4): USDT-margined perpetual contracts, one-way mode, isolated margin,
// market orders and resting limit opens. All under `coin/contract/order/`:
//   POST multiple        get (no `leverage`) or set the leverage of a symbol; with an open position its margin
//                        becomes the initial margin at the new leverage (refused if that makes it liquidatable)
//   POST add             open or increase a position at market (`side` long/short, `qty` in base units); the
//                        answer shows the margin, fee, entry and liquidation price
//   GET  list            the caller's open positions, with mark, uPnL, ROE, margin ratio, LP, TP/SL
//   POST add/limit       open or increase at a limit price (GTC): rests until the market reaches it, then fills
//                        at that price as a maker; its margin and most fee are frozen meanwhile; a marketable
//                        one fills at once at the best price (server/domain/perp/perp-limit.ts says the rules)
//   POST cancel          cancel a resting limit order (`orderId`: the limit order's id); the frozen returns
//   GET  list/active     the caller's active orders: the TP/SL triggers of open positions (`list`) and the
//                        resting limit orders (`orders`)
//   GET  query           one of the caller's positions (`positionId`) or executions (`orderId`); another
//                        account's id is "not found"
//   POST close           close part (`qty`) or all of a position at market
//   POST set/profit      set (or cancel with price '0') the take-profit, on mark or last price
//   POST set/loss        set (or cancel) the stop-loss, on mark or last price
//   POST add/mgn         add isolated margin (moves the liquidation price away)
//   POST liquidate       the user's "close at market now" for one position: the whole position at market,
//                        an ordinary close (the name is the spec's; a forced liquidation is the engine's alone)
//   POST liquidate/all   close every open position at market
//   GET  history         the caller's fills (with why a position was liquidated) or funding payments, paged
//                        (contract/perp-history.ts)
// Prices are decimal strings at the pair's price decimals, quantities at its quantity decimals, USDT at 6.
//
// Transaction password and KYC (spec §5), per call: a call that puts more of the user's money at stake takes
// `tradePassword` (the stock order's field, checked as for stock orders: the same lock-out counter and
// refusals, the password first, then KYC) on every account, and KYC on the real one:
//   add, add/limit       yes: it opens or increases a position (as a stock or spot order)
//   add/mgn              yes: it moves USDT from the contract account into the position
//   multiple             only when it sets the leverage of a symbol with an open position (the margin moves:
//                        more in at a lower leverage, the liquidation price nearer at a higher one); reading it,
//                        or setting the leverage of the next open, is a preference and takes neither
//   close, liquidate,    no: reduce-only, they take risk off; a user racing a liquidation gets out with one tap,
//   liquidate/all        as the engine's own TP/SL closes do (and as a stock cancel takes no password)
//   set/profit, set/loss no: they only set the reduce-only close that fires later (price 0 cancels)
//   cancel               no: it only takes an order back (as a stock cancel)
import { Type, type Static } from 'typebox';
import { Decimal, envelope, EpochMs } from './envelope.ts';
import { decimalString, fields, idString, oneOf, opt, sixDigitsField, text } from './form-fields.ts';
import { sixDigits } from './user.ts';

export const PERP_PREFIX = 'coin/contract/order';

const clientId = text(8, 64, {
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'Client-generated id: a retry with the same id has one effect; other details are refused.',
});
const symbol = text(1, 20, { pattern: '^[A-Z0-9]+USDT$', description: "crypto pair, e.g. 'BTCUSDT'" });
const qty = decimalString({ maxIntDigits: 12, maxScale: 8, description: 'base units' });

export const LeverageBody = fields({
  symbol,
  leverage: opt(text(1, 3, { pattern: '^[1-9][0-9]{0,2}$', description: '1…125; omitted: read it' })),
  tradePassword: opt(
    sixDigitsField('Exactly 6 digits. Needed when `leverage` is set while the symbol has an open position.'),
  ),
});
export type LeverageBody = Static<typeof LeverageBody>;

export const OpenBody = fields({
  clientId,
  symbol,
  side: oneOf(['long', 'short'], 4, 5),
  qty,
  tradePassword: sixDigits,
});
export type OpenBody = Static<typeof OpenBody>;

export const LimitBody = fields({
  clientId,
  symbol,
  side: oneOf(['long', 'short'], 4, 5),
  qty,
  price: decimalString({
    maxIntDigits: 12,
    maxScale: 8,
    description: "limit price at the pair's price decimals",
  }),
  tradePassword: sixDigits,
});
export type LimitBody = Static<typeof LimitBody>;

export const CancelBody = fields({ orderId: idString });
export type CancelBody = Static<typeof CancelBody>;

export const CloseBody = fields({ clientId, positionId: idString, qty: opt(qty) });
export type CloseBody = Static<typeof CloseBody>;

export const LiquidateBody = fields({ clientId, positionId: idString });
export type LiquidateBody = Static<typeof LiquidateBody>;

export const LiquidateAllBody = fields({ clientId });
export type LiquidateAllBody = Static<typeof LiquidateAllBody>;

export const TpSlBody = fields({
  positionId: idString,
  price: decimalString({ maxIntDigits: 12, maxScale: 8, description: "trigger price; '0' cancels it" }),
  source: opt(oneOf(['mark', 'last'], 4, 4, { description: 'trigger on the mark (default) or last price' })),
});
export type TpSlBody = Static<typeof TpSlBody>;

export const AddMarginBody = fields({
  clientId,
  positionId: idString,
  amount: decimalString({ maxIntDigits: 12, maxScale: 6, description: 'USDT' }),
  tradePassword: sixDigits,
});
export type AddMarginBody = Static<typeof AddMarginBody>;

export const QueryParams = fields({ positionId: opt(idString), orderId: opt(idString) });
export type QueryParams = Static<typeof QueryParams>;

const Trigger = Type.Union([Decimal(), Type.Null()]);

export const PerpPositionView = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  symbol: Type.String(),
  side: Type.Enum(['long', 'short'], { type: 'string' }),
  status: Type.Enum(['open', 'closed', 'liquidated'], { type: 'string' }),
  qty: Decimal('size, base units'),
  leverage: Type.Integer({ minimum: 1 }),
  entryPrice: Decimal('entry value / size, cut down to the tick'),
  entryValue: Decimal(
    "Σ qty·price of the fills, exact, at priceDecimals + qtyDecimals places (the worker's live P&L starts here)",
  ),
  markPrice: Decimal(),
  lastPrice: Decimal(),
  liqPrice: Type.Union([Decimal('liquidation price, close fee reserved'), Type.Null()], {
    description: 'null: none ("--")',
  }),
  bankruptcyPrice: Type.Union([Decimal(), Type.Null()]),
  margin: Decimal('isolated margin, USDT'),
  notional: Decimal('size × mark, USDT'),
  unrealisedPnl: Decimal('on the mark, USDT, cut down'),
  roe: Type.Union([Decimal('uPnL / initial margin at entry, percent, 2 places'), Type.Null()]),
  marginRatio: Type.Union([
    Decimal('maintenance / margin balance, percent, 2 places; 100 liquidates'),
    Type.Null(),
  ]),
  maintenanceMargin: Decimal(),
  tpPrice: Trigger,
  tpSource: Type.Enum(['mark', 'last'], { type: 'string' }),
  slPrice: Trigger,
  slSource: Type.Enum(['mark', 'last'], { type: 'string' }),
  openedAt: EpochMs(),
  updatedAt: EpochMs(),
});
export type PerpPositionView = Static<typeof PerpPositionView>;

export const PerpExecutionView = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  clientId: Type.String(),
  positionId: Type.Integer({ minimum: 1 }),
  symbol: Type.String(),
  side: Type.Enum(['buy', 'sell'], { type: 'string' }),
  action: Type.Enum(['open', 'close', 'tp', 'sl', 'liquidation', 'adl'], { type: 'string' }),
  qty: Decimal(),
  price: Decimal(),
  fee: Decimal('USDT'),
  margin: Decimal('USDT: added (open, > 0) or released (close, < 0)'),
  realizedPnl: Decimal('USDT, on the fill price'),
  leverage: Type.Integer({ minimum: 1 }),
  createdAt: EpochMs(),
});
export type PerpExecutionView = Static<typeof PerpExecutionView>;

export const ExecutedView = Type.Object({
  order: PerpExecutionView,
  position: PerpPositionView,
  repeated: Type.Boolean({ description: 'true: this clientId was used before; nothing new happened' }),
});

export const PerpLimitOrderView = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  clientId: Type.String(),
  symbol: Type.String(),
  side: Type.Enum(['long', 'short'], { type: 'string' }),
  qty: Decimal(),
  price: Decimal('limit price'),
  leverage: Type.Integer({ minimum: 1 }),
  frozen: Decimal('USDT held while it rests: margin at its price + the taker fee (0 once ended)'),
  status: Type.Enum(['open', 'filled', 'cancelled'], { type: 'string' }),
  reason: Type.Union([Type.String(), Type.Null()], {
    description:
      "why it was cancelled: 'user', 'liquidation', or the refusal met when the market reached it " +
      "('insufficient', 'oppositeOpen', 'leverageTooHigh', 'wouldLiquidate')",
  }),
  orderId: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
    description: 'its fill (query orderId)',
  }),
  createdAt: EpochMs(),
  updatedAt: EpochMs(),
});
export type PerpLimitOrderView = Static<typeof PerpLimitOrderView>;

export const ActiveTrigger = Type.Object({
  positionId: Type.Integer({ minimum: 1 }),
  symbol: Type.String(),
  kind: Type.Enum(['tp', 'sl'], { type: 'string' }),
  side: Type.Enum(['buy', 'sell'], { type: 'string', description: 'the reduce-only close it sends' }),
  price: Decimal(),
  source: Type.Enum(['mark', 'last'], { type: 'string' }),
  qty: Decimal('the whole position (resized with it)'),
});

// ---- GET ticker (an addition for the contract screen): what the order form needs before an order is sent.
export const TickerParams = fields({ symbol });
export type TickerParams = Static<typeof TickerParams>;

export const PerpTicker = Type.Object({
  symbol: Type.String(),
  markPrice: Decimal('index + smoothed premium; liquidation and uPnL use it'),
  indexPrice: Decimal("the simulated exchange's last price"),
  fundingRate: Decimal(
    'estimated rate of the interval running now, percent, 4 places (premium sampled so far + interest, capped)',
  ),
  nextFundingTime: EpochMs('end of the interval running now'),
  fundingIntervalMs: Type.Integer({ minimum: 1 }),
  priceDecimals: Type.Integer({ minimum: 0 }),
  qtyDecimals: Type.Integer({ minimum: 0 }),
  takerRate: Decimal('fee rate of a fill, percent'),
  maxLeverage: Type.Integer({ minimum: 1, description: 'of the first bracket' }),
});
export type PerpTicker = Static<typeof PerpTicker>;
export const TickerReply = envelope(PerpTicker);

export const LeverageReply = envelope(
  Type.Object({
    symbol: Type.String(),
    leverage: Type.Integer({ minimum: 1 }),
    maxLeverage: Type.Integer({ minimum: 0, description: 'at the current position size' }),
    position: Type.Union([PerpPositionView, Type.Null()]),
  }),
);
export const ExecutedReply = envelope(ExecutedView);
export const ExecutedListReply = envelope(Type.Object({ list: Type.Array(ExecutedView) }));
export const PositionReply = envelope(PerpPositionView);
export const PositionListReply = envelope(Type.Object({ list: Type.Array(PerpPositionView) }));
export const ActiveListReply = envelope(
  Type.Object({ list: Type.Array(ActiveTrigger), orders: Type.Array(PerpLimitOrderView) }),
);
export const LimitPlacedReply = envelope(
  Type.Object({
    limit: PerpLimitOrderView,
    order: Type.Union([PerpExecutionView, Type.Null()], { description: 'the fill when it was marketable' }),
    position: Type.Union([PerpPositionView, Type.Null()]),
    repeated: Type.Boolean(),
  }),
);
export const LimitReply = envelope(PerpLimitOrderView);
export const QueryReply = envelope(
  Type.Object({
    position: Type.Union([PerpPositionView, Type.Null()]),
    order: Type.Union([PerpExecutionView, Type.Null()]),
  }),
);
