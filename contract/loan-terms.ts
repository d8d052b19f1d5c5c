// Loan terms (issue 18 item 6), shared by the server (what is lent, frozen and settled) and the app (the
// calculator and the key fact statement), so both compute the same paisa. Pure; money in minor units (bigint).
//
// Decisions (SECP digital-lending rules, ../shared/reference/pakistan.md §6):
// - One bullet repayment: principal + interest + fee, due `days` days after disbursement. No instalments.
//   interest = round-half-up(principal × dailyRate × days), fee = ceil(principal × feeRate) (a processing fee
//   paid with the repayment, not deducted from what is lent: the user receives the whole principal).
// - No late fee and no penalty interest: interest stops at the agreed days, so the total cost can never grow
//   past what the key fact statement showed. Lateness is shown ("late N days") and lowers the credit score.
// - Early repayment pays interest only for the days used (a started day counts, at least one) and the whole fee.
// - Refused: a daily rate above 0.75 %, or a total cost (interest + fee) above the principal.
// - APR = cost / principal × 365 / days, in hundredths of a percent, rounded half up (simple, not compounded).
import { divRound } from './money.ts';

export const DAY_MS = 86_400_000;
const PPM = 1_000_000n;
/** 0.75 % a day, the SECP cap (2024), in parts per million. */
export const MAX_DAILY_RATE_PPM = 7_500n;
/** The loan lengths offered, days. */
export const LOAN_DAYS = [7, 14, 30, 60, 90] as const;

export interface LoanTermsInput {
  /** minor units (paisa) */
  principal: bigint;
  days: number;
  /** interest a day, parts per million of the principal (500 = 0.05 %) */
  dailyRatePpm: bigint;
  /** the processing fee, parts per million of the principal */
  feeRatePpm: bigint;
  /** when it is (or would be) disbursed, epoch ms */
  start: number;
}

export interface Instalment {
  n: number;
  dueAt: number;
  principal: bigint;
  interest: bigint;
  fee: bigint;
  amount: bigint;
}

export interface LoanTerms {
  principal: bigint;
  days: number;
  dailyRatePpm: bigint;
  interest: bigint;
  fee: bigint;
  /** interest + fee */
  cost: bigint;
  /** principal + cost */
  total: bigint;
  /** APR in hundredths of a percent (1825 = 18.25 %) */
  aprBp: bigint;
  dueAt: number;
  schedule: Instalment[];
}

export type TermsRefusal = 'badDays' | 'badAmount' | 'rateTooHigh' | 'costAbovePrincipal';

export function interestFor(principal: bigint, dailyRatePpm: bigint, days: number): bigint {
  return divRound(principal * dailyRatePpm * BigInt(days), PPM, 'half-up');
}

export function feeFor(principal: bigint, feeRatePpm: bigint): bigint {
  return divRound(principal * feeRatePpm, PPM, 'ceil');
}

/** The terms, or why they are refused. */
export function loanTerms(t: LoanTermsInput): LoanTerms | TermsRefusal {
  if (!Number.isSafeInteger(t.days) || t.days < 1 || t.days > 365) return 'badDays';
  if (t.principal <= 0n) return 'badAmount';
  if (t.dailyRatePpm < 0n || t.dailyRatePpm > MAX_DAILY_RATE_PPM) return 'rateTooHigh';
  const interest = interestFor(t.principal, t.dailyRatePpm, t.days);
  const fee = feeFor(t.principal, t.feeRatePpm);
  const cost = interest + fee;
  if (cost > t.principal) return 'costAbovePrincipal';
  const total = t.principal + cost;
  const aprBp = divRound(cost * 365n * 10_000n, t.principal * BigInt(t.days), 'half-up');
  const dueAt = t.start + t.days * DAY_MS;
  return {
    principal: t.principal,
    days: t.days,
    dailyRatePpm: t.dailyRatePpm,
    interest,
    fee,
    cost,
    total,
    aprBp,
    dueAt,
    schedule: [{ n: 1, dueAt, principal: t.principal, interest, fee, amount: total }],
  };
}

/** Whole days past the due date (0 until then); a started day counts. */
export function lateDays(dueAt: number, now: number): number {
  return now <= dueAt ? 0 : Math.ceil((now - dueAt) / DAY_MS);
}

/** Days of interest owed when repaying at `now`: the days used (a started day counts, ≥ 1), at most `days`. */
export function daysUsed(disbursedAt: number, days: number, now: number): number {
  const used = Math.max(1, Math.ceil((now - disbursedAt) / DAY_MS));
  return Math.min(days, used);
}

export interface Repayment {
  principal: bigint;
  interest: bigint;
  fee: bigint;
  total: bigint;
  daysUsed: number;
}

/** What repaying at `now` costs: interest for the days used only (early repayment), the whole fee. */
export function repaymentAt(
  loan: { principal: bigint; days: number; dailyRatePpm: bigint; fee: bigint; disbursedAt: number },
  now: number,
): Repayment {
  const used = daysUsed(loan.disbursedAt, loan.days, now);
  const interest = interestFor(loan.principal, loan.dailyRatePpm, used);
  return {
    principal: loan.principal,
    interest,
    fee: loan.fee,
    total: loan.principal + interest + loan.fee,
    daysUsed: used,
  };
}

/** "18.25" from 1825n. */
export function aprText(aprBp: bigint): string {
  const whole = aprBp / 100n;
  const frac = (aprBp % 100n).toString().padStart(2, '0');
  return `${whole}.${frac}`;
}

// ---- credit tiers (spec §6): the app's own score, not an official SBP score
export type CreditTier = 'excellent' | 'qualified' | 'risk';

export function tierOf(score: number): CreditTier {
  if (score >= 80) return 'excellent';
  if (score >= 60) return 'qualified';
  return 'risk';
}
