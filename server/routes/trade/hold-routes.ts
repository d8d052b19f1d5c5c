// Positions and money views: GET stock/hold/list and stock/hold/info, GET stock/income, user/assets (POST as
// the spec lists it, and GET). The funds detail is the wallet area's (routes/wallet/).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { cgtOnGain } from '../../../contract/psx-cgt.ts';
import { noFields } from '../../../contract/form-fields.ts';
import {
  AssetsReply,
  HoldInfoQuery,
  HoldListQuery,
  IncomeReply,
  PositionPageReply,
  PositionReply,
} from '../../../contract/trade.ts';
import { orderById, paisa } from '../../domain/trading/orders-repo.ts';
import { listed } from '../../domain/trading/place-order.ts';
import {
  assetsOf,
  holdings,
  noHolding,
  purchaseOrderIds,
  purchaseWindows,
  realisedSince,
  toPosition,
} from '../../domain/trading/views.ts';
import { pktDateKey } from '../../domain/market/calendar.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';
import { caller, orderWire } from './trade-context.ts';

export const holdRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const account = async (request: FastifyRequest) => {
    const c = await caller(app, request);
    await app.trading.releaseDue(c.auth.accountId, app.market.now());
    return c;
  };

  app.get(
    '/stock/hold/list',
    {
      schema: {
        tags: ['stock positions'],
        summary: 'Open positions with volume, available, T+1 locked, average cost and a P&L snapshot',
        description:
          'Sorted by symbol; size up to 10000 so the market worker can load every position at once.',
        security: NEEDS_TOKEN,
        querystring: HoldListQuery,
        response: PositionPageReply,
      },
    },
    async (request) => {
      const c = await account(request);
      const page = Number(request.query.page ?? '1');
      const size = Number(request.query.size ?? '20');
      const all = await holdings(app.db, c.auth.accountId, app.market.now());
      return ok({
        list: all.slice((page - 1) * size, page * size).map((h) => toPosition(app.market, h)),
        total: all.length,
        page,
        size,
      });
    },
  );

  app.get(
    '/stock/hold/info',
    {
      schema: {
        tags: ['stock positions'],
        summary: 'The position in one stock (zero quantities when none is held)',
        security: NEEDS_TOKEN,
        querystring: HoldInfoQuery,
        response: PositionReply,
      },
    },
    async (request) => {
      const c = await account(request);
      const symbol = listed(app.market, request.query.symbol.toUpperCase()).ins.symbol;
      const h = (await holdings(app.db, c.auth.accountId, app.market.now(), symbol))[0] ?? noHolding(symbol);
      return ok(toPosition(app.market, h));
    },
  );

  app.get(
    '/stock/income',
    {
      schema: {
        tags: ['stock positions'],
        summary:
          'Realised profit today / this week / this month, floating P&L; purchases of today and of the ' +
          'previous 1 and 2 trading days',
        security: NEEDS_TOKEN,
        querystring: noFields,
        response: IncomeReply,
      },
    },
    async (request) => {
      const c = await account(request);
      const now = app.market.now();
      const r = await realisedSince(app.db, c.auth.accountId, now);
      const w = purchaseWindows(now);
      const orders = async (from: number, to?: number) => {
        const list = [];
        for (const id of await purchaseOrderIds(app.db, c.auth.accountId, from, to)) {
          const o = await orderById(app.db, id);
          if (o) list.push(orderWire(app, request, o, c));
        }
        return list;
      };
      return ok({
        today: paisa(r.today),
        week: paisa(r.week),
        month: paisa(r.month),
        cgt: {
          today: paisa(cgtOnGain(r.today)),
          week: paisa(cgtOnGain(r.week)),
          month: paisa(cgtOnGain(r.month)),
        },
        floating: (await assetsOf(app.db, app.market, c.auth.accountId, c.auth.accountType)).floatingPnl,
        purchasesToday: await orders(w.today.from),
        purchasesLast1: await orders(w.last1.from, w.last1.to),
        purchasesLast2: await orders(w.last2.from, w.last2.to),
        previousTradingDays: w.previousDays.map(pktDateKey),
      });
    },
  );

  const assetsSchema = {
    tags: ['user'],
    summary: 'Total, available, frozen cash and market value of the account (real or demo, by token)',
    security: NEEDS_TOKEN,
    response: AssetsReply,
  };
  const assets = async (request: FastifyRequest) => {
    const c = await account(request);
    return ok(await assetsOf(app.db, app.market, c.auth.accountId, c.auth.accountType));
  };
  app.post('/user/assets', { schema: { ...assetsSchema, consumes: FORM, body: noFields } }, assets);
  app.get('/user/assets', { schema: { ...assetsSchema, querystring: noFields } }, assets);
};
