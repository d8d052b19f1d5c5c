// GET coin/contract/order/history (contract/perp-history.ts): the caller's executions (with why a position was
// liquidated) or funding payments, newest first, paged.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HistoryParams, HistoryReply } from '../../../contract/perp-history.ts';
import { PERP_PREFIX } from '../../../contract/perp-orders.ts';
import { fundingHistory, orderHistory } from '../../domain/perp/perp-history.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { NEEDS_TOKEN } from '../route-docs.ts';

export const perpHistoryRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app.perp;
  app.get(
    `/${PERP_PREFIX}/history`,
    {
      schema: {
        tags: ['coin contract orders'],
        summary: 'Contract history: executions or funding payments',
        description:
          'type=orders: every fill (open, close, TP, SL, liquidation, auto-deleveraging), a liquidation with ' +
          'the mark that crossed, the liquidation price and the margin lost. type=funding: funding payments.',
        security: NEEDS_TOKEN,
        querystring: HistoryParams,
        response: HistoryReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      const q = request.query;
      const type = q.type ?? 'orders';
      const page = Number(q.page ?? '1');
      const size = Number(q.size ?? '20');
      const query = { page, size, ...(q.symbol ? { symbol: q.symbol } : {}) };
      if (type === 'funding') {
        const r = await fundingHistory(app.db, deps.marks, accountId, query);
        return ok({ type, orders: null, funding: { ...r, page, size } });
      }
      const r = await orderHistory(app.db, deps.marks, accountId, query);
      return ok({ type, orders: { ...r, page, size }, funding: null });
    },
  );
};
