// The loans area's calls (issue 18 items 5, 6): user/loan (what the caller may borrow now, and given amount +
// days the key fact statement), user/loan/apply (with the statement's values the user saw and accepted),
// user/loan/repay (an addition: repay a loan in full, early or late, from the stock account's cash),
// user/loan/order/list (paged, own only) and user/point/change/log (the credit score's changes, paged).
// Real accounts only. The terms' arithmetic is contract/loan-terms.ts (the app computes the same paisa).
import { Type, type Static } from 'typebox';
import { Decimal, envelope, EpochMs, Page } from './envelope.ts';
import { decimalString, fields, idString, oneOf, opt, text } from './form-fields.ts';
import { sixDigits } from './user.ts';

export const LOAN_STATUSES = ['review', 'active', 'repaying', 'repaid', 'rejected'] as const;
export const LoanStatus = Type.Enum(LOAN_STATUSES, {
  type: 'string',
  description:
    'review: under review · active: in progress (disbursed) · repaying: repayment under review · repaid · rejected',
});
export type LoanStatus = Static<typeof LoanStatus>;
export const CREDIT_TIERS = ['excellent', 'qualified', 'risk'] as const;
export const CreditTier = Type.Enum(CREDIT_TIERS, { type: 'string' });

const Int = (description: string, minimum = 0) => Type.Integer({ minimum, description });

export const Instalment = Type.Object({
  n: Int('instalment number, from 1', 1),
  dueAt: EpochMs(),
  principal: Decimal('PKR'),
  interest: Decimal('PKR'),
  fee: Decimal('PKR'),
  amount: Decimal('PKR due on that date'),
});

/** The key fact statement (SECP): every figure the user accepts before applying. */
export const KeyFacts = Type.Object({
  amount: Decimal('PKR lent: the whole amount reaches the stock account'),
  days: Int('tenor, days', 1),
  dailyRate: Type.String({ description: 'interest a day, percent (e.g. "0.05")' }),
  apr: Type.String({ description: 'annual percentage rate, percent with 2 places, simple (e.g. "30.42")' }),
  interest: Decimal('PKR for the whole term'),
  fee: Decimal('processing fee, PKR, paid with the repayment'),
  cost: Decimal('interest + fee, never more than the amount'),
  total: Decimal('amount + cost: the one repayment'),
  lateFee: Decimal('always 0: no late fee or penalty interest; lateness lowers the credit score'),
  schedule: Type.Array(Instalment),
});
export type KeyFacts = Static<typeof KeyFacts>;

export const ScorePart = Type.Object({
  key: Type.String({ description: 'base, kyc, age, deposits, trading, repaid, late, overdue, usage' }),
  points: Type.Integer(),
});
export const CreditScoreView = Type.Object({
  score: Type.Integer({ minimum: 0, maximum: 100, description: "the app's own score, not an SBP score" }),
  tier: CreditTier,
  parts: Type.Array(ScorePart),
});

export const Loan = Type.Object({
  id: Int('loan id', 1),
  clientId: Type.String(),
  amount: Decimal('principal, PKR'),
  days: Int('tenor, days', 1),
  dailyRate: Type.String({ description: 'percent a day' }),
  apr: Type.String({ description: 'percent' }),
  interest: Decimal('for the whole term'),
  fee: Decimal('PKR'),
  total: Decimal('what the statement said is due at the end of the term'),
  status: LoanStatus,
  reason: Type.String({ description: 'why it was rejected' }),
  disbursedAt: Type.Union([EpochMs(), Type.Null()]),
  dueAt: Type.Union([EpochMs(), Type.Null()]),
  lateDays: Int('days past due (still open: as of now; repaid: when it was repaid)'),
  repayNow: Type.Union([Decimal('what repaying now costs (interest for the days used)'), Type.Null()]),
  repaidTotal: Type.Union([Decimal('what the repayment froze / paid'), Type.Null()]),
  repaidAt: Type.Union([EpochMs(), Type.Null()]),
  createdAt: EpochMs(),
});
export type Loan = Static<typeof Loan>;
export const LoanReply = envelope(Loan, 'The loan');
export const LoanPageReply = envelope(Page(Loan));

// ---- GET user/loan ----
const pkrAmountField = decimalString({
  maxIntDigits: 13,
  maxScale: 2,
  description: 'PKR, at most 2 decimals',
});
const daysField = text(1, 3, { pattern: '^[1-9][0-9]{0,2}$', description: 'tenor, days' });
export const LoanQuery = fields({ amount: opt(pkrAmountField), days: opt(daysField) });
export type LoanQuery = Static<typeof LoanQuery>;

export const LoanOverview = Type.Object({
  credit: CreditScoreView,
  canApply: Type.Boolean(),
  /** why not (an errors.json key under loan.), '' when the user may apply */
  blockedBy: Type.String({ description: "an errors.json key (loan.*) saying why not; '' when allowed" }),
  min: Decimal('smallest loan, PKR'),
  max: Decimal("largest loan now: the tier's cap, less what the open-total cap leaves"),
  openDebt: Decimal('principal of loans not yet repaid'),
  openCap: Decimal('most that may be open in total'),
  days: Type.Array(Type.Integer({ minimum: 1 }), { description: 'tenors offered' }),
  dailyRate: Type.String({ description: 'percent a day' }),
  feeRate: Type.String({ description: 'processing fee, percent of the amount' }),
  available: Decimal("the stock account's available PKR (what a repayment is paid from)"),
  open: Type.Array(Loan, { description: 'loans not yet repaid or rejected' }),
  facts: Type.Union([KeyFacts, Type.Null()], { description: 'the statement for amount + days, when given' }),
});
export type LoanOverview = Static<typeof LoanOverview>;
export const LoanOverviewReply = envelope(LoanOverview);

// ---- POST user/loan/apply ----
const clientIdField = text(8, 64, {
  pattern: '^[A-Za-z0-9_-]{8,64}$',
  description: 'Client-generated id; a retry with it is one loan.',
});
export const LoanApplyBody = fields({
  amount: pkrAmountField,
  days: daysField,
  total: pkrAmountField,
  apr: text(1, 10, { pattern: '^[0-9]{1,6}\\.[0-9]{2}$', description: 'the APR the statement showed' }),
  accept: oneOf(['1'], 1, 1),
  password: sixDigits,
  clientId: clientIdField,
});
export type LoanApplyBody = Static<typeof LoanApplyBody>;

// ---- POST user/loan/repay (addition) ----
export const LoanRepayBody = fields({ id: idString, total: pkrAmountField, password: sixDigits });
export type LoanRepayBody = Static<typeof LoanRepayBody>;

// ---- GET user/loan/order/list, user/point/change/log ----
const pageField = text(1, 6, { pattern: '^[1-9][0-9]{0,5}$', default: '1' });
const sizeField = text(1, 3, { pattern: '^(?:[1-9]|[1-9][0-9]|100)$', default: '20' });
export const LoanListQuery = fields({
  status: opt(oneOf(LOAN_STATUSES, 1, 8)),
  page: opt(pageField),
  size: opt(sizeField),
});
export type LoanListQuery = Static<typeof LoanListQuery>;
export const PointLogQuery = fields({ page: opt(pageField), size: opt(sizeField) });
export type PointLogQuery = Static<typeof PointLogQuery>;

export const PointChange = Type.Object({
  id: Int('log id', 1),
  score: Type.Integer({ minimum: 0, maximum: 100 }),
  previous: Type.Union([Type.Integer(), Type.Null()], { description: 'null for the first score' }),
  moved: Type.Array(Type.Object({ key: Type.String(), delta: Type.Integer() }), {
    description: 'the parts that changed: the reason',
  }),
  createdAt: EpochMs(),
});
export type PointChange = Static<typeof PointChange>;
export const PointLogReply = envelope(
  Type.Object({
    list: Type.Array(PointChange),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    size: Type.Integer({ minimum: 1 }),
    credit: CreditScoreView,
  }),
);
