// The wallet area's calls, answered from the ledger (`app.ledger`): today the funds detail, GET user/tx/record.
// Deposits, withdrawals and their records (issue 15) come here, posting through the same ledger.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TxRecordPageReply, TxRecordQuery } from '../../../contract/trade.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { NEEDS_TOKEN } from '../route-docs.ts';

export const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/tx/record',
    {
      schema: {
        tags: ['user'],
        summary:
          'Funds detail: every movement of the available cash, newest first, with the balance after it',
        security: NEEDS_TOKEN,
        querystring: TxRecordQuery,
        response: TxRecordPageReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      const page = Number(request.query.page ?? '1');
      const size = Number(request.query.size ?? '20');
      const r = await app.ledger.records(accountId, { type: request.query.type, page, size });
      return ok({ ...r, page, size });
    },
  );
};
