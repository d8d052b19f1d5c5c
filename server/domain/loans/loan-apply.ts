// A user's loan application (POST user/loan/apply) and what they may borrow (user/loan). The checks run in
// this order and every refusal stores nothing: real account (demo accounts have no loans), KYC, a retry of
// the same clientId (answers the first loan), amount and days, the transaction password (guarded), then in one
// transaction: the credit tier (Risk: no new loan), min, the tier's maximum, the open-total cap (applications
// under review count), the terms (SECP: ≤ 0.75 % a day, cost ≤ principal) and that the total and APR the user
// accepted are the ones the terms give now (else 'termsChanged': the statement is shown again).
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import {
  aprText,
  LOAN_DAYS,
  loanTerms,
  type CreditTier,
  type LoanTerms,
} from '../../../contract/loan-terms.ts';
import type { KeyFacts } from '../../../contract/loan.ts';
import type { Db } from '../../db/database.ts';
import { inTx, isUniqueViolation } from '../../db/tx.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { AccountType } from '../../../workers/protocol/api.ts';
import { assertKycVerified } from '../kyc/kyc-state.ts';
import type { AttemptGuard } from '../rate-limit/attempt-guard.ts';
import { readSettings } from '../settings/settings-repo.ts';
import { verifyTradePassword } from '../trading/trade-password.ts';
import { calcCreditScore } from './credit-score.ts';
import { creditFacts, currentScore } from './credit-log.ts';
import {
  findByClientId,
  loanLimits,
  openDebt,
  ppmPercent,
  type LoanLimits,
  type LoanRow,
} from './loans-repo.ts';

export interface LoanCaller {
  userId: number;
  accountId: number;
  accountType: AccountType;
}

export interface ApplyRequest {
  amount: string;
  days: string;
  total: string;
  apr: string;
  password: string;
  clientId: string;
}

/** The largest loan a tier allows (0 for Risk). */
export function tierMax(tier: CreditTier, lim: LoanLimits): bigint {
  if (tier === 'excellent') return lim.maxPerLoan;
  if (tier === 'qualified') return lim.maxQualified < lim.maxPerLoan ? lim.maxQualified : lim.maxPerLoan;
  return 0n;
}

/** What the user may borrow now: the tier's maximum less what the open-total cap leaves. */
export function maxNow(tier: CreditTier, lim: LoanLimits, debt: bigint): bigint {
  const left = lim.maxOpen > debt ? lim.maxOpen - debt : 0n;
  const t = tierMax(tier, lim);
  return t < left ? t : left;
}

export function keyFacts(t: LoanTerms): KeyFacts {
  const f = (v: bigint) => formatMinor(v, 2);
  return {
    amount: f(t.principal),
    days: t.days,
    dailyRate: ppmPercent(t.dailyRatePpm),
    apr: aprText(t.aprBp),
    interest: f(t.interest),
    fee: f(t.fee),
    cost: f(t.cost),
    total: f(t.total),
    lateFee: '0.00',
    schedule: t.schedule.map((i) => ({
      n: i.n,
      dueAt: i.dueAt,
      principal: f(i.principal),
      interest: f(i.interest),
      fee: f(i.fee),
      amount: f(i.amount),
    })),
  };
}

/** The amount and days of a request, or the refusal naming the field. */
export function parseAsk(amountText: string, daysText: string): { amount: bigint; days: number } {
  const amount = parseMinor(amountText, 2);
  if (amount === null || amount <= 0n) throw fieldError('amount', 'loan.amountZero');
  const days = Number(daysText);
  if (!(LOAN_DAYS as readonly number[]).includes(days)) {
    throw fieldError('days', 'loan.badDays', { days: LOAN_DAYS.join(', ') });
  }
  return { amount, days };
}

/** The terms of `amount` for `days` as of `now`, or the refusal (limits and SECP rules). */
export function termsOrThrow(lim: LoanLimits, amount: bigint, days: number, now: number): LoanTerms {
  const t = loanTerms({
    principal: amount,
    days,
    dailyRatePpm: lim.dailyRatePpm,
    feeRatePpm: lim.feeRatePpm,
    start: now,
  });
  if (t === 'rateTooHigh') throw new AppError('loan.rateTooHigh');
  if (t === 'costAbovePrincipal') throw new AppError('loan.costAbovePrincipal');
  if (typeof t === 'string') throw fieldError('amount', 'loan.amountZero');
  return t;
}

function checkLimits(tier: CreditTier, lim: LoanLimits, debt: bigint, amount: bigint): void {
  if (tier === 'risk') throw new AppError('loan.riskTier');
  const f = (v: bigint) => formatMinor(v, 2);
  if (amount < lim.min) throw fieldError('amount', 'loan.belowMin', { min: f(lim.min) });
  const cap = tierMax(tier, lim);
  if (amount > cap) throw fieldError('amount', 'loan.aboveMax', { max: f(cap) });
  if (debt + amount > lim.maxOpen) {
    throw fieldError('amount', 'loan.openCap', {
      max: f(lim.maxOpen),
      left: f(lim.maxOpen > debt ? lim.maxOpen - debt : 0n),
    });
  }
}

export async function applyForLoan(
  db: Db,
  guard: AttemptGuard,
  c: LoanCaller,
  req: ApplyRequest,
  now: number,
): Promise<LoanRow> {
  if (c.accountType !== 'real') throw new AppError('loan.demo');
  await assertKycVerified(db, c.userId);
  const earlier = await findByClientId(db, c.userId, req.clientId);
  if (earlier) return earlier;
  const { amount, days } = parseAsk(req.amount, req.days);
  await verifyTradePassword(db, guard, c.userId, req.password, now);
  const lim = loanLimits(await readSettings(db));

  let row: LoanRow;
  try {
    row = await inTx(db, async (tx) => {
      const again = await findByClientId(tx, c.userId, req.clientId);
      if (again) return again;
      const score = calcCreditScore(await creditFacts(tx, c.userId, lim.maxOpen, now));
      checkLimits(score.tier, lim, await openDebt(tx, c.userId), amount);
      const t = termsOrThrow(lim, amount, days, now);
      if (parseMinor(req.total, 2) !== t.total || req.apr !== aprText(t.aprBp)) {
        throw new AppError('loan.termsChanged');
      }
      return tx
        .insertInto('loans')
        .values({
          user_id: c.userId,
          account_id: c.accountId,
          client_id: req.clientId,
          principal: t.principal,
          days: t.days,
          daily_rate_ppm: Number(t.dailyRatePpm),
          interest: t.interest,
          fee: t.fee,
          total: t.total,
          apr_bp: Number(t.aprBp),
          disbursed_at: null,
          due_at: null,
          repay_interest: null,
          repay_total: null,
          repay_requested_at: null,
          repaid_at: null,
          reviewed_by: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  } catch (err) {
    // two first tries of one clientId at once: the loser reads the winner's loan
    if (!isUniqueViolation(err)) throw err;
    const winner = await findByClientId(db, c.userId, req.clientId);
    if (!winner) throw err;
    return winner;
  }
  await currentScore(db, c.userId, lim.maxOpen, now);
  return row;
}
