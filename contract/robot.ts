// AI robots (issue 18, item 3): strategies that trade the simulated PSX with money a user allocates, each robot
// order in its OWN trading account (a child of the user's real or demo account), so its orders, positions, T+1
// and fees are the engine's own and its P&L is exactly its ledger. Decisions, written once here (the server's
// rules: server/domain/robot/README.md):
//
// Products (stock/ai/list, stock/ai/info): a strategy (dca | grid | trend) on one PSX symbol, in tiers (`levels`,
// by amount), with a lock-in in days, a per-user cap (`singleLimit`: the sum of the user's running and ending
// orders of the product, on that account) and fees stated up front:
//   entry fee        entryFeePct % of every amount put in (buy and add), to the platform at once;
//   performance fee  performanceFeePct % of the positive gain at the end (final equity − capital; none on a loss);
//   early-exit fee   earlyExitFeePct % of the equity, only when the user exits before the lock-in ends;
//   trading fees     the real PSX fees the engine charges on each of the robot's orders (commission, SST, CVT,
//                    CDC, exchange fee), paid from the robot's own cash.
// End of the lock-in: the robot stops and the money comes back (no automatic renewal). Adding (`add/amount`):
// allowed while running, the order's total stays within its level's max and the product's single limit; it
// does not restart the lock-in. No figure is a promise: `track` and every order's numbers are MEASURED, net of
// fees, with their period.
//
// Order states (spec §4 "Robot: in progress" = running):
//   running  the strategy trades on every market step
//   ending   lock-in over or the user exited: it cancels its open orders and sells what it holds at market
//            while PSX is open (shares bought today wait for T+1)
//   ended    everything sold: cash, less the performance (and any early-exit) fee, is back in the user's cash
//
// Reads are GET (as stock/new/* and stock/order/new/list); actions are POST forms. Amounts are decimal
// strings (PKR, 2 places), percentages decimal strings with 2 places ('12.34' = 12.34 %; may be negative),
// times epoch ms. Every call acts on the caller's current account (real or demo: separate books).
import { Type, type Static } from 'typebox';
import { Decimal, envelope, EpochMs, Page } from './envelope.ts';
import { decimalString, fields, idString, oneOf, opt, text } from './form-fields.ts';
import { sixDigits } from './user.ts';

export const ROBOT_STRATEGIES = ['dca', 'grid', 'trend'] as const;
export const RobotStrategy = Type.Enum(ROBOT_STRATEGIES, {
  type: 'string',
  description:
    'dca: buys a fixed slice at intervals and on dips, takes profit above its average cost; grid: buys and ' +
    'sells on a ladder of price levels; trend: 20/50 moving-average cross on minute bars',
});
export type RobotStrategy = Static<typeof RobotStrategy>;

export const ROBOT_ORDER_STATES = ['running', 'ending', 'ended'] as const;
export const RobotOrderState = Type.Enum(ROBOT_ORDER_STATES, { type: 'string' });
export type RobotOrderState = Static<typeof RobotOrderState>;

export const ROBOT_END_REASONS = ['lock_in_over', 'user_exit'] as const;
export const RobotEndReason = Type.Enum(ROBOT_END_REASONS, { type: 'string' });
export type RobotEndReason = Static<typeof RobotEndReason>;

const Pct = (description: string) =>
  Type.String({ pattern: '^-?(?:0|[1-9][0-9]*)\\.[0-9]{2}$', description });
/** A measured percentage, or '' when there is nothing to measure yet (no orders, no closed trades). */
const PctOrEmpty = (description: string) =>
  Type.String({ pattern: '^(?:-?(?:0|[1-9][0-9]*)\\.[0-9]{2})?$', description });

export const RobotLevel = Type.Object({
  level: Type.Integer({ minimum: 1, description: 'tier number, 1 = smallest' }),
  name: Type.String({ description: 'tier name in the language of the request' }),
  min: Decimal('PKR: the least a new order of this tier may allocate'),
  max: Decimal('PKR: the most one order of this tier may hold in total (adds included)'),
});
export type RobotLevel = Static<typeof RobotLevel>;

/** The product's measured record: all orders of the product on the caller's account type, never a forecast. */
export const RobotTrack = Type.Object({
  since: Type.Union([EpochMs(), Type.Null()], {
    description: 'start of the period measured: the first order of the product (null: no orders yet)',
  }),
  until: EpochMs('end of the period measured (now)'),
  days: Type.Integer({ minimum: 0, description: 'whole days in the period' }),
  orders: Type.Integer({ minimum: 0, description: 'robot orders measured (running, ending and ended)' }),
  invested: Decimal('PKR put in by those orders, entry fees included'),
  netPnl: Decimal('PKR: their equity (or final return) − invested: net of every fee, losses included'),
  profitRatio: PctOrEmpty('netPnl ÷ invested, % over the period ("profit ratio", measured)'),
  dailyReturnRate: PctOrEmpty('profitRatio ÷ days, % per day on average over the period (measured)'),
});
export type RobotTrack = Static<typeof RobotTrack>;

export const RobotProduct = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  code: Type.String({ description: "stable slug, e.g. 'dca-ogdc'" }),
  name: Type.String({ description: 'in the language of the request' }),
  strategy: RobotStrategy,
  market: Type.Enum(['psx'], { type: 'string', description: 'the simulated Pakistan Stock Exchange' }),
  symbol: Type.String({ description: 'the PSX symbol it trades' }),
  description: Type.String({ description: 'what the strategy does, in words (language of the request)' }),
  params: Type.Array(
    Type.Object({
      key: Type.String({ description: "parameter id, e.g. 'fastMa'" }),
      label: Type.String({ description: 'in the language of the request' }),
      value: Type.String({ description: 'its value as shown (e.g. "20", "2.00 %")' }),
    }),
    { description: "the strategy's fixed parameters" },
  ),
  levels: Type.Array(RobotLevel, { description: 'tiers, smallest first' }),
  lockDays: Type.Integer({ minimum: 0, description: 'lock-in period in days from the start of an order' }),
  singleLimit: Decimal("PKR: most one user may have in this product's running and ending orders together"),
  entryFeePct: Pct('% of every amount put in (buy and add), taken at once'),
  performanceFeePct: Pct('% of the positive gain at the end (final equity − capital); nothing on a loss'),
  earlyExitFeePct: Pct('% of the equity, charged only on an exit before the lock-in ends'),
  minAdd: Decimal('PKR: the least one add/amount may put in'),
  terms: Type.Array(Type.String(), {
    description:
      'the rules stated before the user confirms, in the language of the request: fees, early exit, end of ' +
      'the lock-in, adding, capital at risk',
  }),
  riskNote: Type.String({
    description: 'capital-at-risk and past-results warning (language of the request)',
  }),
  enabled: Type.Boolean({ description: 'false: existing orders run on, no new orders' }),
  track: RobotTrack,
});
export type RobotProduct = Static<typeof RobotProduct>;

export const RobotStock = Type.Object({
  symbol: Type.String(),
  name: Type.String({ description: 'company name' }),
  last: Decimal('last price, PKR ("0" before the first tick)'),
  prevClose: Decimal('previous close, PKR'),
  changePct: Pct('(last − prevClose) ÷ prevClose, %'),
  productIds: Type.Array(Type.Integer({ minimum: 1 }), { description: 'robots that trade it' }),
});
export type RobotStock = Static<typeof RobotStock>;

export const RobotFees = Type.Object({
  entry: Decimal('PKR entry fees paid'),
  trading: Decimal("PKR PSX trading fees of the robot's orders"),
  performance: Decimal('PKR performance fee (charged at the end; 0 before)'),
  earlyExit: Decimal('PKR early-exit fee (0 unless exited early)'),
  total: Decimal('PKR, all of the above'),
});
export type RobotFees = Static<typeof RobotFees>;

export const RobotBenchmark = Type.Object({
  symbol: Type.String(),
  startPrice: Decimal("PKR: the symbol's price when the order started"),
  endPrice: Decimal('PKR: its price now (or when the order ended)'),
  value: Decimal('PKR: the capital held in the symbol from start to end (price ratio, no fees, fractional)'),
  pnl: Decimal('PKR: value − invested (the entry fee counted, as for the robot)'),
  returnPct: Pct('pnl ÷ invested, %'),
});
export type RobotBenchmark = Static<typeof RobotBenchmark>;

export const RobotOrder = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  clientId: Type.String(),
  productId: Type.Integer({ minimum: 1 }),
  productName: Type.String({ description: 'in the language of the request' }),
  strategy: RobotStrategy,
  symbol: Type.String(),
  level: Type.Integer({ minimum: 1, description: 'the tier, by the first amount' }),
  state: RobotOrderState,
  endReason: Type.Union([RobotEndReason, Type.Null()], { description: 'why it is ending / ended' }),
  invested: Decimal('PKR put in (buy and adds), entry fees included'),
  capital: Decimal('PKR the robot received to trade: invested − entry fees'),
  cash: Decimal("PKR in the robot's account now (free and reserved by its open orders)"),
  positionsValue: Decimal('PKR: its shares at the last price'),
  equity: Decimal('PKR: cash + positionsValue (ended: what came back)'),
  realisedPnl: Decimal('PKR: closed trades, net of their trading fees'),
  unrealisedPnl: Decimal('PKR: held shares at the last price − their cost (buy fees included)'),
  netPnl: Decimal('PKR: equity − invested (ended: returned − invested): net of every fee'),
  returnPct: Pct('netPnl ÷ invested, % over the period'),
  fees: RobotFees,
  trades: Type.Integer({ minimum: 0, description: "fills of the robot's orders" }),
  closedTrades: Type.Integer({ minimum: 0, description: 'sells that closed (part of) a position' }),
  wins: Type.Integer({ minimum: 0, description: 'closed trades with a positive P&L after fees' }),
  winRate: PctOrEmpty("wins ÷ closedTrades, % ('' before the first closed trade)"),
  maxDrawdownPct: Pct('largest fall of the equity curve from a peak, % of that peak (0.00 or more)'),
  benchmark: RobotBenchmark,
  returned: Decimal('PKR back in the user cash at the end (0 before)'),
  startedAt: EpochMs(),
  periodEnd: EpochMs('end of the period the figures cover: now, or endedAt'),
  days: Type.Integer({ minimum: 0, description: 'whole days from startedAt to periodEnd' }),
  lockDays: Type.Integer({ minimum: 0 }),
  lockUntil: EpochMs('the lock-in ends here; the robot then stops and returns the money'),
  canAdd: Type.Boolean({ description: 'running and there is room under the level max and single limit' }),
  canExit: Type.Boolean({ description: 'running: the user may stop it now' }),
  exitFeeNow: Decimal('PKR an exit now would cost (earlyExitFeePct of the equity; 0 after the lock-in)'),
  endedAt: Type.Union([EpochMs(), Type.Null()]),
  createdAt: EpochMs(),
  updatedAt: EpochMs(),
});
export type RobotOrder = Static<typeof RobotOrder>;

export const RobotEquityPoint = Type.Object({
  t: EpochMs(),
  equity: Decimal('PKR: the robot’s equity (cash + shares at the price then)'),
  benchmark: Decimal('PKR: the buy-and-hold value at the same time'),
  kind: Type.Enum(['start', 'interval', 'close', 'add', 'end'], {
    type: 'string',
    description: 'start, every 15 minutes while running, each PSX close, after an add, end',
  }),
});
export type RobotEquityPoint = Static<typeof RobotEquityPoint>;

export const RobotTradeOrder = Type.Object({
  id: Type.Integer({
    minimum: 1,
    description: "the order's id in the robot's account (a real engine order)",
  }),
  side: Type.Enum(['buy', 'sell'], { type: 'string' }),
  type: Type.Enum(['market', 'limit'], { type: 'string' }),
  symbol: Type.String(),
  price: Decimal('limit price, PKR ("0" for a market order)'),
  qty: Type.Integer({ minimum: 1 }),
  filledQty: Type.Integer({ minimum: 0 }),
  avgPrice: Decimal('average fill price, PKR ("0" when unfilled)'),
  fee: Decimal('PKR trading fees charged'),
  status: Type.String({ description: "the engine's order status (open, filled, cancelled, …)" }),
  reason: Type.String({
    description: 'why it was placed, e.g. "grid buy at 101.50" (language of the request)',
  }),
  createdAt: EpochMs(),
});
export type RobotTradeOrder = Static<typeof RobotTradeOrder>;

export const RobotHolding = Type.Object({
  symbol: Type.String(),
  qty: Type.Integer({ minimum: 0, description: 'all shares (sellable + T+1 locked + reserved by sells)' }),
  cost: Decimal('PKR paid for them, buy fees included'),
  last: Decimal('PKR last price'),
  value: Decimal('PKR qty × last'),
});
export type RobotHolding = Static<typeof RobotHolding>;

export const RobotOrderDetails = Type.Object({
  order: RobotOrder,
  product: RobotProduct,
  holdings: Type.Array(RobotHolding),
  curve: Type.Array(RobotEquityPoint, { description: 'equity curve, oldest first (at most 500 points)' }),
  orders: Type.Array(RobotTradeOrder, {
    description: "the robot's engine orders, newest first (at most 100)",
  }),
  periodNote: Type.String({
    description: 'e.g. "Measured from 24 Nov 2026 to now, net of all fees" (language of the request)',
  }),
});
export type RobotOrderDetails = Static<typeof RobotOrderDetails>;

export const RobotProductReply = envelope(RobotProduct, 'The robot product');
export const RobotProductListReply = envelope(Type.Array(RobotProduct), 'Robot products, by id');
export const RobotStockListReply = envelope(Type.Array(RobotStock), 'Symbols the robots trade');
export const RobotOrderReply = envelope(RobotOrder, 'The robot order');
export const RobotOrderPageReply = envelope(Page(RobotOrder), 'The caller’s robot orders, newest first');
export const RobotOrderDetailsReply = envelope(RobotOrderDetails, 'The robot order with its record');

// ---- GET stock/ai/list ----
export const RobotListQuery = fields({ strategy: opt(oneOf(ROBOT_STRATEGIES, 3, 5)) });
export type RobotListQuery = Static<typeof RobotListQuery>;

// ---- GET stock/ai/info ----
export const RobotInfoQuery = fields({ id: idString });
export type RobotInfoQuery = Static<typeof RobotInfoQuery>;

// ---- GET stock/ai/stocks ----
export const RobotStocksQuery = fields({ productId: opt(idString) });
export type RobotStocksQuery = Static<typeof RobotStocksQuery>;

const pkrAmountField = decimalString({
  maxIntDigits: 13,
  maxScale: 2,
  description: 'PKR, at most 2 decimals',
});
const clientIdField = text(8, 64, {
  pattern: '^[A-Za-z0-9_-]{8,64}$',
  description: 'Client-generated id (e.g. a UUID made when the form opens); a retry with it has one effect.',
});

// ---- POST stock/ai/buy: a new robot order (KYC on real; the transaction password) ----
export const RobotBuyBody = fields({
  productId: idString,
  amount: pkrAmountField,
  clientId: clientIdField,
  tradePassword: sixDigits,
});
export type RobotBuyBody = Static<typeof RobotBuyBody>;

// ---- POST stock/ai/order/add/amount: more money into a running order ----
export const RobotAddBody = fields({
  orderId: idString,
  amount: pkrAmountField,
  clientId: clientIdField,
  tradePassword: sixDigits,
});
export type RobotAddBody = Static<typeof RobotAddBody>;

// ---- POST stock/ai/order/exit: stop a running order (early: the early-exit fee, stated in exitFeeNow) ----
export const RobotExitBody = fields({ orderId: idString, tradePassword: sixDigits });
export type RobotExitBody = Static<typeof RobotExitBody>;

// ---- GET stock/ai/order/list (newest first) ----
export const RobotOrderListQuery = fields({
  state: opt(oneOf(ROBOT_ORDER_STATES, 5, 7)),
  page: opt(text(1, 6, { pattern: '^[1-9][0-9]{0,5}$', default: '1' })),
  size: opt(text(1, 3, { pattern: '^(?:[1-9]|[1-9][0-9]|100)$', default: '20' })),
});
export type RobotOrderListQuery = Static<typeof RobotOrderListQuery>;

// ---- GET stock/ai/order/details ----
export const RobotOrderDetailsQuery = fields({ id: idString });
export type RobotOrderDetailsQuery = Static<typeof RobotOrderDetailsQuery>;
