// AI robots (issue 18, item 3; contract/robot.ts says what each call means, server/domain/robot/README.md the
// rules): the products (stock/ai/list, info, stocks: optional sign-in, the track record of the caller's account
// type, real for a guest) and the caller's robot orders (buy, add/amount, exit, order/list, order/details).
// Every order read is scoped by the caller's account, so another user's order id reads like a missing one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { lastPriceMinor } from '../../domain/market/last-price.ts';
import {
  RobotAddBody,
  RobotBuyBody,
  RobotExitBody,
  RobotInfoQuery,
  RobotListQuery,
  RobotOrderDetailsQuery,
  RobotOrderDetailsReply,
  RobotOrderListQuery,
  RobotOrderPageReply,
  RobotOrderReply,
  RobotProductListReply,
  RobotProductReply,
  RobotStockListReply,
  RobotStocksQuery,
} from '../../../contract/robot.ts';
import {
  addToRobot,
  buyRobot,
  exitRobot,
  findOwnOrder,
  type RobotCaller,
} from '../../domain/robot/allocate.ts';
import {
  findProduct,
  listProducts,
  toProduct,
  tracksOf,
  type ProductRow,
} from '../../domain/robot/products.ts';
import { detailsOf, toRobotOrder, type OrderContext } from '../../domain/robot/report.ts';
import { verifyTradePassword } from '../../domain/trading/trade-password.ts';
import { AppError, fieldError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';
import { pctText, bps } from '../../domain/robot/metrics.ts';

const optional = { auth: 'optional' as const };
const tags = ['AI robots'];

export const robotRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const price = (symbol: string): bigint => lastPriceMinor(app.market, symbol);
  const ctxOf = (request: FastifyRequest): OrderContext => ({
    db: app.db,
    t: (k, p) => request.t(k, p),
    lang: request.lang,
    now: app.market.now(),
    price,
  });
  const caller = (request: FastifyRequest): RobotCaller => {
    const a = requireAuth(request.auth);
    return { userId: a.userId, accountId: a.accountId, accountType: a.accountType };
  };
  const products = async (request: FastifyRequest, rows: ProductRow[]) => {
    const now = app.market.now();
    const type = request.auth?.accountType ?? 'real';
    const tracks = await tracksOf(
      app.db,
      rows.map((r) => r.id),
      type,
      now,
    );
    return rows.map((r) => toProduct(r, request.lang, (k, p) => request.t(k, p), tracks.get(r.id)!));
  };
  const productOr404 = async (id: string, field: string) => {
    const p = await findProduct(app.db, Number(id));
    if (!p) throw fieldError(field, 'robot.notFound');
    return p;
  };

  app.get(
    '/stock/ai/list',
    {
      config: optional,
      schema: {
        tags,
        summary:
          'The robots on offer, with their tiers, lock-in, single limit, fees and measured track record',
        querystring: RobotListQuery,
        response: RobotProductListReply,
      },
    },
    async (request) => ok(await products(request, await listProducts(app.db, request.query.strategy))),
  );

  app.get(
    '/stock/ai/info',
    {
      config: optional,
      schema: {
        tags,
        summary: 'One robot product',
        querystring: RobotInfoQuery,
        response: RobotProductReply,
      },
    },
    async (request) => {
      const p = await productOr404(request.query.id, 'id');
      return ok((await products(request, [p]))[0]!);
    },
  );

  app.get(
    '/stock/ai/stocks',
    {
      config: optional,
      schema: {
        tags,
        summary: 'The symbols the robots trade (of one product with productId), with the live price',
        querystring: RobotStocksQuery,
        response: RobotStockListReply,
      },
    },
    async (request) => {
      const rows = request.query.productId
        ? [await productOr404(request.query.productId, 'productId')]
        : await listProducts(app.db);
      const bySymbol = new Map<string, number[]>();
      for (const r of rows) bySymbol.set(r.symbol, [...(bySymbol.get(r.symbol) ?? []), r.id]);
      const ur = request.lang.startsWith('ur');
      return ok(
        [...bySymbol].map(([symbol, productIds]) => {
          const tk = app.market.ticker(symbol);
          const ins = app.market.instrument(symbol);
          const last = (tk?.p ? parseMinor(tk.p, 2) : null) ?? 0n;
          const pc = (tk?.pc ? parseMinor(tk.pc, 2) : null) ?? last;
          return {
            symbol,
            name: (ur ? ins?.nameUr : ins?.nameEn) ?? symbol,
            last: formatMinor(last, 2),
            prevClose: formatMinor(pc, 2),
            changePct: pctText(bps(last - pc, pc)),
            productIds,
          };
        }),
      );
    },
  );

  const passwordCheck = (request: FastifyRequest, password: string) => () => {
    const a = requireAuth(request.auth);
    return verifyTradePassword(app.db, app.lockouts.tradePassword, a.userId, password, app.market.now());
  };

  app.post(
    '/stock/ai/buy',
    {
      schema: {
        tags,
        summary: 'Start a robot order: the amount moves from the cash of the current account to the robot',
        description:
          'KYC on the real account; the amount within a tier of the product; the single limit across the ' +
          "caller's running and ending orders of the product; the transaction password; the same clientId " +
          'again answers the first order. The entry fee is taken at once (stated in stock/ai/info).',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: RobotBuyBody,
        response: RobotOrderReply,
      },
    },
    async (request) => {
      const b = request.body;
      const r = await buyRobot(
        app.db,
        caller(request),
        {
          productId: Number(b.productId),
          amount: b.amount,
          clientId: b.clientId,
          price,
          verifyPassword: passwordCheck(request, b.tradePassword),
        },
        app.market.now(),
      );
      if (r.created) app.robots.changed(r.order.id);
      return ok(await toRobotOrder(ctxOf(request), r.order, r.product));
    },
  );

  app.post(
    '/stock/ai/order/add/amount',
    {
      schema: {
        tags,
        summary: 'Put more money into a running robot order (entry fee on it; the lock-in does not restart)',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: RobotAddBody,
        response: RobotOrderReply,
      },
    },
    async (request) => {
      const b = request.body;
      const r = await addToRobot(
        app.db,
        caller(request),
        {
          orderId: Number(b.orderId),
          amount: b.amount,
          clientId: b.clientId,
          price,
          verifyPassword: passwordCheck(request, b.tradePassword),
        },
        app.market.now(),
      );
      app.robots.changed(r.order.id);
      return ok(await toRobotOrder(ctxOf(request), r.order, r.product));
    },
  );

  app.post(
    '/stock/ai/order/exit',
    {
      schema: {
        tags,
        summary: 'Stop a running robot order: it sells what it holds and returns the money',
        description: 'Before the end of the lock-in the early-exit fee applies (exitFeeNow in the order).',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: RobotExitBody,
        response: RobotOrderReply,
      },
    },
    async (request) => {
      const b = request.body;
      const o = await exitRobot(
        app.db,
        caller(request),
        Number(b.orderId),
        passwordCheck(request, b.tradePassword),
        app.market.now(),
      );
      app.robots.changed(o.id);
      return ok(await toRobotOrder(ctxOf(request), o, (await findProduct(app.db, o.product_id))!));
    },
  );

  app.get(
    '/stock/ai/order/list',
    {
      schema: {
        tags,
        summary: 'The caller’s robot orders, newest first',
        security: NEEDS_TOKEN,
        querystring: RobotOrderListQuery,
        response: RobotOrderPageReply,
      },
    },
    async (request) => {
      const c = caller(request);
      const q = request.query;
      const page = Number(q.page ?? '1');
      const size = Number(q.size ?? '20');
      let base = app.db.selectFrom('robot_orders').where('account_id', '=', c.accountId);
      if (q.state) base = base.where('state', '=', q.state);
      const total = Number(
        (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0,
      );
      const rows = await base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      const ctx = ctxOf(request);
      const list = [];
      for (const o of rows) list.push(await toRobotOrder(ctx, o, (await findProduct(app.db, o.product_id))!));
      return ok({ list, total, page, size });
    },
  );

  app.get(
    '/stock/ai/order/details',
    {
      schema: {
        tags,
        summary: 'One robot order with its holdings, equity curve, benchmark and engine orders',
        security: NEEDS_TOKEN,
        querystring: RobotOrderDetailsQuery,
        response: RobotOrderDetailsReply,
      },
    },
    async (request) => {
      const c = caller(request);
      const o = await findOwnOrder(app.db, c.accountId, Number(request.query.id));
      if (!o) throw new AppError('robot.orderNotFound');
      const p = (await findProduct(app.db, o.product_id))!;
      const ctx = ctxOf(request);
      const order = await toRobotOrder(ctx, o, p);
      const d = await detailsOf(ctx, o, p);
      const [product] = await products(request, [p]);
      const date = new Intl.DateTimeFormat(request.lang, { dateStyle: 'medium', timeZone: 'Asia/Karachi' });
      return ok({
        order,
        product: product!,
        ...d,
        periodNote: request.t(
          o.state === 'ended' ? 'errors:robot.text.periodEnded' : 'errors:robot.text.period',
          {
            from: date.format(o.started_at),
            to: date.format(o.ended_at ?? ctx.now),
          },
        ),
      });
    },
  );
};
