// A user's repayment (POST user/loan/repay, an addition to the spec's catalogue): the whole loan, early or late,
// from the stock account's available cash. What it costs now (interest for the days used, the whole fee; no
// late fee: contract/loan-terms.ts) must be the `total` the user was shown, else 'repayChanged' (a day turned
// over). The total is frozen (the loan's state: repayment under review) until the manager confirms it, or
// refuses it (loan-review.ts: unfrozen, in progress again; a later repayment freezes under a new ref).
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { lateDays, repaymentAt } from '../../../contract/loan-terms.ts';
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { AppError } from '../../errors.ts';
import { PKR } from '../ledger/books.ts';
import { freeze, LedgerError } from '../ledger/post.ts';
import type { AttemptGuard } from '../rate-limit/attempt-guard.ts';
import { verifyTradePassword } from '../trading/trade-password.ts';
import type { LoanCaller } from './loan-apply.ts';
import { findOwnLoan, type LoanRow } from './loans-repo.ts';

export async function repayLoan(
  db: Db,
  guard: AttemptGuard,
  c: LoanCaller,
  req: { id: number; total: string; password: string },
  now: number,
): Promise<LoanRow> {
  if (c.accountType !== 'real') throw new AppError('loan.demo');
  const first = await findOwnLoan(db, c.userId, req.id);
  if (!first) throw new AppError('loan.notFound');
  if (first.status === 'repaying' || first.status === 'repaid') return first; // a retry: one effect
  if (first.status !== 'active') throw new AppError('loan.notActive');
  await verifyTradePassword(db, guard, c.userId, req.password, now);
  return inTx(db, async (tx) => {
    const loan = await findOwnLoan(tx, c.userId, req.id);
    if (!loan) throw new AppError('loan.notFound');
    if (loan.status === 'repaying' || loan.status === 'repaid') return loan;
    if (loan.status !== 'active' || loan.disbursed_at === null || loan.due_at === null) {
      throw new AppError('loan.notActive');
    }
    const r = repaymentAt(
      {
        principal: loan.principal,
        days: loan.days,
        dailyRatePpm: BigInt(loan.daily_rate_ppm),
        fee: loan.fee,
        disbursedAt: loan.disbursed_at,
      },
      now,
    );
    if (parseMinor(req.total, 2) !== r.total) {
      throw new AppError('loan.repayChanged', { total: formatMinor(r.total, 2) });
    }
    // ref repay:N; after the manager refused a repayment, repay:N:2, repay:N:3 … (a (kind, ref) posts once:
    // two racing tries of one attempt still freeze once)
    const earlier = await tx
      .selectFrom('ledger_journals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'loan_repay_freeze')
      .where((eb) => eb.or([eb('ref', '=', `repay:${loan.id}`), eb('ref', 'like', `repay:${loan.id}:%`)]))
      .executeTakeFirstOrThrow();
    const attempt = Number(earlier.n) + 1;
    try {
      await freeze(tx, {
        kind: 'loan_repay_freeze',
        ref: attempt === 1 ? `repay:${loan.id}` : `repay:${loan.id}:${attempt}`,
        accountId: loan.account_id,
        asset: PKR,
        amount: r.total,
        now,
      });
    } catch (err) {
      if (err instanceof LedgerError && err.reason === 'insufficient') {
        throw new AppError('loan.insufficient', { total: formatMinor(r.total, 2) });
      }
      throw err;
    }
    return tx
      .updateTable('loans')
      .set({
        status: 'repaying',
        repay_interest: r.interest,
        repay_total: r.total,
        repay_requested_at: now,
        late_days: lateDays(loan.due_at, now),
        updated_at: now,
      })
      .where('id', '=', loan.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
