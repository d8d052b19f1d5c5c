// AI funds (issue 18, item 4; contract/fund.ts says what each call means, server/domain/fund/README.md the
// rules): the funds (stock/fund/list, info, nav: optional sign-in, the caller's account kind, real for a guest)
// and the caller's requests (subscribe, redeem, order/list). Every request read is scoped by the caller's
// account, so another user's ids read like missing ones.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  FundIdQuery,
  FundInfoReply,
  FundListReply,
  FundNavReply,
  FundOrderListQuery,
  FundOrderPageReply,
  FundOrderReply,
  FundRedeemBody,
  FundSubscribeBody,
} from '../../../contract/fund.ts';
import { formatMinor } from '../../../contract/money.ts';
import { lastPriceMinor } from '../../domain/market/last-price.ts';
import { UNIT_DECIMALS } from '../../domain/fund/nav.ts';
import { redeem, subscribe, type FundCaller } from '../../domain/fund/orders.ts';
import { findFund, findPool, listFunds, type FundRow } from '../../domain/fund/pools.ts';
import { valuePool } from '../../domain/fund/valuation.ts';
import {
  navHistory,
  toFundOrder,
  toFundProduct,
  toNavPoint,
  type ViewContext,
} from '../../domain/fund/view.ts';
import { bps, pctText } from '../../domain/robot/metrics.ts';
import { verifyTradePassword } from '../../domain/trading/trade-password.ts';
import { fieldError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

const optional = { auth: 'optional' as const };
const tags = ['AI funds'];

export const fundRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const price = (symbol: string): bigint => lastPriceMinor(app.market, symbol);
  const ctxOf = (request: FastifyRequest): ViewContext => {
    const ur = request.lang.startsWith('ur');
    return {
      db: app.db,
      t: (k, p) => request.t(k, p),
      lang: request.lang,
      now: app.market.now(),
      kind: request.auth?.accountType ?? 'real',
      accountId: request.auth?.accountId ?? null,
      price,
      dealing: app.funds.dealing,
      symbolName: (s) => {
        const ins = app.market.instrument(s);
        return (ur ? ins?.nameUr : ins?.nameEn) ?? s;
      },
    };
  };
  const caller = (request: FastifyRequest): FundCaller => {
    const a = requireAuth(request.auth);
    return { userId: a.userId, accountId: a.accountId, accountType: a.accountType };
  };
  const fundOr404 = async (id: string, field: string): Promise<FundRow> => {
    const f = await findFund(app.db, Number(id));
    if (!f) throw fieldError(field, 'fund.notFound');
    return f;
  };
  const passwordCheck = (request: FastifyRequest, password: string) => () => {
    const a = requireAuth(request.auth);
    return verifyTradePassword(app.db, app.lockouts.tradePassword, a.userId, password, app.market.now());
  };

  app.get(
    '/stock/fund/list',
    {
      config: optional,
      schema: {
        tags,
        summary: 'The funds: strategy, basket, lock-in, limits, fee, NAV, measured performance, next cut-off',
        response: FundListReply,
      },
    },
    async (request) => {
      const ctx = ctxOf(request);
      const out = [];
      for (const f of await listFunds(app.db)) out.push(await toFundProduct(ctx, f));
      return ok(out);
    },
  );

  app.get(
    '/stock/fund/info',
    {
      config: optional,
      schema: {
        tags,
        summary: 'One fund with its holdings (indicative, from the last prices)',
        querystring: FundIdQuery,
        response: FundInfoReply,
      },
    },
    async (request) => {
      const f = await fundOr404(request.query.id, 'id');
      const ctx = ctxOf(request);
      const fund = await toFundProduct(ctx, f);
      const pool = await findPool(app.db, f.id, ctx.kind);
      const v = pool ? await valuePool(app.db, pool, f, price) : null;
      const assets = v?.assets ?? 0n;
      return ok({
        fund,
        holdings: (v?.holdings ?? []).map((h) => ({
          symbol: h.symbol,
          qty: h.qty.toString(),
          price: formatMinor(h.price, 2),
          value: formatMinor(h.qty * h.price, 2),
          weightPct: pctText(bps(h.qty * h.price, assets)),
        })),
        cash: formatMinor(v?.cash ?? 0n, 2),
        assets: formatMinor(assets, 2),
        units: formatMinor(v?.units ?? 0n, UNIT_DECIMALS),
      });
    },
  );

  app.get(
    '/stock/fund/nav',
    {
      config: optional,
      schema: {
        tags,
        summary: 'The NAV at each PSX close of the caller’s kind of pool, oldest first (at most 500)',
        querystring: FundIdQuery,
        response: FundNavReply,
      },
    },
    async (request) => {
      const f = await fundOr404(request.query.id, 'id');
      const pool = await findPool(app.db, f.id, request.auth?.accountType ?? 'real');
      return ok(pool ? (await navHistory(app.db, pool.id)).map(toNavPoint) : []);
    },
  );

  app.post(
    '/stock/fund/subscribe',
    {
      schema: {
        tags,
        summary: 'Ask to buy units: the amount leaves the cash now and becomes units at the next close’s NAV',
        description:
          'KYC on the real account; at least the fund’s minimum; within its single limit; the transaction ' +
          'password; the same clientId again answers the first request. Entry fee at the close.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: FundSubscribeBody,
        response: FundOrderReply,
      },
    },
    async (request) => {
      const b = request.body;
      const r = await subscribe(
        app.db,
        caller(request),
        {
          fundId: Number(b.fundId),
          amount: b.amount,
          clientId: b.clientId,
          verifyPassword: passwordCheck(request, b.tradePassword),
          dealing: app.funds.dealing,
        },
        app.market.now(),
      );
      return ok(toFundOrder(r.order, r.fund, request.lang));
    },
  );

  app.post(
    '/stock/fund/redeem',
    {
      schema: {
        tags,
        summary: 'Ask to sell units past their lock-in: paid into the cash at the next close’s NAV',
        description:
          'Units inside the lock-in are refused (the answer says when they are free); the transaction ' +
          'password; the same clientId again answers the first request.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: FundRedeemBody,
        response: FundOrderReply,
      },
    },
    async (request) => {
      const b = request.body;
      const r = await redeem(
        app.db,
        caller(request),
        {
          fundId: Number(b.fundId),
          units: b.units,
          clientId: b.clientId,
          verifyPassword: passwordCheck(request, b.tradePassword),
          dealing: app.funds.dealing,
        },
        app.market.now(),
      );
      return ok(toFundOrder(r.order, r.fund, request.lang));
    },
  );

  app.get(
    '/stock/fund/order/list',
    {
      schema: {
        tags,
        summary: 'The caller’s fund requests, newest first (pending → confirmed at NAV x)',
        security: NEEDS_TOKEN,
        querystring: FundOrderListQuery,
        response: FundOrderPageReply,
      },
    },
    async (request) => {
      const c = caller(request);
      const q = request.query;
      const page = Number(q.page ?? '1');
      const size = Number(q.size ?? '20');
      let base = app.db.selectFrom('fund_orders').where('account_id', '=', c.accountId);
      if (q.fundId) base = base.where('fund_id', '=', Number(q.fundId));
      const total = Number(
        (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0,
      );
      const rows = await base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute();
      const funds = new Map((await listFunds(app.db)).map((f) => [f.id, f]));
      return ok({
        list: rows.map((o) => toFundOrder(o, funds.get(o.fund_id)!, request.lang)),
        total,
        page,
        size,
      });
    },
  );
};
