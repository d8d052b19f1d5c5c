// Loans and the credit score (issue 18 items 5, 6): user/loan, user/loan/apply, user/loan/repay (an addition),
// user/loan/order/list and user/point/change/log. The rules are domain/loans (README.md there); every read is
// scoped by the caller's user id. Real accounts only: on the demo account user/loan answers the score with
// canApply false (blockedBy loan.demo) and the writes refuse with loan.demo.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  LoanApplyBody,
  LoanListQuery,
  LoanOverviewReply,
  LoanPageReply,
  LoanQuery,
  LoanRepayBody,
  LoanReply,
  PointLogQuery,
  PointLogReply,
} from '../../../contract/loan.ts';
import { LOAN_DAYS } from '../../../contract/loan-terms.ts';
import { formatMinor } from '../../../contract/money.ts';
import { currentScore, scoreLog } from '../../domain/loans/credit-log.ts';
import { applyForLoan, keyFacts, maxNow, parseAsk, termsOrThrow } from '../../domain/loans/loan-apply.ts';
import { repayLoan } from '../../domain/loans/loan-repay.ts';
import {
  listOwnLoans,
  loanLimits,
  openDebt,
  openLoans,
  ppmPercent,
  toLoan,
} from '../../domain/loans/loans-repo.ts';
import { readSettings } from '../../domain/settings/settings-repo.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

const APPLY_DOC =
  'Order of checks: real account, KYC, the same clientId again (answers the first loan), amount and days, the ' +
  'transaction password (guarded), then in one transaction the credit tier (Risk: no new loan), the minimum, ' +
  "the tier's maximum, the open-total cap, the SECP rules (≤ 0.75 % a day, cost ≤ amount) and that `total` " +
  'and `apr` are those of the key fact statement for these terms now (else loan.termsChanged).';

export const loanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/loan',
    {
      schema: {
        tags: ['user'],
        summary:
          'What the caller may borrow now, their open loans, and the key fact statement for amount + days',
        description:
          'Recomputes the credit score (logged when it changed). `facts` is given when amount and days are, ' +
          'and the amount is within what the user may borrow; otherwise the refusal is the answer.',
        security: NEEDS_TOKEN,
        querystring: LoanQuery,
        response: LoanOverviewReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const now = Date.now();
      const lim = loanLimits(await readSettings(app.db));
      const credit = await currentScore(app.db, auth.userId, lim.maxOpen, now);
      const [debt, open, money, kyc] = await Promise.all([
        openDebt(app.db, auth.userId),
        openLoans(app.db, auth.userId),
        app.ledger.money(auth.accountId, 'PKR'),
        app.db.selectFrom('users').select('id_status').where('id', '=', auth.userId).executeTakeFirst(),
      ]);
      const max = maxNow(credit.tier, lim, debt);
      const blockedBy =
        auth.accountType !== 'real'
          ? 'loan.demo'
          : kyc?.id_status !== 'succ'
            ? 'kyc.required'
            : credit.tier === 'risk'
              ? 'loan.riskTier'
              : max < lim.min
                ? 'loan.noRoom'
                : '';
      const q = request.query;
      let facts = null;
      if (q.amount !== undefined && q.days !== undefined) {
        const ask = parseAsk(q.amount, q.days);
        facts = keyFacts(termsOrThrow(lim, ask.amount, ask.days, now));
      }
      return ok({
        credit,
        canApply: blockedBy === '',
        blockedBy,
        min: formatMinor(lim.min, 2),
        max: formatMinor(max, 2),
        openDebt: formatMinor(debt, 2),
        openCap: formatMinor(lim.maxOpen, 2),
        days: [...LOAN_DAYS],
        dailyRate: ppmPercent(lim.dailyRatePpm),
        feeRate: ppmPercent(lim.feeRatePpm),
        available: formatMinor(money.available, 2),
        open: auth.accountType === 'real' ? open.map((l) => toLoan(l, now)) : [],
        facts,
      });
    },
  );

  app.post(
    '/user/loan/apply',
    {
      schema: {
        tags: ['user'],
        summary: 'Apply for a loan on the terms of the key fact statement the user accepted',
        description: APPLY_DOC,
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: LoanApplyBody,
        response: LoanReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const now = Date.now();
      const row = await applyForLoan(app.db, app.lockouts.tradePassword, auth, request.body, now);
      return ok(toLoan(row, now));
    },
  );

  app.post(
    '/user/loan/repay',
    {
      schema: {
        tags: ['user'],
        summary:
          'Repay a loan in full (early or late) from the stock account: the total is frozen for review',
        description:
          'Addition to the spec catalogue. `total` is what the loan showed as repayNow (interest for the days ' +
          'used, the whole fee, no late fee); when it no longer matches (a day turned over) the refusal names ' +
          'the new total. A repeat on a loan already repaying answers it unchanged.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: LoanRepayBody,
        response: LoanReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const now = Date.now();
      const b = request.body;
      const row = await repayLoan(
        app.db,
        app.lockouts.tradePassword,
        auth,
        { id: Number(b.id), total: b.total, password: b.password },
        now,
      );
      return ok(toLoan(row, now));
    },
  );

  app.get(
    '/user/loan/order/list',
    {
      schema: {
        tags: ['user'],
        summary: 'The caller’s loans, newest first',
        security: NEEDS_TOKEN,
        querystring: LoanListQuery,
        response: LoanPageReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const page = Number(request.query.page ?? '1');
      const size = Number(request.query.size ?? '20');
      const now = Date.now();
      const r = await listOwnLoans(app.db, userId, { status: request.query.status, page, size });
      return ok({ list: r.list.map((l) => toLoan(l, now)), total: r.total, page, size });
    },
  );

  app.get(
    '/user/point/change/log',
    {
      schema: {
        tags: ['user'],
        summary: 'The credit score now, its parts, and every change with the parts that moved, newest first',
        security: NEEDS_TOKEN,
        querystring: PointLogQuery,
        response: PointLogReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const page = Number(request.query.page ?? '1');
      const size = Number(request.query.size ?? '20');
      const lim = loanLimits(await readSettings(app.db));
      const credit = await currentScore(app.db, userId, lim.maxOpen, Date.now());
      const r = await scoreLog(app.db, userId, page, size);
      return ok({ ...r, page, size, credit });
    },
  );
};
