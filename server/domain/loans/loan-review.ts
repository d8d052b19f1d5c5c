// The account manager's review of loans (the console's loans queue, role `manager` or admin): approve an
// application (disbursed: loan_book → the stock account's cash, one journal `loan_disburse` ref loan:N),
// reject it with the reason the user sees, and confirm a repayment (its frozen total settled: the principal
// back to loan_book, the interest to loan_interest, the fee to fee_loan, ref repaid:N) or refuse it with a reason
// (the frozen total given back, ref repay:N:refused:<requested at>; the loan in progress again, so the user can
// repay once more). Each is idempotent (the
// same decision again answers the loan unchanged), audited, posts a message to the user, and runs in one
// transaction with its ledger records.
import { formatMinor } from '../../../contract/money.ts';
import { DAY_MS } from '../../../contract/loan-terms.ts';
import { ROUTE_PATHS } from '../../../contract/app-paths.ts';
import type { LoanStatus } from '../../../contract/loan.ts';
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { recordAudit, type Actor } from '../audit/audit-log.ts';
import { insertMessage } from '../content/messages-repo.ts';
import { PKR } from '../ledger/books.ts';
import { postRecord, settleFrozen, unfreeze } from '../ledger/post.ts';
import { readSettings } from '../settings/settings-repo.ts';
import { currentScore } from './credit-log.ts';
import { findLoan, loanLimits, toLoan, type LoanRow } from './loans-repo.ts';

export type LoanReviewRefusal = 'unknownLoan' | 'wrongState' | 'badReason';

export class LoanReviewError extends Error {
  constructor(
    readonly reason: LoanReviewRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'LoanReviewError';
  }
}

export interface LoanReviewResult {
  loan: LoanRow;
  changed: boolean;
}

const REASON_MAX = 200;

/** Every user's loans in a state, newest first (the queue: 'review' and 'repaying'). */
export function listLoans(
  db: Db,
  q: { status?: LoanStatus | undefined; beforeId?: number | undefined; limit: number },
): Promise<LoanRow[]> {
  let query = db.selectFrom('loans').selectAll();
  if (q.status !== undefined) query = query.where('status', '=', q.status);
  if (q.beforeId !== undefined) query = query.where('id', '<', q.beforeId);
  return query.orderBy('id', 'desc').limit(q.limit).execute();
}

async function inState(tx: Db, id: number, from: LoanStatus, to: LoanStatus) {
  const row = await findLoan(tx, id);
  if (!row) throw new LoanReviewError('unknownLoan', `loan ${id} does not exist`);
  if (row.status === to) return { row, already: true };
  if (row.status !== from)
    throw new LoanReviewError('wrongState', `loan ${id} is ${row.status}, not ${from}`);
  return { row, already: false };
}

async function finish(
  tx: Db,
  actor: Actor,
  action: string,
  before: LoanRow,
  after: LoanRow,
  textKey: string,
  now: number,
  /** the message's reason, when it is not the loan's (a refused repayment), and what makes its event unique */
  extra: { reason: string; event: string } | null = null,
) {
  await insertMessage(tx, {
    userId: after.user_id,
    kind: 'loan',
    eventKey: `loan:${textKey}:${after.id}${extra ? `:${extra.event}` : ''}`,
    textKey,
    params: {
      amount: formatMinor(after.principal, 2),
      asset: PKR,
      reason: extra?.reason ?? after.reason,
      id: after.id,
    },
    link: ROUTE_PATHS['user.loan'],
    now,
  });
  // the score after the event (a disbursal moves usage; a confirmed repayment moves repaid / late)
  const lim = loanLimits(await readSettings(tx));
  await currentScore(tx, after.user_id, lim.maxOpen, now);
  await recordAudit(tx, {
    actor,
    action,
    subjectType: 'loan',
    subjectId: after.id,
    before: toLoan(before, now),
    after: toLoan(after, now),
    now,
  });
}

export function approveLoan(db: Db, actor: Actor, id: number, now: number): Promise<LoanReviewResult> {
  return inTx(db, async (tx) => {
    const { row, already } = await inState(tx, id, 'review', 'active');
    if (already) return { loan: row, changed: false };
    await postRecord(tx, {
      kind: 'loan_disburse',
      ref: `loan:${row.id}`,
      accountId: row.account_id,
      now,
      legs: [
        { system: 'loan_book', asset: PKR, amount: -row.principal },
        { accountId: row.account_id, book: 'cash', asset: PKR, amount: row.principal },
      ],
    });
    const after = await tx
      .updateTable('loans')
      .set({
        status: 'active',
        disbursed_at: now,
        due_at: now + row.days * DAY_MS,
        reviewed_by: actor.operatorId,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await finish(tx, actor, 'loan.approve', row, after, 'loanDisbursed', now);
    return { loan: after, changed: true };
  });
}

export function rejectLoan(
  db: Db,
  actor: Actor,
  id: number,
  input: { reason: string },
  now: number,
): Promise<LoanReviewResult> {
  const reason = input.reason.trim();
  if (reason === '' || reason.length > REASON_MAX) {
    return Promise.reject(new LoanReviewError('badReason', `reason must be 1-${REASON_MAX} characters`));
  }
  return inTx(db, async (tx) => {
    const { row, already } = await inState(tx, id, 'review', 'rejected');
    if (already) return { loan: row, changed: false };
    const after = await tx
      .updateTable('loans')
      .set({ status: 'rejected', reason, reviewed_by: actor.operatorId, updated_at: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await finish(tx, actor, 'loan.reject', row, after, 'loanRejected', now);
    return { loan: after, changed: true };
  });
}

/**
 * The manager refuses a repayment under review (the money did not arrive as the user said, say): the frozen
 * total goes back to the stock account's available cash, the loan is in progress again (the user may repay
 * once more; lateness keeps counting from the due date), and the user gets a message with the reason. A loan
 * not under review is refused ('wrongState'): after the refusal it is `active`, so a repeat is refused too.
 */
export function refuseRepayment(
  db: Db,
  actor: Actor,
  id: number,
  input: { reason: string },
  now: number,
): Promise<LoanReviewResult> {
  const reason = input.reason.trim();
  if (reason === '' || reason.length > REASON_MAX) {
    return Promise.reject(new LoanReviewError('badReason', `reason must be 1-${REASON_MAX} characters`));
  }
  return inTx(db, async (tx) => {
    const row = await findLoan(tx, id);
    if (!row) throw new LoanReviewError('unknownLoan', `loan ${id} does not exist`);
    if (row.status !== 'repaying' || row.repay_total === null)
      throw new LoanReviewError('wrongState', `loan ${id} is ${row.status}, not repaying`);
    const requested = row.repay_requested_at ?? 0;
    await unfreeze(tx, {
      kind: 'loan_repay_unfreeze',
      ref: `repay:${row.id}:refused:${requested}`,
      accountId: row.account_id,
      asset: PKR,
      amount: row.repay_total,
      now,
    });
    const after = await tx
      .updateTable('loans')
      .set({
        status: 'active',
        repay_interest: null,
        repay_total: null,
        repay_requested_at: null,
        reviewed_by: actor.operatorId,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .where('status', '=', 'repaying')
      .returningAll()
      .executeTakeFirstOrThrow();
    await finish(tx, actor, 'loan.refuseRepay', row, after, 'loanRepayRefused', now, {
      reason,
      event: String(requested),
    });
    return { loan: after, changed: true };
  });
}

export function confirmRepayment(db: Db, actor: Actor, id: number, now: number): Promise<LoanReviewResult> {
  return inTx(db, async (tx) => {
    const { row, already } = await inState(tx, id, 'repaying', 'repaid');
    if (already) return { loan: row, changed: false };
    const interest = row.repay_interest ?? 0n;
    await settleFrozen(tx, {
      kind: 'loan_repay',
      ref: `repaid:${row.id}`,
      accountId: row.account_id,
      asset: PKR,
      now,
      to: [
        { system: 'loan_book', amount: row.principal },
        { system: 'loan_interest', amount: interest },
        { system: 'fee_loan', amount: row.fee },
      ],
    });
    const after = await tx
      .updateTable('loans')
      .set({ status: 'repaid', repaid_at: now, reviewed_by: actor.operatorId, updated_at: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await finish(tx, actor, 'loan.confirmRepay', row, after, 'loanRepaid', now);
    return { loan: after, changed: true };
  });
}
