// Loan rows and what the user sees of them; every user read is scoped by the caller's user id, so another
// user's loan id reads like a missing one. Open = not yet repaid or rejected (review, active, repaying).
import type { Selectable } from 'kysely';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { aprText, lateDays, repaymentAt } from '../../../contract/loan-terms.ts';
import type { Loan, LoanStatus } from '../../../contract/loan.ts';
import { feeRatePpm } from '../../../contract/withdraw-fee.ts';
import type { Db } from '../../db/database.ts';
import { findByClientId as findOwnByClientId, findOwn, newestFirstPage } from '../../db/owned-rows.ts';
import type { LoansTable } from '../../db/schema.ts';
import type { Settings } from '../settings/registry.ts';

export type LoanRow = Selectable<LoansTable>;
export const OPEN_STATUSES: readonly LoanStatus[] = ['review', 'active', 'repaying'];

export interface LoanLimits {
  min: bigint;
  maxPerLoan: bigint;
  maxQualified: bigint;
  maxOpen: bigint;
  dailyRatePpm: bigint;
  feeRatePpm: bigint;
}

export function loanLimits(s: Settings): LoanLimits {
  const pkr = (v: string) => parseMinor(v, 2) ?? 0n; // the registry's patterns make every value parse
  return {
    min: pkr(s['loan.min']),
    maxPerLoan: pkr(s['loan.maxPerLoan']),
    maxQualified: pkr(s['loan.maxQualified']),
    maxOpen: pkr(s['loan.maxOpen']),
    dailyRatePpm: feeRatePpm(s['loan.dailyRate']) ?? 0n,
    feeRatePpm: feeRatePpm(s['loan.feeRate']) ?? 0n,
  };
}

/** 500 ppm → "0.05" (percent, trailing zeros dropped). */
export function ppmPercent(ppm: bigint): string {
  const t = formatMinor(ppm, 4);
  return t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '') : t;
}

export function toLoan(r: LoanRow, now: number): Loan {
  const open = r.status === 'active' && r.disbursed_at !== null;
  const late =
    r.status === 'repaid'
      ? r.late_days
      : r.due_at !== null && r.status !== 'rejected'
        ? lateDays(r.due_at, now)
        : 0;
  return {
    id: r.id,
    clientId: r.client_id,
    amount: formatMinor(r.principal, 2),
    days: r.days,
    dailyRate: ppmPercent(BigInt(r.daily_rate_ppm)),
    apr: aprText(BigInt(r.apr_bp)),
    interest: formatMinor(r.interest, 2),
    fee: formatMinor(r.fee, 2),
    total: formatMinor(r.total, 2),
    status: r.status,
    reason: r.reason,
    disbursedAt: r.disbursed_at,
    dueAt: r.due_at,
    lateDays: late,
    repayNow:
      open && r.disbursed_at !== null
        ? formatMinor(
            repaymentAt(
              {
                principal: r.principal,
                days: r.days,
                dailyRatePpm: BigInt(r.daily_rate_ppm),
                fee: r.fee,
                disbursedAt: r.disbursed_at,
              },
              now,
            ).total,
            2,
          )
        : null,
    repaidTotal: r.repay_total === null ? null : formatMinor(r.repay_total, 2),
    repaidAt: r.repaid_at,
    createdAt: r.created_at,
  };
}

export function findByClientId(db: Db, userId: number, clientId: string): Promise<LoanRow | undefined> {
  return findOwnByClientId(db, 'loans', 'user_id', userId, clientId);
}

export function findOwnLoan(db: Db, userId: number, id: number): Promise<LoanRow | undefined> {
  return findOwn(db, 'loans', 'user_id', userId, id);
}

export function findLoan(db: Db, id: number): Promise<LoanRow | undefined> {
  return db.selectFrom('loans').selectAll().where('id', '=', id).executeTakeFirst();
}

export function openLoans(db: Db, userId: number): Promise<LoanRow[]> {
  return db
    .selectFrom('loans')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', OPEN_STATUSES)
    .orderBy('id', 'desc')
    .execute();
}

/** Principal of the user's open loans (applications under review included: they count against the cap). */
export async function openDebt(db: Db, userId: number): Promise<bigint> {
  const r = await db
    .selectFrom('loans')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('principal'), eb.lit(0)).as('open_debt'))
    .where('user_id', '=', userId)
    .where('status', 'in', OPEN_STATUSES)
    .executeTakeFirstOrThrow();
  return BigInt(r.open_debt);
}

export async function listOwnLoans(
  db: Db,
  userId: number,
  q: { status?: LoanStatus | undefined; page: number; size: number },
): Promise<{ list: LoanRow[]; total: number }> {
  let base = db.selectFrom('loans').where('user_id', '=', userId);
  if (q.status !== undefined) base = base.where('status', '=', q.status);
  const { rows, total } = await newestFirstPage(base, q);
  return { list: rows, total };
}
