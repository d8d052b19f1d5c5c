// Withdrawals (issue 15): PKR to a bound bank account or wallet (user/withdraw/add, order, status) and USDT to
// a saved crypto address (coin/withdraw/add, order), plus user/withdraw/config, what only the user has for the
// withdraw screens (today's use, balances, the password; the settings are common/props). The rules
// are domain/withdrawals/withdrawal-request.ts; every read is scoped by the caller's user id.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  CoinWithdrawAddBody,
  WithdrawAddBody,
  WithdrawalPageReply,
  WithdrawalReply,
  WithdrawConfigReply,
  WithdrawOrderQuery,
  WithdrawStatusQuery,
  type WithdrawOrderQuery as OrderQuery,
} from '../../../contract/withdraw.ts';
import { formatMinor } from '../../../contract/money.ts';
import { withdrawSecret } from '../../domain/withdrawals/withdraw-password.ts';
import { requestWithdrawal } from '../../domain/withdrawals/withdrawal-request.ts';
import {
  findOwnWithdrawal,
  listOwnWithdrawals,
  usedToday,
  toWithdrawal,
} from '../../domain/withdrawals/withdrawals-repo.ts';
import { isWithinHours } from '../../domain/settings/hours.ts';
import { readSettings } from '../../domain/settings/settings-repo.ts';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

const ADD_DOC =
  'Order of checks: real account, KYC, the same clientId again (answers the first record, no second freeze), ' +
  'the destination (the caller’s own live one), the withdrawal password (guarded), the hours, min / max, the ' +
  'daily maximum; then the record and the freeze of amount + fee (+ network fee) in one transaction. The fee ' +
  'is on top of the amount: the destination receives `amount`.';

async function page(app: FastifyInstance, userId: number, kind: 'fiat' | 'crypto', q: OrderQuery) {
  const pageNo = Number(q.page ?? '1');
  const size = Number(q.size ?? '20');
  const r = await listOwnWithdrawals(app.db, userId, { kind, status: q.status, page: pageNo, size });
  return ok({ list: r.list.map(toWithdrawal), total: r.total, page: pageNo, size });
}

export const withdrawRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/user/withdraw/add',
    {
      schema: {
        tags: ['user'],
        summary: 'Withdraw PKR to a bound bank account or mobile wallet',
        description: ADD_DOC,
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: WithdrawAddBody,
        response: WithdrawalReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const b = request.body;
      const row = await requestWithdrawal(
        app.db,
        app.lockouts.withdrawPassword,
        auth,
        {
          target: { kind: 'binding', id: Number(b.bindingId) },
          amount: b.amount,
          password: b.password,
          clientId: b.clientId,
        },
        Date.now(),
      );
      return ok(toWithdrawal(row));
    },
  );

  app.post(
    '/coin/withdraw/add',
    {
      schema: {
        tags: ['coin'],
        summary: 'Withdraw USDT to a saved crypto address',
        description: `${ADD_DOC} A crypto withdrawal pays the chain's network fee, no platform fee.`,
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: CoinWithdrawAddBody,
        response: WithdrawalReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const b = request.body;
      const row = await requestWithdrawal(
        app.db,
        app.lockouts.withdrawPassword,
        auth,
        {
          target: { kind: 'address', id: Number(b.addressId) },
          amount: b.amount,
          password: b.password,
          clientId: b.clientId,
        },
        Date.now(),
      );
      return ok(toWithdrawal(row));
    },
  );

  app.get(
    '/user/withdraw/order',
    {
      schema: {
        tags: ['user'],
        summary: 'The caller’s bank and wallet withdrawals, newest first',
        security: NEEDS_TOKEN,
        querystring: WithdrawOrderQuery,
        response: WithdrawalPageReply,
      },
    },
    async (request) => page(app, requireAuth(request.auth).userId, 'fiat', request.query),
  );

  app.post(
    '/coin/withdraw/order',
    {
      schema: {
        tags: ['coin'],
        summary: 'The caller’s crypto withdrawals, newest first',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: WithdrawOrderQuery,
        response: WithdrawalPageReply,
      },
    },
    async (request) => page(app, requireAuth(request.auth).userId, 'crypto', request.body),
  );

  app.get(
    '/user/withdraw/status',
    {
      schema: {
        tags: ['user'],
        summary: 'One of the caller’s withdrawals (bank, wallet or crypto) by id',
        security: NEEDS_TOKEN,
        querystring: WithdrawStatusQuery,
        response: WithdrawalReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const row = await findOwnWithdrawal(app.db, userId, Number(request.query.id));
      if (!row) throw new AppError('withdraw.notFound');
      return ok(toWithdrawal(row));
    },
  );

  app.get(
    '/user/withdraw/config',
    {
      schema: {
        tags: ['user'],
        summary: "What only this user has for the withdraw screens: today's use, balances, the password",
        description:
          'Addition to the spec catalogue. The hours, limits and fees are common/props; the destinations ' +
          'bank/list and coin/withdraw/address.',
        security: NEEDS_TOKEN,
        response: WithdrawConfigReply,
      },
    },
    async (request) => {
      const { userId, accountId } = requireAuth(request.auth);
      const now = Date.now();
      const s = await readSettings(app.db);
      const [pkr, usdt, usedPkr, usedUsdt, hasPassword] = await Promise.all([
        app.ledger.money(accountId, 'PKR'),
        app.ledger.money(accountId, 'USDT'),
        usedToday(app.db, userId, 'PKR', now),
        usedToday(app.db, userId, 'USDT', now),
        withdrawSecret.isSet(app.db, userId),
      ]);
      return ok({
        open: isWithinHours(s['withdraw.hours'], now),
        usedToday: formatMinor(usedPkr, 2),
        available: formatMinor(pkr.available, 2),
        hasPassword,
        crypto: {
          open: isWithinHours(s['crypto.withdrawHours'], now),
          usedToday: formatMinor(usedUsdt, 6),
          available: formatMinor(usdt.available, 6),
        },
      });
    },
  );
};
