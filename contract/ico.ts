// Coin ICO / token sales (issue 17 §7): the sales (coin/new/*) and a user's commitments (coin/order/new/*).
// Decisions, written once here (server/domain/ico/README.md has the reasons):
//
// Sale states, derived from the operator's phase and the clock:
//   upcoming     now < opensAt
//   subscribing  opensAt ≤ now < closesAt: USDT may be committed (frozen at once in the spot account)
//   calculating  closesAt ≤ now, the operator has not run the distribution yet
//   distributed  tokens credited and the rest refunded (phase 'distributed'); trading starts at the listing
//   listed       the token trades as <TOKEN>USDT on the simulated crypto market
// Commitment states: committed (USDT frozen) → distributed (tokens credited, cost paid, rest refunded).
// A commitment cannot be withdrawn during the window (the form says so before the user commits).
//
// Money: USDT with 6 decimals (micro-USDT), from the spot account's cash/frozen books of the real or demo
// account; one commitment per account per sale, minCommit ≤ amount ≤ maxCommit (the per-user cap); a retried
// clientId answers the first commitment. Allocation (server/domain/ico/allocation.ts, rule
// 'pro-rata-largest-remainder/v1'): each commitment wants floor(amount ÷ price) tokens (in the token's smallest
// unit); if all wants fit in the tokens offered everyone gets what they want, else each gets
// floor(offered × want ÷ total wants) and the units left (fewer than the number of commitments) go one each to
// the largest remainders, earliest commitment first on a tie; never more than offered. The cost is
// tokens × price rounded down to the micro-USDT (toward the user); the rest of the commitment is refunded at
// once. Real and demo are two pools, each over the whole offering. Unsold tokens are never created.
//
// Amounts are decimal strings, times epoch ms.
import { Type, type Static } from 'typebox';
import { Decimal, envelope, EpochMs, Page } from './envelope.ts';
import { decimalString, fields, idString, oneOf, opt, text } from './form-fields.ts';
import { sixDigits } from './user.ts';

export const ICO_RULE = 'pro-rata-largest-remainder/v1';

export const SALE_STATES = ['upcoming', 'subscribing', 'calculating', 'distributed', 'listed'] as const;
export const SaleState = Type.Enum(SALE_STATES, { type: 'string' });
export type SaleState = Static<typeof SaleState>;

export const COMMITMENT_STATES = ['committed', 'distributed'] as const;
export const CommitmentState = Type.Enum(COMMITMENT_STATES, { type: 'string' });
export type CommitmentState = Static<typeof CommitmentState>;

export const IcoSale = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  token: Type.String({ description: "the token's asset name, e.g. 'NOOR'" }),
  pair: Type.String({ description: "the market pair once listed, e.g. 'NOORUSDT'" }),
  nameEn: Type.String(),
  nameUr: Type.String(),
  tokenDecimals: Type.Integer({ minimum: 0, maximum: 8, description: "the token's smallest unit is 10^-d" }),
  state: SaleState,
  price: Decimal('USDT per whole token'),
  tokensOffered: Decimal('tokens offered, in whole tokens'),
  minCommit: Decimal('USDT: the smallest commitment'),
  maxCommit: Decimal('USDT: the per-user cap'),
  opensAt: EpochMs(),
  closesAt: EpochMs(),
  distributeAt: EpochMs('planned distribution'),
  listAt: EpochMs('planned listing'),
  summary: Type.String({ description: 'what the token is, from the operator' }),
  committed: Decimal("USDT committed so far in the caller's pool (real, or demo for a demo account)"),
  committers: Type.Integer({ minimum: 0 }),
  oversubscription: Type.String({ description: "wanted ÷ offered (2 decimals) in that pool; '' while none" }),
  soldTokens: Decimal('tokens allocated by the distribution (real pool; 0 before)'),
  distributedAt: Type.Union([EpochMs(), Type.Null()]),
  listedAt: Type.Union([EpochMs(), Type.Null()]),
  rule: Type.String({ description: `allocation rule id, '${ICO_RULE}'` }),
  ruleText: Type.String({ description: 'the allocation rule, in the language of the request' }),
});
export type IcoSale = Static<typeof IcoSale>;
export const IcoSaleReply = envelope(IcoSale, 'The sale');
export const IcoSaleListReply = envelope(Type.Array(IcoSale), 'Sales, soonest first');

export const IcoCommitment = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  clientId: Type.String(),
  saleId: Type.Integer({ minimum: 1 }),
  token: Type.String(),
  pair: Type.String(),
  state: CommitmentState,
  price: Decimal('USDT per whole token'),
  amount: Decimal('USDT committed'),
  frozen: Decimal('USDT held for it now'),
  tokens: Decimal('tokens allocated (0 until the distribution)'),
  spent: Decimal('USDT paid for the tokens'),
  refunded: Decimal('USDT given back'),
  closesAt: EpochMs(),
  distributeAt: EpochMs('planned distribution, or when it ran'),
  listAt: EpochMs('planned listing, or when it listed'),
  listed: Type.Boolean(),
  createdAt: EpochMs(),
  updatedAt: EpochMs(),
});
export type IcoCommitment = Static<typeof IcoCommitment>;
export const IcoCommitmentReply = envelope(IcoCommitment, 'The commitment');
export const IcoCommitmentPageReply = envelope(Page(IcoCommitment));

// ---- GET coin/new/list: subscribing (default) or ended (calculating, distributed, listed: 50 latest)
export const ICO_LIST_STATES = ['subscribing', 'ended'] as const;
export const IcoListQuery = fields({ state: opt(oneOf(ICO_LIST_STATES, 5, 11)) });
export type IcoListQuery = Static<typeof IcoListQuery>;

// ---- GET coin/new/info
export const IcoInfoQuery = fields({ id: idString });

// ---- POST coin/order/new/apply
export const IcoApplyBody = fields({
  saleId: idString,
  amount: decimalString({ maxIntDigits: 12, maxScale: 6, description: 'USDT to commit' }),
  clientId: text(8, 64, {
    pattern: '^[A-Za-z0-9_-]{8,64}$',
    description: 'Client-generated id made when the form opens; a retry with it has one effect.',
  }),
  tradePassword: sixDigits,
});
export type IcoApplyBody = Static<typeof IcoApplyBody>;

// ---- GET coin/order/new/list (newest first)
export const IcoCommitmentListQuery = fields({
  page: opt(text(1, 6, { pattern: '^[1-9][0-9]{0,5}$', default: '1' })),
  size: opt(text(1, 3, { pattern: '^(?:[1-9]|[1-9][0-9]|100)$', default: '20' })),
});
export type IcoCommitmentListQuery = Static<typeof IcoCommitmentListQuery>;

// ---- Console (/admin/api/ico/…, finance or admin): create a sale, distribute it, list it
const optText = (max: number, description: string) => opt(text(0, max, { description }));
export const IcoCreateBody = fields({
  token: text(1, 6, { description: 'token, 2-6 capital letters or digits, starting with a letter' }),
  nameEn: text(1, 60),
  nameUr: text(1, 60),
  decimals: text(1, 1, { pattern: '^[0-8]$', description: "the token's decimal places (0-8)" }),
  price: text(1, 20, { description: 'USDT per whole token (up to 6 decimals)' }),
  offered: text(1, 24, { description: 'tokens offered (up to the token decimals)' }),
  min: text(1, 20, { description: 'smallest commitment, USDT' }),
  cap: text(1, 20, { description: 'per-user cap, USDT' }),
  opens: text(1, 32, { description: 'ISO 8601 with a zone, or epoch ms' }),
  closes: text(1, 32),
  distribute: text(1, 32),
  list: text(1, 32),
  summary: optText(4000, 'what the token is'),
});
export type IcoCreateBody = Static<typeof IcoCreateBody>;
export const IcoSaleParams = fields({ id: idString });
