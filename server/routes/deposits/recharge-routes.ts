// Bank transfer, mobile wallet and offline deposits: GET index/bank/recharge (where to pay), POST
// user/recharge/add (a pending request with the reference to quote), GET user/recharge/order (the caller's
// records, newest first) and GET user/recharge/status (one of the caller's records).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DepositPageReply,
  DepositReply,
  RechargeAddBody,
  RechargeOrderQuery,
  RechargeStatusQuery,
  ReceivingAccountsReply,
} from '../../../contract/deposits.ts';
import { noFields } from '../../../contract/form-fields.ts';
import { requestRecharge } from '../../domain/deposits/deposit-request.ts';
import { depositOfUser, depositsOfUser, depositWire } from '../../domain/deposits/deposits-repo.ts';
import { activeReceivingAccounts } from '../../domain/deposits/receiving-accounts.ts';
import { readSettings } from '../../domain/settings/settings-repo.ts';
import { AppError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

const tags = ['deposit'];

export const rechargeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/index/bank/recharge',
    {
      schema: {
        tags,
        summary: "The platform's active receiving accounts (bank and wallet)",
        security: NEEDS_TOKEN,
        querystring: noFields,
        response: ReceivingAccountsReply,
      },
    },
    async () => ok({ list: await activeReceivingAccounts(app.db) }),
  );

  app.post(
    '/user/recharge/add',
    {
      schema: {
        tags,
        summary: 'Request a bank, wallet or offline deposit',
        description:
          'Real account only, KYC verified, within deposit.hours, between deposit.min and deposit.max. bank and ' +
          'wallet name the receiving account paid into; offline needs the channel password (guarded against ' +
          'guessing). Answers the pending record with the reference to quote; the same clientId answers it again.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: RechargeAddBody,
        response: DepositReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const row = await requestRecharge(
        app.db,
        app.lockouts.channelPassword,
        { userId: auth.userId, accountId: auth.accountId, accountType: auth.accountType },
        request.body,
        Date.now(),
      );
      return ok(await depositWire(app.db, row));
    },
  );

  app.get(
    '/user/recharge/order',
    {
      schema: {
        tags,
        summary: "The caller's deposit records, newest first",
        security: NEEDS_TOKEN,
        querystring: RechargeOrderQuery,
        response: DepositPageReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const q = request.query;
      const page = Number(q.page ?? '1');
      const size = Number(q.size ?? '20');
      const { rows, total } = await depositsOfUser(app.db, userId, {
        ...(q.channel ? { channels: [q.channel] } : {}),
        status: q.status,
        page,
        size,
      });
      const settings = await readSettings(app.db);
      const list = await Promise.all(rows.map((r) => depositWire(app.db, r, settings)));
      return ok({ list, total, page, size });
    },
  );

  app.get(
    '/user/recharge/status',
    {
      schema: {
        tags,
        summary: "One of the caller's deposit records",
        security: NEEDS_TOKEN,
        querystring: RechargeStatusQuery,
        response: DepositReply,
      },
    },
    async (request) => {
      const { userId } = requireAuth(request.auth);
      const row = await depositOfUser(app.db, userId, Number(request.query.id));
      if (!row) throw new AppError('deposit.notFound');
      return ok(await depositWire(app.db, row));
    },
  );
};
