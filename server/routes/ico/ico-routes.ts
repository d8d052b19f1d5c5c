// Coin ICO (issue 17 §7; contract/ico.ts says what each call means): the token sales (public, the caller's
// pool shown when signed in: coin/new/list, list/coming, today, info) and the caller's commitments
// (coin/order/new/apply, coin/order/new/list). The rules are domain/ico/; every commitment read is scoped by
// the caller's account, so another user's commitment is never seen.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { noFields } from '../../../contract/form-fields.ts';
import {
  IcoApplyBody,
  IcoCommitmentListQuery,
  IcoCommitmentPageReply,
  IcoCommitmentReply,
  IcoInfoQuery,
  IcoListQuery,
  IcoSaleListReply,
  IcoSaleReply,
  type IcoSale,
} from '../../../contract/ico.ts';
import { parseMinor } from '../../../contract/money.ts';
import { USDT_DECIMALS } from '../../../contract/spot-rules.ts';
import { commitToSale } from '../../domain/ico/ico-commit.ts';
import {
  findSale,
  listOwnCommitments,
  saleDemand,
  toCommitment,
  toSale,
  type SaleRow,
} from '../../domain/ico/ico-repo.ts';
import { pktDayStart } from '../../domain/market/calendar.ts';
import { verifyTradePassword } from '../../domain/trading/trade-password.ts';
import { fieldError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

const optional = { auth: 'optional' as const };
const tags = ['coin ICO'];
const DAY_MS = 24 * 60 * 60 * 1000;
const LIST_LIMIT = 50;
export const ICO_RULE_TEXT_KEY = 'ico:rule.proRata';

export const icoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const sales = () => app.db.selectFrom('ico_sales').selectAll();

  async function wire(request: FastifyRequest, rows: SaleRow[], now: number): Promise<IcoSale[]> {
    const pool = request.auth?.accountType === 'demo' ? 'demo' : 'real';
    const demand = await saleDemand(
      app.db,
      rows.map((r) => r.id),
      pool,
    );
    const ruleText = request.t(ICO_RULE_TEXT_KEY);
    return rows.map((r) => toSale(r, demand.get(r.id), now, ruleText));
  }

  app.get(
    '/coin/new/list',
    {
      config: optional,
      schema: {
        tags,
        summary:
          'Token sales subscribing now (the default; closing soonest first), or the 50 latest ended ' +
          '(calculating, distributed or listed; the latest close first)',
        querystring: IcoListQuery,
        response: IcoSaleListReply,
      },
    },
    async (request) => {
      const now = Date.now();
      const rows =
        request.query.state === 'ended'
          ? await sales()
              .where('closes_at', '<=', now)
              .orderBy('closes_at', 'desc')
              .orderBy('id', 'desc')
              .limit(LIST_LIMIT)
              .execute()
          : await sales()
              .where('phase', '=', 'open')
              .where('opens_at', '<=', now)
              .where('closes_at', '>', now)
              .orderBy('closes_at')
              .orderBy('id')
              .execute();
      return ok(await wire(request, rows, now));
    },
  );

  app.get(
    '/coin/new/list/coming',
    {
      config: optional,
      schema: {
        tags,
        summary: 'Upcoming token sales (not open yet), opening soonest first',
        querystring: noFields,
        response: IcoSaleListReply,
      },
    },
    async (request) => {
      const now = Date.now();
      const rows = await sales()
        .where('phase', '=', 'open')
        .where('opens_at', '>', now)
        .orderBy('opens_at')
        .orderBy('id')
        .execute();
      return ok(await wire(request, rows, now));
    },
  );

  app.get(
    '/coin/new/today',
    {
      config: optional,
      schema: {
        tags,
        summary: 'Token sales whose subscription opens or closes today (Pakistan time)',
        querystring: noFields,
        response: IcoSaleListReply,
      },
    },
    async (request) => {
      const now = Date.now();
      const start = pktDayStart(now);
      const end = start + DAY_MS;
      const rows = await sales()
        .where((eb) =>
          eb.or([
            eb.and([eb('opens_at', '>=', start), eb('opens_at', '<', end)]),
            eb.and([eb('closes_at', '>=', start), eb('closes_at', '<', end)]),
          ]),
        )
        .orderBy('opens_at')
        .orderBy('id')
        .execute();
      return ok(await wire(request, rows, now));
    },
  );

  app.get(
    '/coin/new/info',
    {
      config: optional,
      schema: {
        tags,
        summary:
          'One token sale: state, windows, price, tokens offered, min and cap, committed so far, the rule',
        querystring: IcoInfoQuery,
        response: IcoSaleReply,
      },
    },
    async (request) => {
      const row = await findSale(app.db, Number(request.query.id));
      if (!row) throw fieldError('id', 'ico.notFound');
      const [s] = await wire(request, [row], Date.now());
      return ok(s!);
    },
  );

  app.post(
    '/coin/order/new/apply',
    {
      schema: {
        tags,
        summary: 'Commit USDT to a token sale (frozen in the spot account at once)',
        description:
          'saleId, amount (USDT), clientId, tradePassword: KYC on the real account, the same clientId again ' +
          '(answers the first commitment), the sale subscribing, min ≤ amount ≤ per-user cap, the ' +
          'transaction password; then the commitment and the freeze of the USDT. One commitment per account ' +
          'per sale; it cannot be withdrawn. The distribution credits the tokens and refunds the rest.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: IcoApplyBody,
        response: IcoCommitmentReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const b = request.body;
      const now = Date.now();
      const amount = parseMinor(b.amount, USDT_DECIMALS);
      if (amount === null || amount <= 0n) throw fieldError('amount', 'ico.badAmount');
      const r = await commitToSale(
        app.db,
        auth,
        {
          saleId: Number(b.saleId),
          amount,
          clientId: b.clientId,
          verifyPassword: () =>
            verifyTradePassword(app.db, app.lockouts.tradePassword, auth.userId, b.tradePassword, now),
        },
        now,
      );
      return ok(toCommitment(r.commitment, r.sale));
    },
  );

  app.get(
    '/coin/order/new/list',
    {
      schema: {
        tags,
        summary: 'The caller’s token-sale commitments with their allocation and refund, newest first',
        security: NEEDS_TOKEN,
        querystring: IcoCommitmentListQuery,
        response: IcoCommitmentPageReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      const page = Number(request.query.page ?? '1');
      const size = Number(request.query.size ?? '20');
      const r = await listOwnCommitments(app.db, accountId, { page, size });
      return ok({ ...r, page, size });
    },
  );
};
