// AI funds (issue 18, item 4): pooled portfolios run by a documented strategy, in units. The server's rules:
// server/domain/fund/README.md. Decisions, written once here:
//
// - Each fund has one pool per account kind (real money and demo money never mix), trading the simulated PSX
//   in its own account through the same engine as the robots. Units have 4 decimals ('12.3456').
// - NAV per unit = (cash + Σ shares × price) ÷ units outstanding, half up to the paisa; computed at every PSX
//   close (stored: stock/fund/nav) and on read from the last prices (`indicativeNav`, labelled indicative).
// - Forward pricing: subscribe and redeem are requests priced at the NAV of the next PSX close after them
//   (`nextCutoff`: a request before it is priced at that close; after it, at the following one). A
//   subscription's money leaves the cash at once; at the close it becomes units (net of the entry fee) rounded
//   DOWN to 0.0001 unit. A redemption is of units past their lock-in (units inside it are refused, with the date
//   they are free); it is paid at the close, units × NAV rounded DOWN to the paisa, into the cash.
// - Order states: pending (waiting for its close) → confirmed (at NAV x, units). No figure is a promise: NAV
//   changes are measured, net of the fund's trading fees, with their period.
import { Type, type Static } from 'typebox';
import { Decimal, envelope, EpochMs, Page } from './envelope.ts';
import { decimalString, fields, idString, opt, text } from './form-fields.ts';
import { sixDigits } from './user.ts';

export const UNIT_DECIMALS = 4;

export const FUND_ORDER_SIDES = ['subscribe', 'redeem'] as const;
export const FUND_ORDER_STATES = ['pending', 'confirmed'] as const;

/** A measured percentage with 2 places, or '' when there is nothing to measure yet. */
const PctOrEmpty = (description: string) =>
  Type.String({ pattern: '^(?:-?(?:0|[1-9][0-9]*)\\.[0-9]{2})?$', description });

export const FundBasketItem = Type.Object({
  symbol: Type.String(),
  name: Type.String({ description: 'in the language of the request' }),
  weightPct: Decimal('target weight of the invested part, %'),
});

export const FundPerformance = Type.Object({
  since: EpochMs('the first close with a NAV of this pool (0: none yet)'),
  firstNav: Decimal('NAV at that close, PKR per unit'),
  lastNav: Decimal('NAV at the latest close'),
  profitRatio: PctOrEmpty('NAV change since `since`, %: measured, net of the fund’s trading fees'),
  dailyReturnRate: PctOrEmpty("profitRatio ÷ whole days since `since` ('' under one day)"),
  note: Type.String({ description: 'the period and what the figure is, in the language of the request' }),
});

export const FundProduct = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  level: Type.Integer({ minimum: 1, maximum: 5, description: 'risk level, 1 = lowest' }),
  strategy: Type.String({ description: 'how the fund invests, in the language of the request' }),
  basket: Type.Array(FundBasketItem),
  cashPct: Decimal('share of the NAV kept in cash, %'),
  lockDays: Type.Integer({
    description: 'periods: lock-in of each subscription’s units, days from its close',
  }),
  minSubscribe: Decimal('PKR'),
  singleLimit: Decimal('PKR: most one account may have in the fund (pending + units at the latest NAV)'),
  entryFeePct: Decimal('% of each subscription, taken at its close'),
  managementFeePct: Decimal(
    '% of the assets a year, taken from the pool at each close for the time since the last (the NAV is after it)',
  ),
  nav: Decimal('NAV per unit at the latest close (the launch NAV before the first), PKR'),
  navAt: EpochMs('that close (0: launch NAV)'),
  indicativeNav: Decimal('indicative NAV from the last prices, PKR: not a dealing price'),
  nextCutoff: EpochMs('requests before this close are priced at its NAV'),
  performance: FundPerformance,
  terms: Type.Array(Type.String(), { description: 'what happens, stated before confirming' }),
  myUnits: Decimal('units the caller holds (0 for a guest)'),
  myFreeUnits: Decimal('of them, redeemable now (past the lock-in, not asked)'),
  myPendingRedeem: Decimal('units in pending redemptions'),
  myValue: Decimal('myUnits × indicativeNav, PKR (indicative)'),
  myNextUnlock: EpochMs('when more units leave the lock-in (0: none locked)'),
});
export type FundProduct = Static<typeof FundProduct>;

export const FundHolding = Type.Object({
  symbol: Type.String(),
  qty: Decimal('shares'),
  price: Decimal('last price, PKR'),
  value: Decimal('PKR'),
  weightPct: Decimal('% of the indicative assets'),
});

export const FundInfo = Type.Object({
  fund: FundProduct,
  holdings: Type.Array(FundHolding),
  cash: Decimal('PKR in the pool'),
  assets: Decimal('indicative assets, PKR'),
  units: Decimal('units outstanding'),
});
export type FundInfo = Static<typeof FundInfo>;

export const FundOrder = Type.Object({
  id: Type.Integer(),
  fundId: Type.Integer(),
  fundName: Type.String(),
  side: Type.Enum(FUND_ORDER_SIDES, { type: 'string' }),
  state: Type.Enum(FUND_ORDER_STATES, { type: 'string' }),
  amount: Decimal('subscribe: PKR paid; redeem: PKR received (0 while pending)'),
  fee: Decimal('entry fee, PKR (at the close)'),
  units: Decimal('subscribe: units received (0 while pending); redeem: units asked'),
  nav: Type.String({ description: "NAV it was confirmed at, PKR ('' while pending)" }),
  dealAt: EpochMs('the close it is priced at'),
  lockUntil: EpochMs('subscribe: its units are redeemable from then (0 while pending)'),
  createdAt: EpochMs(),
  confirmedAt: EpochMs('0 while pending'),
});
export type FundOrder = Static<typeof FundOrder>;

export const FundNavPoint = Type.Object({
  t: EpochMs('the PSX close'),
  nav: Decimal('PKR per unit'),
  assets: Decimal('PKR'),
  units: Decimal(),
});
export type FundNavPoint = Static<typeof FundNavPoint>;

export const FundListReply = envelope(Type.Array(FundProduct), 'The funds, by id');
export const FundInfoReply = envelope(FundInfo, 'The fund with its holdings');
export const FundOrderReply = envelope(FundOrder, 'The fund request');
export const FundOrderPageReply = envelope(Page(FundOrder), 'The caller’s fund requests, newest first');
export const FundNavReply = envelope(Type.Array(FundNavPoint), 'NAV at each close, oldest first');

// ---- GET stock/fund/info, stock/fund/nav ----
export const FundIdQuery = fields({ id: idString });
export type FundIdQuery = Static<typeof FundIdQuery>;

const clientIdField = text(8, 64, {
  pattern: '^[A-Za-z0-9_-]{8,64}$',
  description: 'Client-generated id (made when the form opens); a retry with it has one effect.',
});

// ---- POST stock/fund/subscribe ----
export const FundSubscribeBody = fields({
  fundId: idString,
  amount: decimalString({ maxIntDigits: 13, maxScale: 2, description: 'PKR, at most 2 decimals' }),
  clientId: clientIdField,
  tradePassword: sixDigits,
});
export type FundSubscribeBody = Static<typeof FundSubscribeBody>;

// ---- POST stock/fund/redeem ----
export const FundRedeemBody = fields({
  fundId: idString,
  units: decimalString({
    maxIntDigits: 13,
    maxScale: UNIT_DECIMALS,
    description: 'units, at most 4 decimals',
  }),
  clientId: clientIdField,
  tradePassword: sixDigits,
});
export type FundRedeemBody = Static<typeof FundRedeemBody>;

// ---- GET stock/fund/order/list ----
export const FundOrderListQuery = fields({
  fundId: opt(idString),
  page: opt(text(1, 6, { pattern: '^[1-9][0-9]{0,5}$', default: '1' })),
  size: opt(text(1, 3, { pattern: '^(?:[1-9]|[1-9][0-9]|100)$', default: '20' })),
});
export type FundOrderListQuery = Static<typeof FundOrderListQuery>;
