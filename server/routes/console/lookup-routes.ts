// GET /admin/api/lookup?q=<user id or phone> (support and up): the account, its KYC status, real balances and
// recent KYC submissions. Nothing else about the user (no password data, sessions, invite codes, orders).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LookupQuery, LookupReply } from '../../../contract/console.ts';
import { formatMinor } from '../../../contract/money.ts';
import { normalisePkMobile } from '../../domain/auth/phone.ts';
import { findUserById, findUserByPhone } from '../../domain/auth/users-repo.ts';
import { moneyOf, PKR } from '../../domain/ledger/books.ts';
import { AppError, fieldError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
// ---- loans (issue 18)
import { creditFacts } from '../../domain/loans/credit-log.ts';
import { calcCreditScore } from '../../domain/loans/credit-score.ts';
import { loanLimits, toLoan } from '../../domain/loans/loans-repo.ts';
import { readSettings } from '../../domain/settings/settings-repo.ts';

export const consoleLookupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/lookup',
    {
      config: { auth: 'public', consoleRoles: ['support', 'kyc', 'finance', 'manager'] },
      schema: {
        tags: ['console'],
        hide: true,
        summary: 'A user by id or phone',
        querystring: LookupQuery,
        response: LookupReply,
      },
    },
    async (request) => {
      const q = request.query.q.trim();
      const phone = normalisePkMobile(q);
      let user;
      if (phone) user = await findUserByPhone(app.db, phone);
      else if (/^[1-9][0-9]{0,15}$/.test(q) && Number.isSafeInteger(Number(q)))
        user = await findUserById(app.db, Number(q));
      else throw fieldError('q', 'console.lookupBad');
      if (!user) throw new AppError('console.notFound');
      const accounts = await app.db
        .selectFrom('accounts')
        .select(['id', 'type'])
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute();
      const balances = [];
      for (const a of accounts) {
        const m = await moneyOf(app.db, a.id, PKR);
        balances.push({
          accountId: a.id,
          type: a.type,
          available: formatMinor(m.available, 2),
          frozen: formatMinor(m.frozen, 2),
        });
      }
      const submissions = await app.db
        .selectFrom('kyc_submissions')
        .select(['id', 'status', 'reason', 'created_at'])
        .where('user_id', '=', user.id)
        .orderBy('id', 'desc')
        .limit(10)
        .execute();
      // ---- loans (issue 18)
      const lim = loanLimits(await readSettings(app.db));
      const now = Date.now();
      const credit = calcCreditScore(await creditFacts(app.db, user.id, lim.maxOpen, now));
      const loans = await app.db
        .selectFrom('loans')
        .selectAll()
        .where('user_id', '=', user.id)
        .orderBy('id', 'desc')
        .limit(10)
        .execute();
      return ok({
        credit: { score: credit.score, tier: credit.tier },
        loans: loans.map((l) => {
          const v = toLoan(l, now);
          return {
            id: v.id,
            status: v.status,
            amount: v.amount,
            total: v.total,
            dueAt: v.dueAt,
            lateDays: v.lateDays,
          };
        }),
        userId: user.id,
        phone: user.phone,
        idStatus: user.idStatus,
        createdAt: user.createdAt,
        accounts: balances,
        submissions: submissions.map((s) => ({
          id: s.id,
          status: s.status,
          reason: s.reason,
          createdAt: s.created_at,
        })),
      });
    },
  );
};
