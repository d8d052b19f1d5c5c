// Options on PSX stocks (issue 17 §6). PSX lists no options: these are the BROKER'S OWN CASH-SETTLED contracts,
// not exchange-listed options, and every answer and screen says so. Decisions, written once here:
//
// - A contract is one share's worth. The user picks a symbol, call or put, a term (days, from the rules) and a
//   number of contracts; the strike is the symbol's live price at the purchase.
// - The premium comes from Black–Scholes (server/domain/option/pricing.ts) with the stock's realised
//   volatility over the last `volDays` daily closes of the simulated market (annualised × √252), the
//   risk-free rate and term (days / 365) shown in the rules, times (1 + spread); the premium of a purchase is
//   the quoted price per contract × contracts, rounded UP to the next paisa. It must lie within the rules'
//   minimum and maximum. The premium is the most the buyer can lose.
// - Paid at once from the stock account's available PKR (real or demo: never mixed); a retry with the same
//   clientId answers the first purchase; KYC on the real account; the transaction password as stock orders.
// - Expiry: an N-day option expires at the PSX close N days after the purchase (the next trading day's close
//   when that day is not one); the settlement price is the symbol's closing price then. The leader settles
//   each contract exactly once: payoff max(0, S − K) (call) or max(0, K − S) (put) × contracts, credited.
//   The record shows strike, expiry price, payoff, P&L and the P&L ratio (P&L ÷ premium).
//
// Amounts are decimal strings (PKR, 2 places), times epoch ms.
import { Type, type Static } from 'typebox';
import { Decimal, envelope, EpochMs, Page } from './envelope.ts';
import { fields, oneOf, opt, text } from './form-fields.ts';
import { sixDigits } from './user.ts';

export const OPTION_DIRECTIONS = ['call', 'put'] as const;
export const OptionDirection = Type.Enum(OPTION_DIRECTIONS, { type: 'string' });
export type OptionDirection = Static<typeof OptionDirection>;
export const OPTION_STATES = ['open', 'settled'] as const;
export const OptionState = Type.Enum(OPTION_STATES, { type: 'string' });
export type OptionState = Static<typeof OptionState>;

export const OptionTermQuote = Type.Object({
  term: Type.Integer({ minimum: 1, description: 'days' }),
  expiresAt: EpochMs('when an option bought now would expire'),
  call: Decimal('PKR per contract (one share), spread included, unrounded to 4 places'),
  put: Decimal('PKR per contract (one share), spread included, unrounded to 4 places'),
});
export type OptionTermQuote = Static<typeof OptionTermQuote>;

export const OptionQuote = Type.Object({
  symbol: Type.String(),
  spot: Decimal('the live price, PKR: the strike of an option bought now'),
  sigma: Type.String({ description: 'realised volatility used, yearly, percent with 2 decimals' }),
  closes: Type.Integer({ minimum: 0, description: 'daily closes the volatility was measured over' }),
  terms: Type.Array(OptionTermQuote),
});
export type OptionQuote = Static<typeof OptionQuote>;

export const OptionRule = Type.Object({
  cashSettled: Type.Literal(true, {
    description: "always true: the broker's own cash-settled contracts, not exchange-listed options",
  }),
  disclosure: Type.String({ description: 'what these contracts are, in the language of the request' }),
  model: Type.String({ description: "pricing model id: 'black-scholes/v1'" }),
  modelText: Type.String({
    description: 'the pricing model and its rounding, in the language of the request',
  }),
  terms: Type.Array(Type.Integer({ minimum: 1 }), { description: 'terms offered, days' }),
  minPremium: Decimal('smallest premium of one purchase, PKR'),
  maxPremium: Decimal('largest premium of one purchase, PKR'),
  riskFreeRate: Type.String({ description: 'yearly, percent with 2 decimals' }),
  spreadBps: Type.Integer({
    minimum: 0,
    description: "the broker's spread on the model price, basis points",
  }),
  volDays: Type.Integer({ minimum: 1, description: 'daily closes the realised volatility is measured over' }),
  symbols: Type.Array(Type.String(), { description: 'symbols offered; empty: every listed PSX stock' }),
  dayMs: Type.Integer({
    minimum: 0,
    description: '0: a term day is a calendar day (expiry at the PSX close); > 0: a shortened demo day (ms)',
  }),
  quote: Type.Union([OptionQuote, Type.Null()], { description: 'prices for `symbol` when asked' }),
});
export type OptionRule = Static<typeof OptionRule>;
export const OptionRuleReply = envelope(OptionRule, 'The option rules (and a quote for a symbol)');

export const OptionOrder = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  clientId: Type.String(),
  symbol: Type.String(),
  direction: OptionDirection,
  term: Type.Integer({ minimum: 1, description: 'days' }),
  qty: Type.Integer({ minimum: 1, description: 'contracts (one share each)' }),
  strike: Decimal('PKR per share: the price when bought'),
  unitPrice: Decimal('PKR per contract paid, spread included'),
  premium: Decimal('PKR paid: the most that can be lost'),
  sigma: Type.String({ description: 'volatility used, yearly percent' }),
  rate: Type.String({ description: 'risk-free rate used, yearly percent' }),
  spreadBps: Type.Integer({ minimum: 0 }),
  volDays: Type.Integer({ minimum: 1 }),
  state: OptionState,
  createdAt: EpochMs(),
  expiresAt: EpochMs(),
  settledAt: Type.Union([EpochMs(), Type.Null()]),
  expiryPrice: Type.String({ description: "PKR per share at expiry; '' while open" }),
  payoff: Type.String({ description: "PKR paid back at expiry; '' while open" }),
  pnl: Type.String({ description: "payoff − premium, PKR; '' while open" }),
  pnlRatio: Type.String({ description: "P&L ÷ premium, percent with 2 decimals; '' while open" }),
});
export type OptionOrder = Static<typeof OptionOrder>;
export const OptionOrderReply = envelope(OptionOrder, 'The option purchase');
export const OptionOrderPageReply = envelope(Page(OptionOrder));

export const OptionStatistics = Type.Object({
  open: Type.Integer({ minimum: 0 }),
  settled: Type.Integer({ minimum: 0 }),
  won: Type.Integer({ minimum: 0, description: 'settled with payoff > premium' }),
  lost: Type.Integer({ minimum: 0, description: 'settled with payoff ≤ premium' }),
  premiumOpen: Decimal('PKR paid for the options still open: at risk'),
  premiumSettled: Decimal('PKR paid for the settled options'),
  payoff: Decimal('PKR paid back at settlement'),
  realisedPnl: Decimal('payoff − premium of the settled options, PKR'),
});
export type OptionStatistics = Static<typeof OptionStatistics>;
export const OptionStatisticsReply = envelope(OptionStatistics);

// ---- GET stock/option/rule ----
const symbolField = text(1, 12, { pattern: '^[A-Za-z0-9]{1,12}$', description: 'PSX symbol' });
export const OptionRuleQuery = fields({ symbol: opt(symbolField) });
export type OptionRuleQuery = Static<typeof OptionRuleQuery>;

// ---- POST stock/order/option/apply ----
export const OptionApplyBody = fields({
  symbol: symbolField,
  direction: oneOf(OPTION_DIRECTIONS, 3, 4),
  term: text(1, 3, { pattern: '^[1-9][0-9]{0,2}$', description: 'days, one of the rules’ terms' }),
  qty: text(1, 7, { pattern: '^[1-9][0-9]{0,6}$', description: 'contracts' }),
  maxPremium: opt(
    text(1, 16, {
      pattern: '^(0|[1-9][0-9]{0,12})(\\.[0-9]{1,2})?$',
      description: 'PKR: refuse when the premium now is above this (the price moved since the quote)',
    }),
  ),
  clientId: text(8, 64, {
    pattern: '^[A-Za-z0-9_-]{8,64}$',
    description: 'Client-generated id (made when the ticket opens); a retry with it has one effect.',
  }),
  tradePassword: sixDigits,
});
export type OptionApplyBody = Static<typeof OptionApplyBody>;

// ---- GET stock/order/option/list (newest first) ----
export const OptionListQuery = fields({
  state: opt(oneOf(OPTION_STATES, 4, 7)),
  page: opt(text(1, 6, { pattern: '^[1-9][0-9]{0,5}$', default: '1' })),
  size: opt(text(1, 3, { pattern: '^(?:[1-9]|[1-9][0-9]|100)$', default: '20' })),
});
export type OptionListQuery = Static<typeof OptionListQuery>;
