// Automatic IPO subscription (issue 17 §3; server/domain/ipo/auto-apply.ts). Decisions, written once here:
//
// openAutoApply (user/login/info, user/info) is 1 when the broker offers the feature: the platform setting
// `ipo.autoApply` (1 by default). It shows the drawer row "Automatic IPO subscription" → /pages/user/ipoSwitch.
// The switch itself is per account (real and demo each their own, off until the user turns it on):
// GET user/autoapply reads it, POST user/update/autoapply sets it.
//
// The rule (shown on the screen before the switch is turned on): about once every few seconds the server looks
// at every offering that is subscribing now (its window has started and not ended, including one already open
// when the switch is turned on) and, once per offering per account, applies for the offering's minimum
// application (a whole number of lots) at the issue price, freezing price × shares of the account's PKR until
// the allotment, exactly as a hand-made application (it can be cancelled during the window). It does not apply
// when the account's available PKR does not cover it, when that amount is above the user's cap (maxAmount), on
// a real account whose KYC is not verified, or when the account already applied by hand; either way the user
// gets a personal message. A later change of balance or switch does not retry an offering already decided.
import { Type, type Static } from 'typebox';
import { Decimal, envelope, EpochMs } from './envelope.ts';
import { fields, oneOf, opt, text } from './form-fields.ts';
import { AccountType } from './user.ts';

export const AUTO_OUTCOMES = ['applied', 'no_balance', 'no_kyc', 'over_cap', 'already_applied'] as const;
export const AutoOutcome = Type.Enum(AUTO_OUTCOMES, { type: 'string' });
export type AutoOutcome = Static<typeof AutoOutcome>;

/** One decision of the opening pass for this account. */
export const AutoRun = Type.Object({
  offeringId: Type.Integer({ minimum: 1 }),
  symbol: Type.String(),
  company: Type.String(),
  outcome: AutoOutcome,
  shares: Type.Integer({ minimum: 1, description: "the offering's minimum application" }),
  amount: Decimal('PKR: price × shares, frozen when applied'),
  applicationId: Type.Integer({ minimum: 0, description: 'the application made; 0 when none' }),
  createdAt: EpochMs(),
});
export type AutoRun = Static<typeof AutoRun>;

export const AutoApplyState = Type.Object({
  offered: Type.Enum([0, 1], {
    type: 'integer',
    description: 'the broker offers the feature (openAutoApply)',
  }),
  accountType: AccountType,
  enabled: Type.Boolean({ description: "this account's switch" }),
  maxAmount: Type.String({
    description: 'PKR cap on the money one automatic application may block; empty: no cap',
  }),
  recent: Type.Array(AutoRun, { maxItems: 20, description: 'the newest 20 decisions, newest first' }),
});
export type AutoApplyState = Static<typeof AutoApplyState>;
export const AutoApplyReply = envelope(AutoApplyState);

// ---- POST user/update/autoapply ----
export const AutoApplyBody = fields({
  enabled: oneOf(['0', '1'], 1, 1, { description: '1 turns the switch on, 0 off' }),
  maxAmount: opt(
    text(0, 15, {
      pattern: '^(?:|(?:0|[1-9][0-9]{0,11})(?:\\.[0-9]{1,2})?)$',
      description: 'PKR cap, up to 2 decimals; empty or absent: no cap',
    }),
  ),
});
export type AutoApplyBody = Static<typeof AutoApplyBody>;
