// The back-office `loan list|approve|reject|confirm|refuse` command, on the same functions the console's loans
// queue calls (domain/loans/loan-review.ts): list loans in a state, approve an application (disbursed from
// loan_book to the stock account), reject it with the reason the user reads, confirm a repayment under review
// (the frozen total settled) or refuse it (unfrozen, the loan in progress again, the reason sent). Each decision
// is audited as the CLI actor; the same decision again changes nothing.
import type { Db } from '../db/database.ts';
import { CLI_ACTOR } from '../domain/audit/audit-log.ts';
import { BackofficeError } from '../domain/backoffice/user-ref.ts';
import {
  approveLoan,
  confirmRepayment,
  listLoans,
  LoanReviewError,
  refuseRepayment,
  rejectLoan,
  type LoanReviewResult,
} from '../domain/loans/loan-review.ts';
import { toLoan } from '../domain/loans/loans-repo.ts';
import { LOAN_STATUSES, type LoanStatus } from '../../contract/loan.ts';

export const LOAN_ACTIONS = ['list', 'approve', 'reject', 'confirm', 'refuse'] as const;
export type LoanAction = (typeof LOAN_ACTIONS)[number];

export const LOAN_USAGE = `  loan list [--status ${LOAN_STATUSES.join('|')}] [--limit N]
          loans newest first (default: review, 20)
  loan approve --id N      disburse an application under review from loan_book to the stock account
  loan reject --id N --reason TEXT
          reject an application under review; the user sees the reason
  loan confirm --id N      confirm a repayment under review (the frozen total settled; loan repaid)
  loan refuse --id N --reason TEXT
          refuse a repayment under review: the money back to available, the loan in progress again`;

export const LOAN_OPTIONS: Record<LoanAction, readonly string[]> = {
  list: ['status', 'limit'],
  approve: ['id'],
  reject: ['id', 'reason'],
  confirm: ['id'],
  refuse: ['id', 'reason'],
};

type Values = Partial<Record<string, string | boolean>>;
const str = (v: Values, k: string): string | undefined => (typeof v[k] === 'string' ? v[k] : undefined);

/** Runs `loan <action>`; a usage problem is reported through `usage`, a refusal as a BackofficeError. */
export async function loanCommand(
  db: Db,
  action: LoanAction,
  values: Values,
  out: (line: string) => void,
  err: (line: string) => void,
  usage: (message: string) => Error,
): Promise<void> {
  const now = Date.now();
  if (action === 'list') {
    const status = str(values, 'status') ?? 'review';
    if (!(LOAN_STATUSES as readonly string[]).includes(status))
      throw usage(`--status must be one of ${LOAN_STATUSES.join(', ')}, got "${status}"`);
    const limit = str(values, 'limit') ?? '20';
    if (!/^[1-9][0-9]{0,2}$/.test(limit)) throw usage(`--limit must be 1 to 999, got "${limit}"`);
    const rows = await listLoans(db, { status: status as LoanStatus, limit: Number(limit) });
    out(
      JSON.stringify({
        command: 'loan list',
        loans: rows.map((r) => ({ userId: r.user_id, ...toLoan(r, now) })),
      }),
    );
    return;
  }
  const id = str(values, 'id') ?? '';
  if (!/^[1-9][0-9]{0,14}$/.test(id)) throw usage(`--id must be a loan id, got "${id}"`);
  const reason = str(values, 'reason') ?? '';
  let r: LoanReviewResult;
  try {
    r = await {
      approve: () => approveLoan(db, CLI_ACTOR, Number(id), now),
      reject: () => rejectLoan(db, CLI_ACTOR, Number(id), { reason }, now),
      confirm: () => confirmRepayment(db, CLI_ACTOR, Number(id), now),
      refuse: () => refuseRepayment(db, CLI_ACTOR, Number(id), { reason }, now),
    }[action]();
  } catch (e) {
    if (e instanceof LoanReviewError) {
      const why = e.reason === 'badReason' ? 'badReason' : 'badStatus';
      throw new BackofficeError(why, e.message);
    }
    throw e;
  }
  if (!r.changed) err(`backoffice: loan ${id} is already ${r.loan.status}; nothing changed`);
  out(JSON.stringify({ command: `loan ${action}`, changed: r.changed, ...toLoan(r.loan, now) }));
}
