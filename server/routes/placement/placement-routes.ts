// Offline placements (issue 17 §4; contract/placement.ts says what each call means): the placements
// (stock/offline/list, today: anyone may read them; a signed-in caller also learns whether they may apply and,
// if not, why) and the caller's applications (stock/order/offline/apply, list). The rules are
// domain/placement/; every application read is scoped by the caller's account.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  PlacementApplicationListQuery,
  PlacementApplicationPageReply,
  PlacementApplicationReply,
  PlacementApplyBody,
  PlacementListQuery,
  PlacementListReply,
  type Placement,
} from '../../../contract/placement.ts';
import type { Db } from '../../db/database.ts';
import type { InvestorType } from '../../db/schema-placement.ts';
import { pktDayStart } from '../../domain/market/calendar.ts';
import { applyForPlacement } from '../../domain/placement/placement-apply.ts';
import {
  demandOf,
  investorTypeOf,
  listOwnApplications,
  toApplication,
  toPlacement,
  whyNotKey,
  type PlacementRow,
} from '../../domain/placement/placement-repo.ts';
import { verifyTradePassword } from '../../domain/trading/trade-password.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';

const optional = { auth: 'optional' as const };
const tags = ['stock market'];
const DAY_MS = 24 * 60 * 60 * 1000;
const RULE_TEXT_KEY = 'placement:rule.fullOrProRata';

async function wire(
  db: Db,
  request: FastifyRequest,
  rows: PlacementRow[],
  now: number,
): Promise<Placement[]> {
  const demand = await demandOf(
    db,
    rows.map((r) => r.id),
  );
  const investor: InvestorType | null = request.auth ? await investorTypeOf(db, request.auth.userId) : null;
  const ruleText = request.t(RULE_TEXT_KEY);
  return rows.map((r) => {
    const key = whyNotKey(r, investor);
    return toPlacement(r, demand.get(r.id), now, { ruleText, whyNot: key === '' ? '' : request.t(key) });
  });
}

export const placementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/stock/offline/list',
    {
      config: optional,
      schema: {
        tags,
        summary:
          'Offline placements: every one not allocated yet (opening soonest first), then the 20 most recently ' +
          'allocated; with the caller’s eligibility and, when not eligible, why and who may apply',
        querystring: PlacementListQuery,
        response: PlacementListReply,
      },
    },
    async (request) => {
      const now = Date.now();
      const open = await app.db
        .selectFrom('placements')
        .selectAll()
        .where('phase', '=', 'open')
        .orderBy('opens_at')
        .orderBy('id')
        .execute();
      const done = await app.db
        .selectFrom('placements')
        .selectAll()
        .where('phase', '=', 'allocated')
        .orderBy('allocated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(20)
        .execute();
      return ok(await wire(app.db, request, [...open, ...done], now));
    },
  );

  app.get(
    '/stock/offline/today',
    {
      config: optional,
      schema: {
        tags,
        summary: 'Placements whose application window opens or closes today (Pakistan time)',
        querystring: PlacementListQuery,
        response: PlacementListReply,
      },
    },
    async (request) => {
      const now = Date.now();
      const start = pktDayStart(now);
      const end = start + DAY_MS;
      const rows = await app.db
        .selectFrom('placements')
        .selectAll()
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

  app.post(
    '/stock/order/offline/apply',
    {
      schema: {
        tags: ['stock orders'],
        summary: 'Apply for a placement (price × qty frozen until the allocation)',
        description:
          'placementId, qty, clientId, tradePassword. Checks in order: KYC on the real account, the same ' +
          'clientId again (answers the first application), the placement subscribing, the caller eligible ' +
          '(international placements: international investors only), qty a multiple of the lot, at least the ' +
          'minimum, at most the shares offered, the transaction password; then the application and the freeze.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: PlacementApplyBody,
        response: PlacementApplicationReply,
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const b = request.body;
      const now = Date.now();
      const r = await applyForPlacement(
        app.db,
        auth,
        {
          placementId: Number(b.placementId),
          qty: Number(b.qty),
          clientId: b.clientId,
          verifyPassword: () =>
            verifyTradePassword(app.db, app.lockouts.tradePassword, auth.userId, b.tradePassword, now),
        },
        now,
      );
      return ok(toApplication(r.application, r.placement, now));
    },
  );

  app.get(
    '/stock/order/offline/list',
    {
      schema: {
        tags: ['stock orders'],
        summary: 'The caller’s placement applications, newest first',
        security: NEEDS_TOKEN,
        querystring: PlacementApplicationListQuery,
        response: PlacementApplicationPageReply,
      },
    },
    async (request) => {
      const { accountId } = requireAuth(request.auth);
      const q = request.query;
      const page = Number(q.page ?? '1');
      const size = Number(q.size ?? '20');
      const r = await listOwnApplications(app.db, accountId, { state: q.state, page, size }, Date.now());
      return ok({ ...r, page, size });
    },
  );
};
