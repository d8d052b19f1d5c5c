// Deposits (issue 15): the platform's receiving accounts and accepted coins, deposit requests by bank transfer,
// mobile wallet and offline channel (user/recharge/*), and crypto deposits to the user's own address
// (coin/recharge/*). Amounts are decimal strings: PKR with 2 places, USDT with 6 (the ledger's scale).
import { Type, type Static } from 'typebox';
import { CHAINS } from './crypto-address.ts';
import { Decimal, EpochMs, Page, envelope } from './envelope.ts';
import { decimalString, fields, idString, oneOf, opt, text } from './form-fields.ts';

export const RECHARGE_CHANNELS = ['bank', 'wallet', 'offline'] as const;
export type RechargeChannel = (typeof RECHARGE_CHANNELS)[number];
export const DEPOSIT_STATUSES = ['pending', 'credited', 'rejected'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const ALL_DEPOSIT_CHANNELS = ['bank', 'wallet', 'offline', 'crypto'] as const;

/** The id a form makes when it opens (a UUID or similar): a retried submit with it has one effect. */
export const clientIdField = text(8, 64, {
  pattern: '^[A-Za-z0-9_-]{8,64}$',
  description:
    'Client-generated request id (8–64 letters, digits, _ or -); a retry with it answers the same record.',
});
const pageField = text(1, 6, { pattern: '^[1-9][0-9]{0,5}$', default: '1' });
const sizeField = text(1, 3, { pattern: '^(?:[1-9]|[1-9][0-9]|100)$', default: '20' });
const chainField = oneOf(CHAINS, 1, 5, { description: 'TRC20, ERC20 or BEP20' });

export const ReceivingAccount = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  channel: Type.Union([Type.Literal('bank'), Type.Literal('wallet')]),
  provider: Type.String({ description: "bank code (e.g. MEZN) or 'jazzcash' / 'easypaisa'" }),
  providerName: Type.String(),
  title: Type.String({ description: 'account title' }),
  number: Type.String({ description: 'compact IBAN, or the wallet number 03XXXXXXXXX' }),
});
export type ReceivingAccount = Static<typeof ReceivingAccount>;
export const ReceivingAccountsReply = envelope(Type.Object({ list: Type.Array(ReceivingAccount) }));

export const Coin = Type.Object({
  coin: Type.Literal('USDT'),
  chain: Type.Union([Type.Literal('TRC20'), Type.Literal('ERC20'), Type.Literal('BEP20')]),
  min: Decimal('smallest deposit credited'),
  confirmations: Type.Integer({ minimum: 1, description: 'blocks before it is credited' }),
});
export type Coin = Static<typeof Coin>;
export const CoinsReply = envelope(Type.Object({ list: Type.Array(Coin) }));

export const Deposit = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  channel: Type.Union([
    Type.Literal('bank'),
    Type.Literal('wallet'),
    Type.Literal('offline'),
    Type.Literal('crypto'),
  ]),
  asset: Type.Union([Type.Literal('PKR'), Type.Literal('USDT')]),
  amount: Decimal('PKR with 2 places, USDT with 6'),
  reference: Type.String({ description: 'the unique reference the user quotes with the transfer' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('credited'), Type.Literal('rejected')]),
  receivingAccount: Type.Optional(ReceivingAccount),
  payer: Type.String({ description: 'the wallet number or bank the user paid from, or empty' }),
  chain: Type.Optional(Type.String()),
  address: Type.Optional(Type.String()),
  txHash: Type.Optional(Type.String()),
  confirmations: Type.Integer({ minimum: 0 }),
  confirmationsNeeded: Type.Optional(Type.Integer({ minimum: 1 })),
  bankReference: Type.String({ description: "the operator's bank reference once credited, or empty" }),
  reason: Type.String({ description: 'why it was rejected, or empty' }),
  createdAt: EpochMs(),
  updatedAt: EpochMs(),
});
export type Deposit = Static<typeof Deposit>;
export const DepositReply = envelope(Deposit);
export const DepositPageReply = envelope(Page(Deposit));

export const RechargeAddBody = fields({
  channel: oneOf(RECHARGE_CHANNELS, 1, 7, { description: 'bank, wallet or offline' }),
  amount: decimalString({ maxIntDigits: 12, maxScale: 2, description: 'PKR, up to 2 decimals' }),
  clientId: clientIdField,
  receivingAccountId: opt(idString),
  payer: opt(text(0, 40, { description: 'the wallet number or bank paid from (optional)' })),
  channelPassword: opt(text(1, 32, { description: 'offline only: the channel password' })),
});
export type RechargeAddBody = Static<typeof RechargeAddBody>;

export const RechargeOrderQuery = fields({
  channel: opt(oneOf(ALL_DEPOSIT_CHANNELS, 1, 7)),
  status: opt(oneOf(DEPOSIT_STATUSES, 1, 8)),
  page: opt(pageField),
  size: opt(sizeField),
});
export type RechargeOrderQuery = Static<typeof RechargeOrderQuery>;

export const RechargeStatusQuery = fields({ id: idString });

export const ChainBody = fields({ chain: chainField });
export type ChainBody = Static<typeof ChainBody>;
export const DepositAddress = Type.Object({
  chain: Type.String(),
  address: Type.Union([Type.String(), Type.Null()], { description: 'null until generated' }),
});
export type DepositAddress = Static<typeof DepositAddress>;
export const DepositAddressReply = envelope(DepositAddress);

export const CoinRechargeAddBody = fields({
  chain: chainField,
  amount: decimalString({ maxIntDigits: 12, maxScale: 6, description: 'USDT, up to 6 decimals' }),
  clientId: clientIdField,
  txHash: opt(
    text(0, 66, { pattern: '^$|^(0x)?[0-9a-fA-F]{64}$', description: 'the transfer hash, if known' }),
  ),
});
export type CoinRechargeAddBody = Static<typeof CoinRechargeAddBody>;

export const CoinRechargeOrderQuery = fields({
  chain: opt(chainField),
  status: opt(oneOf(DEPOSIT_STATUSES, 1, 8)),
  page: opt(pageField),
  size: opt(sizeField),
});
export type CoinRechargeOrderQuery = Static<typeof CoinRechargeOrderQuery>;
