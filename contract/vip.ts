// VIP membership and its signals (issue 18, item 2): GET user/vip/get, POST user/vip/buy and GET
// stock/vip/advice (an addition to the spec's catalogue). Decisions, written once here:
//
// - A membership is a person's: it belongs to the user, shared by the real and the demo account. Paying is
//   from the REAL stock account's available PKR only (one ledger journal `vip_buy`, ref `vip:<purchase id>`,
//   to the system account `fee_vip`); a demo account may start the free trial but not pay.
// - The spec lists user/vip/buy under GET; it is a POST here because it carries the transaction password and
//   moves money (a password must never sit in a URL or an access log).
// - The free trial: once per user, `vip.trialDays` long, no payment. Plans: `vip.plans` (id, days, PKR price).
//   Buying while a trial or a membership runs extends from its current expiry; otherwise from now.
// - States, computed from the clock (no job): none (never a member) · trial · active (paid) · expired_trial
//   (the trial ended, nothing bought) · expired (a paid membership ended).
// - A retried clientId has one effect (answers the status again).
// - Signals (stock/vip/advice) are served only to a running trial or membership; anyone else is refused with
//   the spec's texts (-1001: 'Please become a VIP member first before you can view it.', or the expired-trial
//   text). Short-term strategies are served only when customer service has switched the strategy service on
//   for the user (console); block-trade opportunities are not built yet (issue 17) and say so.
// - Every figure of a signal is measured over the stored daily bars by the same rule: no promised return.
import { Type, type Static } from 'typebox';
import { Decimal, envelope, EpochMs } from './envelope.ts';
import { fields, oneOf, opt, text } from './form-fields.ts';
import { PkrSetting } from './settings.ts';
import { sixDigits } from './user.ts';

export const VIP_STATES = ['none', 'trial', 'active', 'expired_trial', 'expired'] as const;
export type VipState = (typeof VIP_STATES)[number];

// ---- settings (server registry: vip.trialDays, vip.plans) ----
export const VipPlanSetting = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9]{1,16}$', description: 'plan id, e.g. m1' }),
    days: Type.Integer({ minimum: 1, maximum: 3660 }),
    price: PkrSetting,
  },
  { additionalProperties: false },
);
export type VipPlanSetting = Static<typeof VipPlanSetting>;
export const VipPlansSetting = Type.Array(VipPlanSetting, { minItems: 1, maxItems: 6 });
export const VipTrialDaysSetting = Type.Integer({ minimum: 1, maximum: 90 });

// ---- GET user/vip/get ----
export const VipPlan = Type.Object({
  id: Type.String(),
  days: Type.Integer({ minimum: 1 }),
  price: Decimal('PKR, paid from the real account'),
});
export type VipPlan = Static<typeof VipPlan>;

export const VipStatus = Type.Object({
  state: Type.Enum(VIP_STATES, { type: 'string' }),
  startedAt: Type.Union([EpochMs('start of the current (or last) trial or membership'), Type.Null()]),
  expiresAt: Type.Union([EpochMs('when the trial or membership ends (or ended)'), Type.Null()]),
  daysLeft: Type.Integer({ minimum: 0, description: 'whole days left, rounded up; 0 when not running' }),
  trialUsed: Type.Boolean(),
  trialDays: Type.Integer({ minimum: 1 }),
  plans: Type.Array(VipPlan),
  strategyService: Type.Boolean({ description: 'short-term strategies switched on by customer service' }),
  canPay: Type.Boolean({ description: 'the caller is on the real account (plans are paid from it only)' }),
});
export type VipStatus = Static<typeof VipStatus>;
export const VipStatusReply = envelope(VipStatus, 'The caller’s VIP membership');

// ---- POST user/vip/buy ----
const clientIdField = text(8, 64, {
  pattern: '^[A-Za-z0-9_-]{8,64}$',
  description: 'Client-generated id (made when the sheet opens); a retry with it has one effect.',
});
/** `plan` = `trial` (no payment, once per user) or a plan id of vip.plans (tradePassword required). */
export const VipBuyBody = fields({
  plan: text(1, 16, { pattern: '^[a-z0-9]{1,16}$', description: '`trial` or a plan id' }),
  clientId: clientIdField,
  tradePassword: opt(sixDigits),
});
export type VipBuyBody = Static<typeof VipBuyBody>;

// ---- GET stock/vip/advice (VIP only) ----
export const SignalRecord = Type.Object({
  since: EpochMs('first day of the history the rule was measured over'),
  until: EpochMs('last day of it'),
  horizonDays: Type.Integer({
    minimum: 1,
    description: 'trading days after a signal its outcome is measured',
  }),
  signals: Type.Integer({ minimum: 0, description: 'past signals whose outcome is known' }),
  hits: Type.Integer({ minimum: 0, description: 'of them, moved in the signal’s direction' }),
  hitRatePct: Type.String({ description: "hits ÷ signals, percent, 2 decimals; '' when no signal" }),
  avgMovePct: Type.String({ description: "mean move in the signal’s direction, percent; '' when none" }),
  worstMovePct: Type.String({ description: "worst move in the signal’s direction, percent; '' when none" }),
});
export type SignalRecord = Static<typeof SignalRecord>;

export const ADVICE_ACTIONS = ['buy', 'hold', 'sell'] as const;
export type AdviceAction = (typeof ADVICE_ACTIONS)[number];
export const Advice = Type.Object({
  symbol: Type.String(),
  nameEn: Type.String(),
  nameUr: Type.String(),
  action: Type.Enum(ADVICE_ACTIONS, { type: 'string' }),
  asOf: EpochMs('the daily bar (last closed day) the advice is computed on'),
  close: Decimal(),
  sma20: Decimal('20-day simple moving average of the close'),
  sma50: Decimal('50-day simple moving average of the close'),
  rsi14: Type.String({ description: 'RSI(14) from the sums of gains and losses, 1 decimal' }),
  record: SignalRecord,
});
export type Advice = Static<typeof Advice>;

export const Strategy = Type.Object({
  symbol: Type.String(),
  nameEn: Type.String(),
  nameUr: Type.String(),
  live: Type.Union([
    Type.Object({
      signalAt: EpochMs('the day the close broke the 20-day high'),
      entry: Decimal('that day’s close'),
      stop: Decimal('the 10-day low before it'),
      daysLeft: Type.Integer({ minimum: 0, description: 'trading days left of the measured horizon' }),
    }),
    Type.Null(),
  ]),
  record: SignalRecord,
});
export type Strategy = Static<typeof Strategy>;

export const VipAdvice = Type.Object({
  rules: Type.Object({
    advice: Type.String({ description: 'the advice rule, in the language of the request' }),
    strategy: Type.String({ description: 'the short-term strategy rule and its assumptions' }),
    note: Type.String({
      description: 'past results do not predict future results; the exchange is simulated',
    }),
  }),
  advice: Type.Array(Advice),
  strategyService: Type.Boolean(),
  strategies: Type.Union([Type.Array(Strategy), Type.Null()], {
    description: 'null while the strategy service is off (activated through customer service)',
  }),
  blockTrades: Type.Object({
    available: Type.Boolean({ description: 'false: block trades are not built yet (issue 17)' }),
  }),
});
export type VipAdvice = Static<typeof VipAdvice>;
export const VipAdviceReply = envelope(VipAdvice, 'Trading advice and short-term strategies (VIP)');

// ---- console: the strategy service switch (support, admin) ----
export const VipStrategyQuery = fields({ userId: text(1, 16, { pattern: '^[1-9][0-9]{0,15}$' }) });
export const VipStrategyBody = fields({
  userId: text(1, 16, { pattern: '^[1-9][0-9]{0,15}$' }),
  on: oneOf(['yes', 'no'], 2, 3),
});
export type VipStrategyBody = Static<typeof VipStrategyBody>;
export const VipStrategyReply = envelope(
  Type.Object({ userId: Type.Integer({ minimum: 1 }), strategyService: Type.Boolean() }),
);
