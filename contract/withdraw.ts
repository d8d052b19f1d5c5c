// The withdraw area's calls (issue 15): the withdrawal password (set / update / reset: additions to the spec's
// catalogue, modelled on user/password/trade/*), PKR withdrawals to a bound bank account or mobile wallet
// (user/withdraw/add, order, status, config) and USDT withdrawals to a saved crypto address (coin/withdraw/add,
// order). Amounts are decimal strings: PKR with 2 places, USDT with up to 6 (the ledger's scale). The fee is on
// top of the amount (contract/withdraw-fee.ts): the destination receives `amount`, the balance pays
// amount + fee + networkFee.
import { Type, type Static } from 'typebox';
import { Decimal, envelope, EpochMs, Page } from './envelope.ts';
import { decimalString, fields, idString, oneOf, opt, text } from './form-fields.ts';
import { sixDigits, smsCodeField } from './user.ts';

// ---- POST user/withdraw/password/set | update | reset ----
export const WithdrawPasswordSetBody = fields({ password: sixDigits, password2: sixDigits });
export type WithdrawPasswordSetBody = Static<typeof WithdrawPasswordSetBody>;
export const WithdrawPasswordUpdateBody = fields({
  oldPassword: sixDigits,
  password: sixDigits,
  password2: sixDigits,
});
export type WithdrawPasswordUpdateBody = Static<typeof WithdrawPasswordUpdateBody>;
/** Forgotten: proven by the SMS code common/code/send (type `reset`) texted to the account's own phone. */
export const WithdrawPasswordResetBody = fields({
  code: smsCodeField('reset'),
  password: sixDigits,
  password2: sixDigits,
});
export type WithdrawPasswordResetBody = Static<typeof WithdrawPasswordResetBody>;

// ---- A withdrawal ----
export const WITHDRAW_CHANNELS = ['bank', 'wallet', 'crypto'] as const;
export type WithdrawChannel = (typeof WITHDRAW_CHANNELS)[number];
export const WITHDRAW_STATUSES = ['pending', 'paid', 'rejected'] as const;
export const WithdrawStatus = Type.Enum(WITHDRAW_STATUSES, { type: 'string' });
export type WithdrawStatus = Static<typeof WithdrawStatus>;
export const CRYPTO_CHAINS = ['TRC20', 'ERC20', 'BEP20'] as const;
export type CryptoChain = (typeof CRYPTO_CHAINS)[number];

export const Withdrawal = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  clientId: Type.String(),
  channel: Type.Enum(WITHDRAW_CHANNELS, { type: 'string' }),
  asset: Type.Enum(['PKR', 'USDT'], { type: 'string' }),
  amount: Decimal('what the destination receives'),
  fee: Decimal('platform fee, on top of the amount'),
  networkFee: Decimal("crypto: the chain's fee, on top of the amount; '0' otherwise"),
  total: Decimal(
    'amount + fee + networkFee: what left the available balance (frozen until paid or returned)',
  ),
  provider: Type.String({
    description: "bank code (e.g. 'HABB') or 'jazzcash' / 'easypaisa'; '' for crypto",
  }),
  number: Type.String({ description: "IBAN or wallet number; '' for crypto" }),
  title: Type.String({ description: "account title; '' for crypto" }),
  chain: Type.String({ description: "'TRC20' | 'ERC20' | 'BEP20' for crypto; '' otherwise" }),
  address: Type.String({ description: "crypto address; '' otherwise" }),
  status: WithdrawStatus,
  reference: Type.String({ description: 'bank reference or transaction hash once paid' }),
  reason: Type.String({ description: 'why it was rejected' }),
  createdAt: EpochMs(),
  updatedAt: EpochMs(),
});
export type Withdrawal = Static<typeof Withdrawal>;
export const WithdrawalReply = envelope(Withdrawal, 'The withdrawal');
export const WithdrawalPageReply = envelope(Page(Withdrawal));

// ---- Request fields ----
const clientIdField = text(8, 64, {
  pattern: '^[A-Za-z0-9_-]{8,64}$',
  description: 'Client-generated id (e.g. a UUID made when the form opens); a retry with it has one effect.',
});
const pkrAmountField = decimalString({
  maxIntDigits: 13,
  maxScale: 2,
  description: 'PKR, at most 2 decimals',
});
const usdtAmountField = decimalString({
  maxIntDigits: 12,
  maxScale: 6,
  description: 'USDT, at most 6 decimals',
});
const pageField = text(1, 6, { pattern: '^[1-9][0-9]{0,5}$', default: '1' });
const sizeField = text(1, 3, { pattern: '^(?:[1-9]|[1-9][0-9]|100)$', default: '20' });

// ---- POST user/withdraw/add ----
export const WithdrawAddBody = fields({
  bindingId: idString,
  amount: pkrAmountField,
  password: sixDigits,
  clientId: clientIdField,
});
export type WithdrawAddBody = Static<typeof WithdrawAddBody>;

// ---- POST coin/withdraw/add ----
export const CoinWithdrawAddBody = fields({
  addressId: idString,
  amount: usdtAmountField,
  password: sixDigits,
  clientId: clientIdField,
});
export type CoinWithdrawAddBody = Static<typeof CoinWithdrawAddBody>;

// ---- GET user/withdraw/order, POST coin/withdraw/order (paged, newest first) ----
export const WithdrawOrderQuery = fields({
  status: opt(oneOf(WITHDRAW_STATUSES, 1, 8)),
  page: opt(pageField),
  size: opt(sizeField),
});
export type WithdrawOrderQuery = Static<typeof WithdrawOrderQuery>;

// ---- GET user/withdraw/status ----
export const WithdrawStatusQuery = fields({ id: idString });

// ---- GET user/withdraw/config: what only this user has (the rest comes from common/props, bank/list and
// coin/withdraw/address) ----
export const WithdrawConfig = Type.Object({
  open: Type.Boolean({
    description: "whether a withdrawal may be requested now (the server's clock against withdraw.hours)",
  }),
  usedToday: Decimal('PKR requested today (pending and paid), against withdraw.dailyMax'),
  available: Decimal('available PKR of the real account'),
  hasPassword: Type.Boolean({ description: 'whether the withdrawal password is set' }),
  crypto: Type.Object({
    open: Type.Boolean({
      description:
        "whether a crypto withdrawal may be requested now (the server's clock against crypto.withdrawHours)",
    }),
    usedToday: Decimal('USDT requested today (pending and paid), against crypto.withdrawDailyMax'),
    available: Decimal('available USDT'),
  }),
});
export type WithdrawConfig = Static<typeof WithdrawConfig>;
export const WithdrawConfigReply = envelope(WithdrawConfig);
