// Moving money between a user's own accounts (issue 16; server/domain/crypto/README.md): the PKR stock account,
// the USDT spot account and the USDT contract account.
//
// POST user/exchange: PKR ↔ USDT between the stock account and the spot account, in two steps.
//   action=quote  (direction, amount in the from-asset) → a quote honoured until `expiresAt` (settings
//                 exchange.quoteSeconds, default 10 s): the USDT/PKR index, the rate with the spread (the cost,
//                 disclosed: exchange.spreadBps each side, default 50), fee 0 and what the user receives.
//   action=accept (quoteId, clientId) → executes that quote exactly once and answers it with status 'done'. The
//                 same quoteId + clientId again answers the same; an expired, used or unknown (another user's or
//                 the other account's) quote is refused with its message and changes nothing.
//   Rounding is always in the platform's disfavour by less than one minor unit (domain/crypto/exchange-rate.ts).
//   KYC: required for the real account (a currency conversion of real money is a regulated service; the same
//   rule as deposits and withdrawals), not for the demo account.
// POST coin/transfer: USDT between the spot account and the contract account, no fee, clientId idempotent.
// POST coin/assets: the three accounts with their balances and valuations in USDT and PKR.
import { Type, type Static } from 'typebox';
import { Decimal, envelope, EpochMs } from './envelope.ts';
import { decimalString, fields, idString, oneOf, opt, text } from './form-fields.ts';
import { TX_TYPES } from './trade-lists.ts';

const clientIdField = text(8, 64, {
  pattern: '^[A-Za-z0-9_-]{8,64}$',
  description: 'Client-generated id (e.g. a UUID made when the form opens); a retry with it has one effect.',
});

// ---- POST user/exchange ----
export const EXCHANGE_ACTIONS = ['quote', 'accept'] as const;
export const EXCHANGE_DIRECTIONS = ['PKR_USDT', 'USDT_PKR'] as const;
export type ExchangeDirection = (typeof EXCHANGE_DIRECTIONS)[number];

export const ExchangeBody = fields({
  action: oneOf(EXCHANGE_ACTIONS, 1, 6),
  direction: opt(oneOf(EXCHANGE_DIRECTIONS, 1, 8)),
  amount: opt(
    decimalString({
      maxIntDigits: 13,
      maxScale: 6,
      description: 'quote: in the from-asset (PKR: at most 2 decimals; USDT: at most 6)',
    }),
  ),
  quoteId: opt(idString),
  clientId: opt(clientIdField),
});
export type ExchangeBody = Static<typeof ExchangeBody>;

export const ExchangeQuote = Type.Object({
  quoteId: Type.Integer({ minimum: 1 }),
  direction: Type.Enum(EXCHANGE_DIRECTIONS, { type: 'string' }),
  from: Type.Enum(['PKR', 'USDT'], { type: 'string' }),
  to: Type.Enum(['PKR', 'USDT'], { type: 'string' }),
  amount: Decimal('what the user pays, in the from-asset'),
  index: Decimal('the USDT/PKR index (PKR per USDT, 4 decimals) the rate comes from'),
  rate: Decimal('the rate of this quote, PKR per USDT, 4 decimals: the index ± the spread'),
  spreadBps: Type.Integer({ minimum: 0, description: 'the spread, basis points: the cost of the exchange' }),
  fee: Decimal("fee in the from-asset ('0': the spread is the cost)"),
  receive: Decimal('what the user receives, in the to-asset'),
  expiresAt: EpochMs('honoured until then'),
  status: Type.Enum(['quoted', 'done'], { type: 'string' }),
  acceptedAt: Type.Union([EpochMs(), Type.Null()], { description: 'when it was executed' }),
});
export type ExchangeQuote = Static<typeof ExchangeQuote>;
export const ExchangeReply = envelope(ExchangeQuote, 'The quote (action=quote) or the executed exchange');

// ---- POST coin/transfer ----
export const COIN_ACCOUNTS = ['spot', 'contract'] as const;
export type CoinAccount = (typeof COIN_ACCOUNTS)[number];
export const CoinTransferBody = fields({
  from: oneOf(COIN_ACCOUNTS, 1, 8),
  to: oneOf(COIN_ACCOUNTS, 1, 8),
  amount: decimalString({ maxIntDigits: 12, maxScale: 6, description: 'USDT, at most 6 decimals' }),
  clientId: clientIdField,
});
export type CoinTransferBody = Static<typeof CoinTransferBody>;
export const CoinTransfer = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  clientId: Type.String(),
  from: Type.Enum(COIN_ACCOUNTS, { type: 'string' }),
  to: Type.Enum(COIN_ACCOUNTS, { type: 'string' }),
  asset: Type.Literal('USDT'),
  amount: Decimal('USDT moved, no fee'),
  createdAt: EpochMs(),
});
export type CoinTransfer = Static<typeof CoinTransfer>;
export const CoinTransferReply = envelope(
  CoinTransfer,
  'The transfer (a retried clientId answers the first)',
);

// ---- POST coin/assets ----
export const CoinAssetsBody = fields({});
const Valuation = {
  valueUsdt: Decimal('valued in USDT at the last prices (6 decimals, truncated)'),
  valuePkr: Decimal('valued in PKR at the USDT/PKR index (2 decimals, truncated)'),
};
export const SpotAsset = Type.Object({
  asset: Type.String({ description: "'USDT' or a coin, e.g. 'BTC'" }),
  available: Decimal(),
  frozen: Decimal('held by open orders or withdrawals under review'),
  price: Decimal("last price in USDT ('1' for USDT; '0' when the pair has no price)"),
  ...Valuation,
});
export type SpotAsset = Static<typeof SpotAsset>;
export const CoinAssets = Type.Object({
  usdtPkr: Decimal('the USDT/PKR index, PKR per USDT, 4 decimals'),
  at: EpochMs('time of the prices'),
  stock: Type.Object({
    asset: Type.Literal('PKR'),
    available: Decimal(),
    frozen: Decimal(),
    ...Valuation,
  }),
  spot: Type.Object({
    assets: Type.Array(SpotAsset, { description: 'USDT first, then the coins held, by asset' }),
    ...Valuation,
  }),
  contract: Type.Object({
    asset: Type.Literal('USDT'),
    available: Decimal('may be transferred or used as margin'),
    frozen: Decimal('margin held by open contract orders'),
    margin: Decimal('isolated margin of open positions'),
    ...Valuation,
  }),
  totalUsdt: Decimal('the three accounts together, USDT'),
  totalPkr: Decimal('the three accounts together, PKR'),
});
export type CoinAssets = Static<typeof CoinAssets>;
export const CoinAssetsReply = envelope(CoinAssets);

// ---- GET coin/tx/record: the crypto funds detail (an addition to the spec's catalogue, for
// /pages/fundsDetail/cryptoFundsDetail): the USDT movements of the spot or the contract account, newest first,
// with the balance after each; answered as user/tx/record's page (TxRecordPageReply of contract/trade.ts). ----
export const CoinTxRecordQuery = fields({
  account: opt(oneOf(COIN_ACCOUNTS, 1, 8, { default: 'spot' })),
  type: opt(oneOf(TX_TYPES, 1, 12)),
  page: opt(text(1, 6, { pattern: '^[1-9][0-9]{0,5}$', default: '1' })),
  size: opt(text(1, 3, { pattern: '^(?:[1-9]|[1-9][0-9]|100)$', default: '20' })),
});
export type CoinTxRecordQuery = Static<typeof CoinTxRecordQuery>;
