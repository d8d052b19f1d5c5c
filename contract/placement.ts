// Offline (private) placements (issue 17 §4): the placements (stock/offline/list, today) and a user's
// applications (stock/order/offline/apply, list). Decisions, written once here:
//
// What is placed: shares of a stock already listed on the (simulated) market, at a placement price, not an IPO
// symbol (an IPO's shares are sold through stock/new/*). After the lock the shares trade like any others.
// Who may apply: a placement is for `international` investors (the spec's international / high-net-worth
// account type, set per user by an operator in the console's user lookup or `backoffice placement investor`)
// or for `everyone`; real accounts also need KYC. The list shows every placement with `eligible` and, when
// not, `whyNot` (a sentence saying who may apply), so nobody applies blind.
// States: upcoming (now < opensAt) → subscribing (opensAt ≤ now < closesAt) → to_be_allocated → allocated.
// Money: applying freezes price × qty (PKR) of the real or demo account in one transaction with the row; one
// application per account per placement; a retried clientId answers the first. The operator allocates after
// the window (real and demo are separate pools): in full when the pool's demand ≤ totalShares, otherwise pro
// rata in whole lots, rounded down, the lots left one each to the largest remainders (ties: earlier
// application). The unallocated part is given back at once; the allocated part is paid (frozen money spent)
// and the shares arrive locked until unlockAt (= allotAt + lockDays days, fixed when the placement is made
// and shown before anyone applies); then they are ordinary, sellable shares.
//
// Amounts are decimal strings (PKR, 2 places), share counts integers, times epoch ms.
import { Type, type Static } from 'typebox';
import { Decimal, envelope, EpochMs, Page } from './envelope.ts';
import { fields, idString, oneOf, opt, text } from './form-fields.ts';
import { sixDigits } from './user.ts';

export const PLACEMENT_STATES = ['upcoming', 'subscribing', 'to_be_allocated', 'allocated'] as const;
export const PlacementState = Type.Enum(PLACEMENT_STATES, { type: 'string' });
export type PlacementState = Static<typeof PlacementState>;

export const PLACEMENT_APPLICATION_STATES = ['applied', 'allocated', 'not_allocated'] as const;
export const PlacementApplicationState = Type.Enum(PLACEMENT_APPLICATION_STATES, { type: 'string' });
export type PlacementApplicationState = Static<typeof PlacementApplicationState>;

export const ELIGIBILITIES = ['international', 'everyone'] as const;
export const PLACEMENT_RULE = 'full-or-pro-rata-lots/v1';

export const Placement = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  symbol: Type.String(),
  company: Type.String(),
  state: PlacementState,
  price: Decimal('placement price, PKR per share'),
  totalShares: Type.Integer({ minimum: 1, description: 'shares offered' }),
  lot: Type.Integer({ minimum: 1, description: 'applications are whole multiples of it' }),
  minQty: Type.Integer({ minimum: 1, description: 'the minimum size of one application, in shares' }),
  opensAt: EpochMs(),
  closesAt: EpochMs(),
  allotAt: EpochMs('planned allocation date'),
  lockDays: Type.Integer({ minimum: 0, description: 'lock period after the allocation, days' }),
  unlockAt: EpochMs('when allocated shares become sellable'),
  eligibility: Type.Enum(ELIGIBILITIES, { type: 'string' }),
  note: Type.String({ description: "the operator's summary of the placement" }),
  appliedQty: Type.Integer({ minimum: 0, description: 'shares applied for so far (all applicants)' }),
  applicants: Type.Integer({ minimum: 0 }),
  allocatedQty: Type.Integer({ minimum: 0 }),
  allocatedAt: Type.Union([EpochMs(), Type.Null()]),
  rule: Type.String({ description: `allocation rule id ('${PLACEMENT_RULE}')` }),
  ruleText: Type.String({ description: 'the allocation rule, in the language of the request' }),
  eligible: Type.Boolean({ description: 'the caller may apply (false for guests)' }),
  whyNot: Type.String({ description: "why the caller may not apply, and who may; '' when eligible" }),
});
export type Placement = Static<typeof Placement>;
export const PlacementListReply = envelope(Type.Array(Placement), 'Placements');

export const PlacementApplication = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  clientId: Type.String(),
  placementId: Type.Integer({ minimum: 1 }),
  symbol: Type.String(),
  company: Type.String(),
  state: PlacementApplicationState,
  price: Decimal('placement price, PKR per share'),
  qty: Type.Integer({ minimum: 1, description: 'shares applied for' }),
  wonQty: Type.Integer({ minimum: 0, description: 'shares allocated (0 until the allocation)' }),
  frozen: Decimal('PKR held for this application now'),
  refunded: Decimal('PKR given back (the unallocated part)'),
  paid: Decimal('PKR paid for the allocated shares'),
  allotAt: EpochMs('allocation date (planned, or when it ran)'),
  unlockAt: EpochMs('when the allocated shares become sellable'),
  unlocked: Type.Boolean({ description: 'unlockAt has passed: the shares are ordinary shares' }),
  createdAt: EpochMs(),
  updatedAt: EpochMs(),
});
export type PlacementApplication = Static<typeof PlacementApplication>;
export const PlacementApplicationReply = envelope(PlacementApplication, 'The application');
export const PlacementApplicationPageReply = envelope(Page(PlacementApplication));

// ---- GET stock/offline/list: every placement not allocated yet, then the 20 latest allocated ----
export { noFields as PlacementListQuery } from './form-fields.ts';

// ---- POST stock/order/offline/apply ----
/** placementId, qty (a multiple of the lot, at least the minimum, at most what is offered), clientId, tradePassword */
export const PlacementApplyBody = fields({
  placementId: idString,
  qty: text(1, 9, { pattern: '^[1-9][0-9]{0,8}$', description: 'shares: a multiple of the lot' }),
  clientId: text(8, 64, {
    pattern: '^[A-Za-z0-9_-]{8,64}$',
    description: 'Client-generated id (made when the form opens); a retry with it has one effect.',
  }),
  tradePassword: sixDigits,
});
export type PlacementApplyBody = Static<typeof PlacementApplyBody>;

// ---- GET stock/order/offline/list (newest first) ----
export const PlacementApplicationListQuery = fields({
  state: opt(oneOf(PLACEMENT_APPLICATION_STATES, 7, 13)),
  page: opt(text(1, 6, { pattern: '^[1-9][0-9]{0,5}$', default: '1' })),
  size: opt(text(1, 3, { pattern: '^(?:[1-9]|[1-9][0-9]|100)$', default: '20' })),
});

// ---- Console (/admin/api/placements…, finance or admin) ----
export const PlacementCreateBody = fields({
  symbol: text(1, 10, { description: 'a listed stock' }),
  price: text(1, 16, { description: 'placement price, PKR' }),
  total: text(1, 13, { description: 'shares offered' }),
  lot: opt(text(0, 13, { description: 'lot (default 500)' })),
  min: text(1, 13, { description: 'minimum size of one application, shares' }),
  opens: text(1, 32, { description: 'ISO 8601 with a zone, or epoch ms' }),
  closes: text(1, 32),
  allot: text(1, 32),
  lockDays: text(1, 4, { pattern: '^[0-9]{1,4}$' }),
  eligibility: oneOf(ELIGIBILITIES, 8, 13),
  note: opt(text(0, 2000)),
});
export type PlacementCreateBody = Static<typeof PlacementCreateBody>;
export const PlacementParams = fields({ id: idString });
export const InvestorTypeBody = fields({
  userId: idString,
  type: oneOf(['regular', 'international'], 7, 13),
});

export const PlacementApplicant = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  accountType: Type.String(),
  state: PlacementApplicationState,
  qty: Type.Integer(),
  wonQty: Type.Integer(),
  amount: Decimal('PKR frozen when applied'),
  createdAt: EpochMs(),
});
export const PlacementApplicantsReply = envelope(Type.Array(PlacementApplicant));
export const InvestorTypeReply = envelope(
  Type.Object({ userId: Type.Integer(), type: Type.String() }),
  "The user's investor type",
);
