// Stock orders (spec §7 "stock orders"): POST stock/order/buy and sell, GET stock/order/preview (extension),
// list, cancel (GET, as the spec lists it), info and statistics. The transaction password is checked before the
// order transaction; everything else is decided inside it (domain/trading/place-order.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { noFields } from '../../../contract/form-fields.ts';
import {
  OrderIdQuery,
  OrderListQuery,
  OrderPageReply,
  OrderPreviewQuery,
  OrderPreviewReply,
  OrderStatisticsReply,
  PlaceOrderBody,
  StockOrderReply,
  type OrderSide,
} from '../../../contract/trade.ts';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { pktDayStart } from '../../domain/market/calendar.ts';
import { feeBreakdown, listOrders, orderById, paisa } from '../../domain/trading/orders-repo.ts';
import { previewOrder } from '../../domain/trading/place-order.ts';
import { verifyTradePassword } from '../../domain/trading/trade-password.ts';
import { feeTotal } from '../../domain/trading/fees.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';
import { caller, kycOk, orderWire } from './trade-context.ts';

const tags = ['stock orders'];

export const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const place = (side: OrderSide) =>
    app.post(
      `/stock/order/${side}`,
      {
        schema: {
          tags,
          summary: side === 'buy' ? 'Buy a PSX stock' : 'Sell a PSX stock',
          description:
            'Market orders fill at once against the book (an unfilled remainder is cancelled); limit orders ' +
            'reserve cash or shares and rest until the simulated price crosses. Needs the transaction password; ' +
            'the real account needs KYC. A repeated clientOrderId returns the first order.',
          consumes: FORM,
          security: NEEDS_TOKEN,
          body: PlaceOrderBody,
          response: StockOrderReply,
        },
      },
      async (request) => {
        const c = await caller(app, request);
        const b = request.body;
        await verifyTradePassword(
          app.db,
          app.lockouts.tradePassword,
          c.user.id,
          b.tradePassword,
          app.market.now(),
        );
        const { order } = await app.trading.place({
          accountId: c.auth.accountId,
          kycOk: kycOk(c),
          side,
          type: b.type,
          symbol: b.symbol.toUpperCase(),
          qty: b.qty,
          price: b.price,
          clientOrderId: b.clientOrderId,
          now: app.market.now(),
        });
        return ok(orderWire(app, request, order, c));
      },
    );
  place('buy');
  place('sell');

  app.get(
    '/stock/order/preview',
    {
      schema: {
        tags,
        summary: 'Fees, net amount and maximum quantity before confirming (extension)',
        security: NEEDS_TOKEN,
        querystring: OrderPreviewQuery,
        response: OrderPreviewReply,
      },
    },
    async (request) => {
      const c = await caller(app, request);
      const q = request.query;
      await app.trading.releaseDue(c.auth.accountId, app.market.now());
      const p = await previewOrder(app.db, app.market, app.trading.fees, {
        accountId: c.auth.accountId,
        side: q.side,
        type: q.type,
        symbol: q.symbol.toUpperCase(),
        qty: (q.qty && parseMinor(q.qty, 0)) || 0n,
        price: (q.price && parseMinor(q.price, 2)) || 0n,
        now: app.market.now(),
      });
      const fee = feeTotal(p.fees);
      const net = q.side === 'buy' ? p.amount + fee : p.amount - fee;
      return ok({
        symbol: p.l.ins.symbol,
        side: q.side,
        type: q.type,
        price: paisa(p.price),
        qty: p.qty.toString(),
        amount: paisa(p.amount),
        fee: feeBreakdown(p.fees),
        net: paisa(net),
        available: q.side === 'buy' ? paisa(p.available) : p.available.toString(),
        maxQty: p.maxQty.toString(),
        lotSize: p.l.lot.toString(),
        limitUp: formatMinor(p.l.limitUp, 2),
        limitDown: formatMinor(p.l.limitDown, 2),
      });
    },
  );

  app.get(
    '/stock/order/list',
    {
      schema: {
        tags,
        summary: "The account's orders, newest first",
        description:
          "status: pending (in progress), partial, filled (history), cancelled, rejected, or 'open'.",
        security: NEEDS_TOKEN,
        querystring: OrderListQuery,
        response: OrderPageReply,
      },
    },
    async (request) => {
      const c = await caller(app, request);
      // Ajv filled the defaults in (useDefaults); the fallbacks only satisfy the optional types.
      const page = Number(request.query.page ?? '1');
      const size = Number(request.query.size ?? '20');
      const r = await listOrders(app.db, c.auth.accountId, request.query.status, page, size);
      return ok({
        list: r.list.map((o) => orderWire(app, request, o, c)),
        total: r.total,
        page,
        size,
      });
    },
  );

  const byId = { security: NEEDS_TOKEN, querystring: OrderIdQuery };
  app.get(
    '/stock/order/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel an open order; frozen cash or shares return',
        ...byId,
        response: StockOrderReply,
      },
    },
    async (request) => {
      const c = await caller(app, request);
      const order = await app.trading.cancel(c.auth.accountId, Number(request.query.id), app.market.now());
      return ok(orderWire(app, request, order, c));
    },
  );

  app.get(
    '/stock/order/info',
    { schema: { tags, summary: 'One order of the account', ...byId, response: StockOrderReply } },
    async (request) => {
      const c = await caller(app, request);
      const order = await orderById(app.db, Number(request.query.id));
      if (!order || order.accountId !== c.auth.accountId) throw new AppError('trade.orderNotFound');
      return ok(orderWire(app, request, order, c));
    },
  );

  app.get(
    '/stock/order/statistics',
    {
      schema: {
        tags,
        summary: 'Order counts per status and today’s buy / sell turnover',
        security: NEEDS_TOKEN,
        querystring: noFields,
        response: OrderStatisticsReply,
      },
    },
    async (request) => {
      const c = await caller(app, request);
      const counts = Object.fromEntries(
        (
          await app.db
            .selectFrom('stock_orders')
            .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
            .where('account_id', '=', c.auth.accountId)
            .groupBy('status')
            .execute()
        ).map((r) => [r.status, Number(r.n)]),
      );
      const turnover = async (side: OrderSide) => {
        const row = await app.db
          .selectFrom('stock_fills')
          .select((eb) => eb.fn.sum<bigint | null>('amount').as('amount'))
          .where('account_id', '=', c.auth.accountId)
          .where('side', '=', side)
          .where('created_at', '>=', pktDayStart(app.market.now()))
          .executeTakeFirst();
        return BigInt(row?.amount ?? 0n);
      };
      return ok({
        pending: counts['pending'] ?? 0,
        partial: counts['partial'] ?? 0,
        filled: counts['filled'] ?? 0,
        cancelled: counts['cancelled'] ?? 0,
        buyAmountToday: paisa(await turnover('buy')),
        sellAmountToday: paisa(await turnover('sell')),
      });
    },
  );
};
