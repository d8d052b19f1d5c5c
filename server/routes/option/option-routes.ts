// Options (issue 17 §6; contract/option.ts says what each call means): the rules and a live quote
// (stock/option/rule, public), a purchase (stock/order/option/apply), the caller's options
// (stock/order/option/list) and their statistics (stock/order/option/statistics). Every read of options is
// scoped by the caller's account. The rules are domain/option/.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatMinor, parseMinor } from '../../../contract/money.ts';
import { noFields } from '../../../contract/form-fields.ts';
import {
  OptionApplyBody,
  OptionListQuery,
  OptionOrderPageReply,
  OptionOrderReply,
  OptionRuleQuery,
  OptionRuleReply,
  OptionStatisticsReply,
  type OptionQuote,
} from '../../../contract/option.ts';
import { buyOption } from '../../domain/option/option-buy.ts';
import {
  expiryOf,
  measure,
  MODEL_ID,
  offered,
  readOptionRules,
  unitPriceOf,
  type OptionRules,
} from '../../domain/option/option-rules.ts';
import { listOwnOptions, optionStatistics, toOptionOrder } from '../../domain/option/option-repo.ts';
import { fixed, percentOf } from '../../domain/option/pricing.ts';
import { verifyTradePassword } from '../../domain/trading/trade-password.ts';
import { fieldError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

export const optionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const rules = (): Promise<OptionRules> => readOptionRules(app.db, app.config.optionDayMs);

  const quoteOf = async (r: OptionRules, symbol: string, now: number): Promise<OptionQuote | null> => {
    if (!offered(app.market, r, symbol)) throw fieldError('symbol', 'option.notOffered', { symbol });
    const m = await measure(app.market, symbol, r.volDays, now);
    if (!m) return null;
    return {
      symbol,
      spot: formatMinor(m.spotMinor, 2),
      sigma: percentOf(m.sigma),
      closes: m.closes,
      terms: r.terms.map((term) => ({
        term,
        expiresAt: expiryOf(term, now, r.dayMs),
        call: fixed(unitPriceOf(m, r, 'call', term), 4),
        put: fixed(unitPriceOf(m, r, 'put', term), 4),
      })),
    };
  };

  app.get(
    '/stock/option/rule',
    {
      config: { auth: 'public' as const },
      schema: {
        tags: ['stock market'],
        summary:
          "The option rules (the broker's own cash-settled contracts: terms, min / max premium, the pricing " +
          'model and its inputs) and, with `symbol`, a live quote per term: the strike (the live price), the ' +
          'volatility measured and the price of one contract of a call and of a put',
        querystring: OptionRuleQuery,
        response: OptionRuleReply,
      },
    },
    async (request) => {
      const now = Date.now();
      const r = await rules();
      const symbol = request.query.symbol?.toUpperCase();
      return ok({
        cashSettled: true as const,
        disclosure: request.t('option:disclosure'),
        model: MODEL_ID,
        modelText: request.t('option:modelText', {
          days: r.volDays,
          rate: percentOf(r.rate),
          spread: fixed(r.spreadBps / 100, 2),
        }),
        terms: r.terms,
        minPremium: formatMinor(r.minPremium, 2),
        maxPremium: formatMinor(r.maxPremium, 2),
        riskFreeRate: percentOf(r.rate),
        spreadBps: r.spreadBps,
        volDays: r.volDays,
        symbols: r.symbols,
        dayMs: r.dayMs,
        quote: symbol ? await quoteOf(r, symbol, now) : null,
      });
    },
  );

  app.post(
    '/stock/order/option/apply',
    {
      schema: {
        tags: ['stock orders'],
        summary:
          'Buy a call or a put (the broker’s own cash-settled contract): symbol, direction, term (days, from ' +
          'the rules), qty (contracts of one share), clientId, tradePassword, optional maxPremium. Checks in ' +
          'order: KYC (real account), a retry of the clientId (answers the first purchase), the term, the ' +
          'symbol, the price, the premium within min / max (and ≤ maxPremium), the transaction password; ' +
          'then the premium is paid from the available PKR. Strike = the live price now.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: OptionApplyBody,
        response: OptionOrderReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const b = request.body;
      const now = Date.now();
      const maxPremium = b.maxPremium === undefined ? undefined : (parseMinor(b.maxPremium, 2) ?? undefined);
      const row = await buyOption(
        app.db,
        app.market,
        await rules(),
        auth,
        {
          symbol: b.symbol,
          direction: b.direction,
          term: Number(b.term),
          qty: Number(b.qty),
          clientId: b.clientId,
          ...(maxPremium !== undefined ? { maxPremium } : {}),
          verifyPassword: () =>
            verifyTradePassword(app.db, app.lockouts.tradePassword, auth.userId, b.tradePassword, now),
        },
        now,
      );
      return ok(toOptionOrder(row));
    },
  );

  app.get(
    '/stock/order/option/list',
    {
      schema: {
        tags: ['stock orders'],
        summary:
          'The caller’s options, newest first (open ones and settled ones with their expiry price and P&L)',
        security: NEEDS_TOKEN,
        querystring: OptionListQuery,
        response: OptionOrderPageReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      const q = request.query;
      const page = Number(q.page ?? '1');
      const size = Number(q.size ?? '20');
      const r = await listOwnOptions(app.db, accountId, { state: q.state, page, size });
      return ok({ ...r, page, size });
    },
  );

  app.get(
    '/stock/order/option/statistics',
    {
      schema: {
        tags: ['stock orders'],
        summary:
          'The caller’s options counted (open, settled, won, lost) and summed from the records: premium at ' +
          'risk, premium of the settled ones, paid back, realised P&L',
        security: NEEDS_TOKEN,
        querystring: noFields,
        response: OptionStatisticsReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      return ok(await optionStatistics(app.db, accountId));
    },
  );
};
