// Positions and money views: GET stock/hold/list and stock/hold/info, GET stock/income, user/assets (POST as
// the spec lists it, and GET), GET user/tx/record (funds detail).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Page } from '../../../workers/protocol/market.ts';
import type { Assets, Income, Position, TxRecord, TxType } from '../../../workers/protocol/trade.ts';
import { orderById, paisa } from '../../domain/trading/orders-repo.ts';
import { listed } from '../../domain/trading/place-order.ts';
import {
  assetsOf,
  holdings,
  noHolding,
  purchaseOrderIds,
  realisedSince,
  toPosition,
  txRecords,
} from '../../domain/trading/views.ts';
import { ok } from '../../plugins/envelope.ts';
import { fields, text } from '../../schemas/fields.ts';
import { envelope } from '../../schemas/responses.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';
import { caller, obj, orderWire, pageField, pageOf, sizeField, symbolField } from './trade-context.ts';

const TX_TYPES: TxType[] = ['deposit', 'withdraw', 'demo_grant', 'buy', 'sell', 'fee', 'freeze', 'unfreeze'];

export const holdRoutes: FastifyPluginAsync = async (app) => {
  const account = (request: FastifyRequest) => {
    const c = caller(app, request);
    app.trading.releaseDue(c.auth.accountId, app.market.now());
    return c;
  };

  app.get<{ Querystring: { page: string; size: string } }>(
    '/stock/hold/list',
    {
      schema: {
        tags: ['stock positions'],
        summary: 'Open positions with volume, available, T+1 locked, average cost and a P&L snapshot',
        description:
          'Sorted by symbol; size up to 10000 so the market worker can load every position at once.',
        security: NEEDS_TOKEN,
        querystring: fields({
          page: pageField,
          size: text(1, 5, { pattern: '^(?:[1-9][0-9]{0,3}|10000)$', default: '20' }),
        }),
        response: envelope(pageOf, 'Page<Position>'),
      },
    },
    async (request) => {
      const c = account(request);
      const page = Number(request.query.page);
      const size = Number(request.query.size);
      const all = holdings(app.db, c.auth.accountId, app.market.now());
      return ok<Page<Position>>({
        list: all.slice((page - 1) * size, page * size).map((h) => toPosition(app.market, h)),
        total: all.length,
        page,
        size,
      });
    },
  );

  app.get<{ Querystring: { symbol: string } }>(
    '/stock/hold/info',
    {
      schema: {
        tags: ['stock positions'],
        summary: 'The position in one stock (zero quantities when none is held)',
        security: NEEDS_TOKEN,
        querystring: fields({ symbol: symbolField }, ['symbol']),
        response: envelope(obj, 'Position'),
      },
    },
    async (request) => {
      const c = account(request);
      const symbol = listed(app.market, request.query.symbol.toUpperCase()).ins.symbol;
      const h = holdings(app.db, c.auth.accountId, app.market.now(), symbol)[0] ?? noHolding(symbol);
      return ok<Position>(toPosition(app.market, h));
    },
  );

  app.get(
    '/stock/income',
    {
      schema: {
        tags: ['stock positions'],
        summary: 'Realised profit today / this week / this month; purchases of the last 1 and 2 trading days',
        security: NEEDS_TOKEN,
        querystring: fields({}),
        response: envelope(obj, 'Income'),
      },
    },
    async (request) => {
      const c = account(request);
      const now = app.market.now();
      const r = realisedSince(app.db, c.auth.accountId, now);
      const orders = (days: number) =>
        purchaseOrderIds(app.db, c.auth.accountId, now, days).flatMap((id) => {
          const o = orderById(app.db, id);
          return o ? [orderWire(app, request, o, c)] : [];
        });
      return ok<Income>({
        today: paisa(r.today),
        week: paisa(r.week),
        month: paisa(r.month),
        floating: assetsOf(app.db, app.market, c.auth.accountId, c.auth.accountType).floatingPnl,
        purchasesLast1: orders(1),
        purchasesLast2: orders(2),
      });
    },
  );

  const assetsSchema = {
    tags: ['user'],
    summary: 'Total, available, frozen cash and market value of the account (real or demo, by token)',
    security: NEEDS_TOKEN,
    response: envelope(obj, 'Assets'),
  };
  const assets = async (request: FastifyRequest) => {
    const c = account(request);
    return ok<Assets>(assetsOf(app.db, app.market, c.auth.accountId, c.auth.accountType));
  };
  app.post('/user/assets', { schema: { ...assetsSchema, consumes: FORM, body: fields({}) } }, assets);
  app.get('/user/assets', { schema: { ...assetsSchema, querystring: fields({}) } }, assets);

  app.get<{ Querystring: { type?: TxType; page: string; size: string } }>(
    '/user/tx/record',
    {
      schema: {
        tags: ['user'],
        summary:
          'Funds detail: every movement of the available cash, newest first, with the balance after it',
        security: NEEDS_TOKEN,
        querystring: fields({ type: text(1, 12, { enum: TX_TYPES }), page: pageField, size: sizeField }),
        response: envelope(pageOf, 'Page<TxRecord>'),
      },
    },
    async (request) => {
      const c = caller(app, request);
      const page = Number(request.query.page);
      const size = Number(request.query.size);
      const r = txRecords(app.db, c.auth.accountId, request.query.type, page, size);
      return ok<Page<TxRecord>>({ ...r, page, size });
    },
  );
};
