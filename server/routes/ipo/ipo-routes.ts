// IPO subscriptions (issue 17, part 1; contract/ipo.ts says what each call means): the offerings (public:
// stock/new/list, list/coming, today, info) and the caller's applications (stock/order/new/apply with an
// action, stock/order/new/list). The rules are domain/ipo/; every application read is scoped by the caller's
// account, so another user's application id reads like a missing one.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { noFields } from '../../../contract/form-fields.ts';
import {
  IpoApplicationListQuery,
  IpoApplicationPageReply,
  IpoApplicationReply,
  IpoApplyBody,
  IpoInfoQuery,
  IpoListQuery,
  type ListedState,
  IpoOfferingListReply,
  IpoOfferingReply,
  type IpoOffering,
} from '../../../contract/ipo.ts';
import type { Db } from '../../db/database.ts';
import { applyForIpo, cancelIpoApplication, payIpoApplication } from '../../domain/ipo/ipo-apply.ts';
import {
  demandOf,
  findOffering,
  listOwnApplications,
  toApplication,
  toOffering,
  type OfferingRow,
} from '../../domain/ipo/ipo-repo.ts';
import { pktDayStart } from '../../domain/market/calendar.ts';
import { verifyTradePassword } from '../../domain/trading/trade-password.ts';
import { fieldError } from '../../errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

const pub = { auth: 'public' as const };
const tags = ['stock market'];
const DAY_MS = 24 * 60 * 60 * 1000;
const LIST_LIMIT = 50;
const RULE_TEXT_KEY = 'ipo:rule.ballotThenProRata';

async function wire(
  db: Db,
  request: FastifyRequest,
  rows: OfferingRow[],
  now: number,
): Promise<IpoOffering[]> {
  // The real accounts' demand: demo applications never inflate what every user reads.
  const demand = await demandOf(
    db,
    rows.map((r) => r.id),
    'real',
  );
  const ruleText = request.t(RULE_TEXT_KEY);
  return rows.map((r) => toOffering(r, demand.get(r.id), now, ruleText));
}

const need = <T>(v: T | undefined, field: string): T => {
  if (v === undefined) throw fieldError(field, 'ipo.fieldRequired', { field });
  return v;
};

export const ipoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const offerings = app.db.selectFrom('ipo_offerings').selectAll();
  const offeringsIn = (state: ListedState, now: number): Promise<OfferingRow[]> => {
    switch (state) {
      case 'subscribing':
        return offerings
          .where('phase', '=', 'open')
          .where('opens_at', '<=', now)
          .where('closes_at', '>', now)
          .orderBy('closes_at')
          .orderBy('id')
          .execute();
      case 'to_be_allocated':
        return offerings
          .where('phase', '=', 'open')
          .where('closes_at', '<=', now)
          .orderBy('closes_at', 'desc')
          .orderBy('id', 'desc')
          .limit(LIST_LIMIT)
          .execute();
      case 'allotted':
        return offerings
          .where('phase', '=', 'allotted')
          .orderBy('allotted_at', 'desc')
          .orderBy('id', 'desc')
          .limit(LIST_LIMIT)
          .execute();
      case 'listed':
        return offerings
          .where('phase', '=', 'listed')
          .orderBy('listed_at', 'desc')
          .orderBy('id', 'desc')
          .limit(LIST_LIMIT)
          .execute();
    }
  };

  app.get(
    '/stock/new/list',
    {
      config: pub,
      schema: {
        tags,
        summary:
          'IPOs in one state: subscribing (the default: opensAt ≤ now < closesAt, closing soonest first), or ' +
          'the 50 latest to_be_allocated (closed, allotment not run), allotted (waiting for payment or ' +
          'listing) or listed, the most recent change first',
        querystring: IpoListQuery,
        response: IpoOfferingListReply,
      },
    },
    async (request) => {
      const now = Date.now();
      const state = request.query.state ?? 'subscribing';
      const rows = await offeringsIn(state, now);
      return ok(await wire(app.db, request, rows, now));
    },
  );

  app.get(
    '/stock/new/list/coming',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Upcoming IPOs (subscription not open yet), opening soonest first',
        querystring: noFields,
        response: IpoOfferingListReply,
      },
    },
    async (request) => {
      const now = Date.now();
      const rows = await offerings
        .where('phase', '=', 'open')
        .where('opens_at', '>', now)
        .orderBy('opens_at')
        .orderBy('id')
        .execute();
      return ok(await wire(app.db, request, rows, now));
    },
  );

  app.get(
    '/stock/new/today',
    {
      config: pub,
      schema: {
        tags,
        summary: 'IPOs whose subscription opens or closes today (Pakistan time)',
        querystring: noFields,
        response: IpoOfferingListReply,
      },
    },
    async (request) => {
      const now = Date.now();
      const start = pktDayStart(now);
      const end = start + DAY_MS;
      const rows = await offerings
        .where((eb) =>
          eb.or([
            eb.and([eb('opens_at', '>=', start), eb('opens_at', '<', end)]),
            eb.and([eb('closes_at', '>=', start), eb('closes_at', '<', end)]),
          ]),
        )
        .orderBy('opens_at')
        .orderBy('id')
        .execute();
      return ok(await wire(app.db, request, rows, now));
    },
  );

  app.get(
    '/stock/new/info',
    {
      config: pub,
      schema: {
        tags,
        summary: 'One IPO: state, dates, price or band, lot, limits, demand so far, the allotment rule',
        querystring: IpoInfoQuery,
        response: IpoOfferingReply,
      },
    },
    async (request) => {
      const row = await findOffering(app.db, Number(request.query.id));
      if (!row) throw fieldError('id', 'ipo.notFound');
      const [o] = await wire(app.db, request, [row], Date.now());
      return ok(o!);
    },
  );

  app.post(
    '/stock/order/new/apply',
    {
      schema: {
        tags: ['stock orders'],
        summary: 'Apply for an IPO, cancel an application during the window, or pay an allotment',
        description:
          '`apply` (offeringId, qty, clientId, tradePassword): KYC on the real account, the same clientId ' +
          'again (answers the first application), the offering subscribing, qty a multiple of the lot within ' +
          'min / max, the transaction password; then the application and the freeze of price × qty. ' +
          '`cancel` (applicationId): during the window, the frozen amount back at once. `pay` ' +
          '(applicationId): confirm the payment of an allotment; at payBy it is paid automatically anyway.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: IpoApplyBody,
        response: IpoApplicationReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const b = request.body;
      const now = Date.now();
      if (b.action === 'apply') {
        const offeringId = Number(need(b.offeringId, 'offeringId'));
        const qty = Number(need(b.qty, 'qty'));
        const clientId = need(b.clientId, 'clientId');
        const password = need(b.tradePassword, 'tradePassword');
        const r = await applyForIpo(
          app.db,
          auth,
          {
            offeringId,
            qty,
            clientId,
            verifyPassword: () =>
              verifyTradePassword(app.db, app.lockouts.tradePassword, auth.userId, password, now),
          },
          now,
        );
        return ok(toApplication(r.application, r.offering));
      }
      const id = Number(need(b.applicationId, 'applicationId'));
      const r =
        b.action === 'cancel'
          ? await cancelIpoApplication(app.db, auth, id, now)
          : await payIpoApplication(app.db, auth, id, now);
      return ok(toApplication(r.application, r.offering));
    },
  );

  app.get(
    '/stock/order/new/list',
    {
      schema: {
        tags: ['stock orders'],
        summary: 'The caller’s IPO applications, newest first',
        security: NEEDS_TOKEN,
        querystring: IpoApplicationListQuery,
        response: IpoApplicationPageReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      const q = request.query;
      const page = Number(q.page ?? '1');
      const size = Number(q.size ?? '20');
      const r = await listOwnApplications(app.db, accountId, { state: q.state, page, size });
      return ok({ ...r, page, size });
    },
  );
};
