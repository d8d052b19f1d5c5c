// IPO subscriptions (issue 17, part 1): the offerings (stock/new/*) and a user's applications
// (stock/order/new/*). Decisions, written once here:
//
// Offering states (spec §4), derived from the operator's phase and the clock:
//   upcoming         now < opensAt
//   subscribing      opensAt ≤ now < closesAt: applications may be made and cancelled
//   to_be_allocated  closesAt ≤ now, the operator has not run the allotment yet
//   allotted         the operator ran the allotment (seed and oversubscription recorded)
//   listed           the operator marked it listed (on or after listAt)
// Application states: applied → allotted (allocated, waiting for payment) | not_allotted; allotted → paid;
// applied → cancelled (the user withdrew during the window: shown as "unsubscribed").
//
// Money: applying freezes price × qty (PKR) of the real or demo account in one transaction with the row; one
// live application per account per offering; a retried clientId answers the first application. Cancelling
// during the window gives the frozen amount back at once. The allotment (server/domain/ipo/allotment.ts) gives
// back the unallotted part at once and keeps the allotted amount frozen, waiting for payment. The user may
// confirm the payment (action `pay`) any time before payBy; at payBy whatever is still waiting is paid
// automatically from the frozen money, so nobody loses an allotment by forgetting. Paid: the money goes to the
// issuer and the shares wait, locked, in the account's IPO share book until the offering lists; at listing
// they become ordinary (sellable) shares.
//
// Amounts are decimal strings (PKR, 2 places), share counts integers, times epoch ms.
import { Type, type Static } from 'typebox';
import { Decimal, envelope, EpochMs, Page } from './envelope.ts';
import { fields, idString, oneOf, opt, text } from './form-fields.ts';
import { sixDigits } from './user.ts';

export const OFFERING_STATES = ['upcoming', 'subscribing', 'to_be_allocated', 'allotted', 'listed'] as const;
export const OfferingState = Type.Enum(OFFERING_STATES, { type: 'string' });
export type OfferingState = Static<typeof OfferingState>;

export const APPLICATION_STATES = ['applied', 'allotted', 'not_allotted', 'paid', 'cancelled'] as const;
export const ApplicationState = Type.Enum(APPLICATION_STATES, { type: 'string' });
export type ApplicationState = Static<typeof ApplicationState>;

export const IpoOffering = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  symbol: Type.String(),
  company: Type.String(),
  sector: Type.String(),
  shariah: Type.Boolean({ description: 'KMI Shariah-compliant' }),
  state: OfferingState,
  price: Decimal('PKR per share: the issue price, or the strike price of a book-built offering'),
  priceFloor: Type.String({ description: "book building's price band, floor (PKR); '' for a fixed price" }),
  priceCap: Type.String({ description: "book building's price band, cap (PKR); '' for a fixed price" }),
  totalShares: Type.Integer({ minimum: 1 }),
  retailShares: Type.Integer({ minimum: 1, description: 'the retail portion the allotment shares out' }),
  lot: Type.Integer({ minimum: 1, description: 'applications are whole multiples of it (PSX: 500)' }),
  minQty: Type.Integer({ minimum: 1, description: 'fewest shares one application may ask for' }),
  maxQty: Type.Integer({ minimum: 1, description: 'most shares one application may ask for' }),
  opensAt: EpochMs(),
  closesAt: EpochMs(),
  allotAt: EpochMs('planned allotment date'),
  payBy: EpochMs('payment deadline: still waiting then = paid automatically'),
  listAt: EpochMs('planned listing date'),
  prospectus: Type.String({ description: 'prospectus summary' }),
  appliedQty: Type.Integer({ minimum: 0, description: 'shares applied for so far, all applicants together' }),
  applicants: Type.Integer({ minimum: 0 }),
  rule: Type.String({ description: "allotment rule id, e.g. 'ballot-then-pro-rata/v1'" }),
  ruleText: Type.String({ description: 'the allotment rule, in the language of the request' }),
  seed: Type.String({ description: "the ballot seed, once allotted ('' before)" }),
  oversubscription: Type.String({
    description: "applied ÷ retail shares when allotted (2 decimals, e.g. '3.10'); '' before",
  }),
  allottedQty: Type.Integer({ minimum: 0, description: 'shares allotted (0 before the allotment)' }),
  allottedAt: Type.Union([EpochMs(), Type.Null()]),
  listedAt: Type.Union([EpochMs(), Type.Null()]),
});
export type IpoOffering = Static<typeof IpoOffering>;
export const IpoOfferingReply = envelope(IpoOffering, 'The offering');
export const IpoOfferingListReply = envelope(Type.Array(IpoOffering), 'Offerings, soonest first');

export const IpoApplication = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  clientId: Type.String(),
  offeringId: Type.Integer({ minimum: 1 }),
  symbol: Type.String(),
  company: Type.String(),
  state: ApplicationState,
  price: Decimal('issue price, PKR per share'),
  qty: Type.Integer({ minimum: 1, description: 'shares applied for' }),
  lots: Type.Integer({ minimum: 1, description: 'lottery count: lots entered into the ballot' }),
  wonQty: Type.Integer({ minimum: 0, description: 'shares allotted (0 until the allotment)' }),
  frozen: Decimal('PKR held for this application now'),
  refunded: Decimal('PKR given back (cancelled, not allotted, or the unallotted part)'),
  paid: Decimal('PKR paid for the allotted shares'),
  autoPaid: Type.Boolean({ description: 'paid automatically at the payment deadline' }),
  closesAt: EpochMs('the end of the subscription window: an applied application may be cancelled before it'),
  payBy: EpochMs(),
  allotAt: EpochMs('the allotment date (planned, or when it ran)'),
  listAt: EpochMs('the listing date (planned, or when it listed)'),
  listed: Type.Boolean({ description: 'the shares have become ordinary, sellable shares' }),
  createdAt: EpochMs(),
  updatedAt: EpochMs(),
});
export type IpoApplication = Static<typeof IpoApplication>;
export const IpoApplicationReply = envelope(IpoApplication, 'The application');
export const IpoApplicationPageReply = envelope(Page(IpoApplication));

// ---- GET stock/new/list ----
/** The states stock/new/list can list (upcoming has its own call, list/coming); none: subscribing. */
export const LISTED_STATES = ['subscribing', 'to_be_allocated', 'allotted', 'listed'] as const;
export type ListedState = (typeof LISTED_STATES)[number];
export const IpoListQuery = fields({ state: opt(oneOf(LISTED_STATES, 6, 15)) });
export type IpoListQuery = Static<typeof IpoListQuery>;

// ---- GET stock/new/info ----
export const IpoInfoQuery = fields({ id: idString });

// ---- POST stock/order/new/apply ----
const qtyField = text(1, 9, { pattern: '^[1-9][0-9]{0,8}$', description: 'shares: a multiple of the lot' });
const clientIdField = text(8, 64, {
  pattern: '^[A-Za-z0-9_-]{8,64}$',
  description: 'Client-generated id (e.g. a UUID made when the form opens); a retry with it has one effect.',
});
export const IPO_ACTIONS = ['apply', 'cancel', 'pay'] as const;
export type IpoAction = (typeof IPO_ACTIONS)[number];
/**
 * action `apply`: offeringId, qty, clientId, tradePassword (the transaction password, as stock orders);
 * `cancel` (during the window: the frozen amount back at once) and `pay` (confirm the payment of an allotment
 * before payBy): applicationId. A field the action needs and lacks is refused on that field.
 */
export const IpoApplyBody = fields({
  action: oneOf(IPO_ACTIONS, 3, 6),
  offeringId: opt(idString),
  qty: opt(qtyField),
  clientId: opt(clientIdField),
  tradePassword: opt(sixDigits),
  applicationId: opt(idString),
});
export type IpoApplyBody = Static<typeof IpoApplyBody>;

// ---- GET stock/order/new/list (newest first) ----
export const IpoApplicationListQuery = fields({
  state: opt(oneOf(APPLICATION_STATES, 6, 12)),
  page: opt(text(1, 6, { pattern: '^[1-9][0-9]{0,5}$', default: '1' })),
  size: opt(text(1, 3, { pattern: '^(?:[1-9]|[1-9][0-9]|100)$', default: '20' })),
});
export type IpoApplicationListQuery = Static<typeof IpoApplicationListQuery>;

// ---- Console (/admin/api/ipo/…, finance or admin): create an offering, run its allotment, mark it listed ----
const consoleText = (max: number, description: string) => opt(text(0, max, { description }));
/** The new offering as form text; the rules are server/domain/ipo/offering-input.ts (one refusal each). */
export const IpoCreateBody = fields({
  symbol: text(1, 10, { description: 'ticker, 2-10 capital letters or digits' }),
  company: text(1, 100),
  sector: consoleText(60, 'sector'),
  shariah: opt(oneOf(['yes', 'no'], 2, 3)),
  price: text(1, 16, { description: 'issue or strike price, PKR' }),
  floor: consoleText(16, 'price band floor, PKR (with cap)'),
  cap: consoleText(16, 'price band cap, PKR (with floor)'),
  total: text(1, 13),
  retail: text(1, 13),
  lot: consoleText(13, 'application lot (default 500)'),
  min: consoleText(13, 'fewest shares per application (default the lot)'),
  max: text(1, 13),
  opens: text(1, 32, { description: 'ISO 8601 with a zone, or epoch ms' }),
  closes: text(1, 32),
  allot: text(1, 32),
  payBy: text(1, 32),
  list: text(1, 32),
  prospectus: consoleText(4000, 'prospectus summary'),
});
export type IpoCreateBody = Static<typeof IpoCreateBody>;
export const IpoOfferingParams = fields({ id: idString });
export const IpoAllotBody = fields({
  seed: opt(text(0, 128, { description: 'the ballot seed; empty: a random one, recorded' })),
});

// ---- Console: GET /admin/api/ipo/offerings/:id/applications — the allotment's result per application ----
export const IpoAllotmentRow = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  account: Type.Enum(['real', 'demo'], { type: 'string', description: 'the ballot pool' }),
  state: ApplicationState,
  qty: Type.Integer({ description: 'shares applied for' }),
  lots: Type.Integer({ description: 'lottery count: lots applied for' }),
  wonQty: Type.Integer({ description: 'shares allotted' }),
  auto: Type.Boolean({ description: 'made by automatic subscription' }),
});
export type IpoAllotmentRow = Static<typeof IpoAllotmentRow>;
export const IpoAllotmentSummary = Type.Object({
  offeringId: Type.Integer({ minimum: 1 }),
  applications: Type.Integer({ description: 'live applications (not cancelled), both pools' }),
  lots: Type.Integer({ description: 'lottery count: lots applied for, both pools' }),
  wonQty: Type.Integer({ description: 'shares allotted, both pools' }),
  list: Type.Array(IpoAllotmentRow, { maxItems: 200, description: 'the first 200 applications by id' }),
});
export type IpoAllotmentSummary = Static<typeof IpoAllotmentSummary>;
export const IpoAllotmentSummaryReply = envelope(IpoAllotmentSummary);
