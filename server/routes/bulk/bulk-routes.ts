// Block trades (issue 17 §5; contract/bulk.ts says what each call means and why these calls): the blocks on
// offer (stock/bulk/list, stock/bulk/info: any signed-in user may look; the rules and who may buy are shown),
// a buy (stock/order/bulk/buy: VIP members only) and the caller's block orders (stock/order/trade/list). The
// rules are domain/bulk/; every order read is scoped by the caller's account.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BulkBlockListReply,
  BulkBlockReply,
  BulkBuyBody,
  BulkInfoQuery,
  BulkListQuery,
  BulkOrderListQuery,
  BulkOrderPageReply,
  BulkOrderReply,
  HoldLocksQuery,
  HoldLocksReply,
} from '../../../contract/bulk.ts';
import { buyBlock } from '../../domain/bulk/bulk-buy.ts';
import {
  findBlock,
  listBlocks,
  listOwnOrders,
  locksOf,
  toBlock,
  toBulkOrder,
} from '../../domain/bulk/bulk-repo.ts';
import { verifyTradePassword } from '../../domain/trading/trade-password.ts';
import { fieldError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

const tags = ['stock market'];

export const bulkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/stock/bulk/list',
    {
      schema: {
        tags,
        summary:
          'Block trades (an addition: the spec names no call): open (the default: on offer now, closing ' +
          'soonest first), upcoming (opening later) or ended (closed or sold out, the 50 latest)',
        security: NEEDS_TOKEN,
        querystring: BulkListQuery,
        response: BulkBlockListReply,
      },
    },
    async (request) => {
      requireAuth(request.auth);
      const now = Date.now();
      const rows = await listBlocks(app.db, request.query.state ?? 'open', now);
      return ok(rows.map((r) => toBlock(r, app.market, now)));
    },
  );

  app.get(
    '/stock/bulk/info',
    {
      schema: {
        tags,
        summary:
          'One block: price, discount and overflow against the market, lot, what is left, window, lock',
        security: NEEDS_TOKEN,
        querystring: BulkInfoQuery,
        response: BulkBlockReply,
      },
    },
    async (request) => {
      requireAuth(request.auth);
      const row = await findBlock(app.db, Number(request.query.id));
      if (!row) throw fieldError('id', 'bulk.notFound');
      return ok(toBlock(row, app.market, Date.now()));
    },
  );

  app.post(
    '/stock/order/bulk/buy',
    {
      schema: {
        tags: ['stock orders'],
        summary: 'Buy the whole block or lots within it (VIP members; an addition: the spec names no call)',
        description:
          'KYC on the real account, the same clientId again (answers the first buy), a running VIP trial or ' +
          'membership, the block open, qty whole lots no more than is left, the transaction password; then ' +
          'price × qty + the trading fees from the cash and the shares locked until unlockAt.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: BulkBuyBody,
        response: BulkOrderReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const b = request.body;
      const now = Date.now();
      const r = await buyBlock(
        app.db,
        auth,
        {
          blockId: Number(b.blockId),
          qty: Number(b.qty),
          clientId: b.clientId,
          verifyPassword: () =>
            verifyTradePassword(app.db, app.lockouts.tradePassword, auth.userId, b.tradePassword, now),
        },
        app.config.fees,
        now,
      );
      return ok(toBulkOrder(r.order, r.block, now));
    },
  );

  app.get(
    '/stock/order/trade/list',
    {
      schema: {
        tags: ['stock orders'],
        summary: 'The caller’s block-trade orders, newest first (allocated quantity, price, lock)',
        security: NEEDS_TOKEN,
        querystring: BulkOrderListQuery,
        response: BulkOrderPageReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      const page = Number(request.query.page ?? '1');
      const size = Number(request.query.size ?? '20');
      const r = await listOwnOrders(app.db, accountId, page, size, Date.now());
      return ok({ ...r, page, size });
    },
  );

  app.get(
    '/stock/hold/locks',
    {
      schema: {
        tags: ['stock orders'],
        summary:
          'The caller’s locked shares of one stock and when each lock ends (T+1 and block trades; an addition)',
        security: NEEDS_TOKEN,
        querystring: HoldLocksQuery,
        response: HoldLocksReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      return ok(await locksOf(app.db, accountId, request.query.symbol));
    },
  );
};
