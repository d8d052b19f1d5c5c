// Spot orders (issue 16; spec §7 "coin"): POST coin/order/add, POST coin/order/close, GET coin/order/list,
// GET coin/order/query, and GET coin/spot/balances (extension, for the order form). Decisions and units are in
// contract/spot.ts and contract/spot-rules.ts; the work is app.spot (domain/spot/). Placing an order takes the
// transaction password on every account and KYC on the real one, checked as for stock orders
// (trade-context.ts confirmOrder); cancelling takes neither (as a stock cancel).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  SpotBalancesQuery,
  SpotBalancesReply,
  SpotCloseBody,
  SpotListQuery,
  SpotOrderBody,
  SpotOrderPageReply,
  SpotOrderReply,
  SpotQuery,
  type SpotOrder,
} from '../../../contract/spot.ts';
import { formatMinor } from '../../../contract/money.ts';
import { USDT, USDT_DECIMALS } from '../../../contract/spot-rules.ts';
import { moneyOf } from '../../domain/ledger/books.ts';
import { listSpotOrders, spotOrderById, type SpotOrderRow } from '../../domain/spot/spot-orders-repo.ts';
import { spotPair } from '../../domain/spot/spot-pairs.ts';
import { toSpotOrder } from '../../domain/spot/spot-views.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';
import { caller, confirmOrder, type Caller } from '../trade/trade-context.ts';

const tags = ['coin spot orders'];

export const spotRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const wire = (request: FastifyRequest, o: SpotOrderRow, c: Caller): SpotOrder =>
    toSpotOrder(o, spotPair(app.market, o.symbol), c.auth.accountType, (key) => request.t(key));

  app.post(
    '/coin/order/add',
    {
      schema: {
        tags,
        summary: 'Place a spot order on a USDT pair',
        description:
          'Market orders walk the simulated book (a remainder it cannot fill is cancelled); a market buy may ' +
          'give quoteQty (USDT to spend) instead of qty. Limit orders reserve USDT (buy) or the coin (sell), ' +
          'take what the book offers at the limit or better, then rest (GTC), are cut (IOC), or are refused ' +
          'if they would take (POST_ONLY). Fees in the asset received. Needs the transaction password; the ' +
          'real account needs KYC. A repeated clientOrderId returns the first order.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: SpotOrderBody,
        response: SpotOrderReply,
      },
    },
    async (request) => {
      const c = await caller(app, request);
      const b = request.body;
      await confirmOrder(app, c, b.tradePassword);
      const { order } = await app.spot.place({
        accountId: c.auth.accountId,
        symbol: b.symbol.toUpperCase(),
        side: b.side,
        type: b.type,
        tif: b.timeInForce,
        price: b.price,
        qty: b.qty,
        quoteQty: b.quoteQty,
        clientOrderId: b.clientOrderId,
        now: app.market.now(),
      });
      return ok(wire(request, order, c));
    },
  );

  app.post(
    '/coin/order/close',
    {
      schema: {
        tags,
        summary: 'Cancel an open spot order',
        description: 'Releases what the order still holds; its fills stay.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: SpotCloseBody,
        response: SpotOrderReply,
      },
    },
    async (request) => {
      const c = await caller(app, request);
      const order = await app.spot.cancel(c.auth.accountId, Number(request.body.id), app.market.now());
      return ok(wire(request, order, c));
    },
  );

  app.get(
    '/coin/order/list',
    {
      schema: {
        tags,
        summary: "The account's spot orders, newest first",
        description: "scope 'open' (pending and partial, the default) or 'history' (filled, cancelled).",
        security: NEEDS_TOKEN,
        querystring: SpotListQuery,
        response: SpotOrderPageReply,
      },
    },
    async (request) => {
      const c = await caller(app, request);
      const q = request.query;
      const page = Number(q.page ?? '1');
      const size = Number(q.size ?? '20');
      const r = await listSpotOrders(app.db, c.auth.accountId, {
        scope: q.scope ?? 'open',
        symbol: q.symbol?.toUpperCase(),
        page,
        size,
      });
      return ok({ list: r.list.map((o) => wire(request, o, c)), total: r.total, page, size });
    },
  );

  app.get(
    '/coin/order/query',
    {
      schema: {
        tags,
        summary: 'One spot order of the account',
        security: NEEDS_TOKEN,
        querystring: SpotQuery,
        response: SpotOrderReply,
      },
    },
    async (request) => {
      const c = await caller(app, request);
      const o = await spotOrderById(app.db, Number(request.query.id));
      if (!o || o.accountId !== c.auth.accountId) throw new AppError('spot.orderNotFound');
      return ok(wire(request, o, c));
    },
  );

  app.get(
    '/coin/spot/balances',
    {
      schema: {
        tags,
        summary: 'The spot balances of a pair and its trading rules (extension, for the order form)',
        security: NEEDS_TOKEN,
        querystring: SpotBalancesQuery,
        response: SpotBalancesReply,
      },
    },
    async (request) => {
      const c = await caller(app, request);
      const pair = spotPair(app.market, request.query.symbol.toUpperCase());
      const usdt = await moneyOf(app.db, c.auth.accountId, USDT);
      const coin = await moneyOf(app.db, c.auth.accountId, pair.base);
      const cfg = await app.spot.config();
      return ok({
        symbol: pair.symbol,
        base: pair.base,
        baseAvailable: formatMinor(coin.available, pair.qtyDecimals),
        baseFrozen: formatMinor(coin.frozen, pair.qtyDecimals),
        quoteAvailable: formatMinor(usdt.available, USDT_DECIMALS),
        quoteFrozen: formatMinor(usdt.frozen, USDT_DECIMALS),
        priceDecimals: pair.priceDecimals,
        qtyDecimals: pair.qtyDecimals,
        makerFeeRate: cfg.makerRate,
        takerFeeRate: cfg.takerRate,
        minNotional: formatMinor(cfg.minNotional, USDT_DECIMALS),
      });
    },
  );
};
