// The loans queue (role manager, the user's account manager; admin may too): applications under review
// (approve = disburse from loan_book to the stock account; reject with the reason the user reads) and
// repayments under review (approve = confirm: the frozen repayment settled to loan_book, loan_interest and
// fee_loan; reject = refuse it: the frozen total back to available, the loan in progress again, the reason
// sent to the user). Each item shows the key facts the user accepted and the user's credit score now.
import type { QueueItem } from '../../../../contract/console.ts';
import { LOAN_STATUSES, type LoanStatus } from '../../../../contract/loan.ts';
import { aprText } from '../../../../contract/loan-terms.ts';
import { formatMinor } from '../../../../contract/money.ts';
import type { Db } from '../../../db/database.ts';
import { calcCreditScore } from '../../../domain/loans/credit-score.ts';
import { creditFacts } from '../../../domain/loans/credit-log.ts';
import {
  approveLoan,
  confirmRepayment,
  listLoans,
  LoanReviewError,
  refuseRepayment,
  rejectLoan,
  type LoanReviewRefusal,
} from '../../../domain/loans/loan-review.ts';
import { findLoan, loanLimits, type LoanRow } from '../../../domain/loans/loans-repo.ts';
import { readSettings } from '../../../domain/settings/settings-repo.ts';
import { AppError, fieldError } from '../../../errors.ts';
import type { ConsoleQueue } from '../queue.ts';
import { field, phonesOf, pktTime } from './queue-fields.ts';

const REFUSAL: Record<LoanReviewRefusal, () => AppError> = {
  unknownLoan: () => new AppError('console.notFound'),
  wrongState: () => new AppError('loan.decided'),
  badReason: () => fieldError('reason', 'console.reasonLength', { min: 3, max: 200 }),
};
async function localised<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (e instanceof LoanReviewError) throw REFUSAL[e.reason]();
    throw e;
  }
}

const pkr = (v: bigint) => `${formatMinor(v, 2)} PKR`;

async function items(db: Db, rows: LoanRow[], withScore: boolean): Promise<QueueItem[]> {
  const phones = await phonesOf(
    db,
    rows.map((r) => r.user_id),
  );
  const lim = withScore ? loanLimits(await readSettings(db)) : null;
  const out: QueueItem[] = [];
  for (const r of rows) {
    const phone = phones.get(r.user_id) ?? '';
    const score = lim ? calcCreditScore(await creditFacts(db, r.user_id, lim.maxOpen, Date.now())) : null;
    out.push({
      id: r.id,
      status: r.status,
      title: pkr(r.principal),
      subtitle: phone,
      createdAt: r.created_at,
      fields: [
        { label: 'money.userId', value: String(r.user_id) },
        { label: 'money.phone', value: phone },
        ...(score ? [{ label: 'loan.score', value: `${score.score} (${score.tier})` }] : []),
        { label: 'money.amount', value: pkr(r.principal) },
        { label: 'loan.days', value: String(r.days) },
        { label: 'loan.apr', value: `${aprText(BigInt(r.apr_bp))} %` },
        { label: 'loan.interest', value: pkr(r.interest) },
        { label: 'withdrawal.fee', value: pkr(r.fee) },
        { label: 'loan.total', value: pkr(r.total) },
        { label: 'money.createdAt', value: pktTime(r.created_at) },
        ...field('loan.dueAt', r.due_at === null ? '' : pktTime(r.due_at)),
        ...field('loan.repayTotal', r.repay_total === null ? '' : pkr(r.repay_total)),
        ...field('loan.lateDays', r.late_days > 0 ? String(r.late_days) : ''),
        ...field('money.reason', r.reason),
      ],
      images: [],
    });
  }
  return out;
}

const statusOf = (s: string | undefined): LoanStatus =>
  (LOAN_STATUSES as readonly string[]).includes(s ?? '') ? (s as LoanStatus) : 'review';

export const loanQueue: ConsoleQueue = {
  name: 'loans',
  roles: ['manager'],
  approveNeedsReference: false,
  async list(db, q) {
    return items(
      db,
      await listLoans(db, { status: statusOf(q.status), beforeId: q.beforeId, limit: q.limit }),
      false,
    );
  },
  async detail(db, id) {
    const row = await findLoan(db, id);
    return row ? ((await items(db, [row], true))[0] ?? null) : null;
  },
  /** an application: disburse it; a repayment under review: confirm it */
  async approve(db, actor, id, _input, now) {
    const row = await findLoan(db, id);
    if (row?.status === 'repaying' || row?.status === 'repaid')
      return localised(confirmRepayment(db, actor, id, now));
    return localised(approveLoan(db, actor, id, now));
  },
  /** an application: reject it; a repayment under review: refuse it (the money unfrozen, the loan active) */
  async reject(db, actor, id, { reason }, now) {
    const row = await findLoan(db, id);
    if (row?.status === 'repaying') return localised(refuseRepayment(db, actor, id, { reason }, now));
    return localised(rejectLoan(db, actor, id, { reason }, now));
  },
};
