// The contract calls that read (contract/perp-orders.ts): list (open positions), list/active (TP/SL triggers
// and resting limit orders waiting), query (one position or execution of the caller's own; another account's id is "not found").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatMinor } from '../../../contract/money.ts';
import { noFields } from '../../../contract/form-fields.ts';
import {
  ActiveListReply,
  PERP_PREFIX,
  PositionListReply,
  QueryParams,
  QueryReply,
} from '../../../contract/perp-orders.ts';
import { perpError } from '../../domain/perp/perp-errors.ts';
import { openLimitOrdersOf } from '../../domain/perp/perp-limit.ts';
import { executionView, limitOrderView, positionView } from '../../domain/perp/perp-views.ts';
import { openPositionsOf, ownExecution, ownPosition } from '../../domain/perp/positions-repo.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { NEEDS_TOKEN } from '../route-docs.ts';

const tags = ['coin contract orders'];
const P = `/${PERP_PREFIX}`;

export const perpReadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deps } = app.perp;

  app.get(
    `${P}/list`,
    {
      schema: {
        tags,
        summary: 'Open positions',
        description: 'Mark, uPnL, ROE, margin ratio and liquidation price on the current mark.',
        security: NEEDS_TOKEN,
        querystring: noFields,
        response: PositionListReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      const list = await openPositionsOf(app.db, accountId);
      return ok({ list: list.map((p) => positionView(deps.market, deps.marks, p)) });
    },
  );

  app.get(
    `${P}/list/active`,
    {
      schema: {
        tags,
        summary: 'Active orders (TP/SL waiting, resting limit orders)',
        description:
          '`list`: the TP/SL triggers of open positions; `orders`: the resting limit orders, oldest first.',
        security: NEEDS_TOKEN,
        querystring: noFields,
        response: ActiveListReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      const list = [];
      for (const p of await openPositionsOf(app.db, accountId)) {
        const pair = deps.marks.pair(p.symbol);
        const d = pair?.grid.priceDecimals ?? 2;
        const qty = formatMinor(p.qty, pair?.grid.qtyDecimals ?? 0);
        const side = p.side === 'long' ? ('sell' as const) : ('buy' as const);
        const base = { positionId: p.id, symbol: p.symbol, side, qty };
        if (p.tpPrice !== null)
          list.push({ ...base, kind: 'tp' as const, price: formatMinor(p.tpPrice, d), source: p.tpSource });
        if (p.slPrice !== null)
          list.push({ ...base, kind: 'sl' as const, price: formatMinor(p.slPrice, d), source: p.slSource });
      }
      const orders = (await openLimitOrdersOf(app.db, accountId)).map((o) => limitOrderView(deps.marks, o));
      return ok({ list, orders });
    },
  );

  app.get(
    `${P}/query`,
    {
      schema: {
        tags,
        summary: 'One position (positionId) or execution (orderId) of the caller',
        security: NEEDS_TOKEN,
        querystring: QueryParams,
        response: QueryReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      const q = request.query;
      if (q.positionId === undefined && q.orderId === undefined) throw perpError('notFound');
      const position =
        q.positionId === undefined ? null : await ownPosition(app.db, accountId, Number(q.positionId));
      const order = q.orderId === undefined ? null : await ownExecution(app.db, accountId, Number(q.orderId));
      if ((q.positionId !== undefined && !position) || (q.orderId !== undefined && !order))
        throw perpError('notFound');
      return ok({
        position: position ? positionView(deps.market, deps.marks, position) : null,
        order: order ? executionView(deps.marks, order) : null,
      });
    },
  );
};
