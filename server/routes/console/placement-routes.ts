// The console's placement work (finance, admin): GET /placements (every placement, newest first), POST
// /placements (create), GET /placements/:id/applications, POST /placements/:id/allocate, and POST
// /placements/investor (a user's investor type: regular | international, the spec's high-net-worth type that
// international placements are for). The rules and the audit rows are domain/placement/placement-operator.ts,
// shared with the back-office command; its refusals become localised -1001 answers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fields, idString, noFields } from '../../../contract/form-fields.ts';
import { formatMinor } from '../../../contract/money.ts';
import {
  InvestorTypeBody,
  InvestorTypeReply,
  PlacementApplicantsReply,
  PlacementCreateBody,
  PlacementListReply,
  PlacementParams,
} from '../../../contract/placement.ts';
import type { Db } from '../../db/database.ts';
import { parsePlacementFields } from '../../domain/placement/placement-input.ts';
import {
  allocatePlacement,
  createPlacement,
  PlacementOperatorError,
  setInvestorType,
  type PlacementRefusal,
} from '../../domain/placement/placement-operator.ts';
import {
  demandOf,
  investorTypeOf,
  toPlacement,
  type PlacementRow,
} from '../../domain/placement/placement-repo.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM } from '../route-docs.ts';
import { actorOf } from './console-auth.ts';

const config = { auth: 'public' as const, consoleRoles: ['finance' as const] };
const tags = ['console'];

const REFUSAL: Record<PlacementRefusal, string> = {
  badPlacement: 'placement.console.badPlacement',
  unknownPlacement: 'placement.console.unknownPlacement',
  stillSubscribing: 'placement.console.stillSubscribing',
  alreadyAllocated: 'placement.console.alreadyAllocated',
  unknownUser: 'placement.console.unknownUser',
};

async function localised<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof PlacementOperatorError) throw new AppError(REFUSAL[e.reason], { detail: e.message });
    throw e;
  }
}

async function wire(db: Db, t: (k: string) => string, rows: PlacementRow[]) {
  const demand = await demandOf(
    db,
    rows.map((r) => r.id),
  );
  const now = Date.now();
  const ruleText = t('placement:rule.fullOrProRata');
  return rows.map((r) => toPlacement(r, demand.get(r.id), now, { ruleText, whyNot: '' }));
}

export const consolePlacementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const stockName = (symbol: string): string | undefined => {
    const i = app.market.instrument(symbol);
    return i && i.market === 'psx' ? i.nameEn : undefined;
  };

  app.get(
    '/placements',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: 'Every placement, newest first',
        querystring: noFields,
        response: PlacementListReply,
      },
    },
    async (request) => {
      const rows = await app.db
        .selectFrom('placements')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      return ok(await wire(app.db, (k) => request.t(k), rows));
    },
  );

  app.post(
    '/placements',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: 'Create a placement of a listed stock (audited)',
        consumes: FORM,
        body: PlacementCreateBody,
        response: PlacementListReply,
      },
    },
    async (request) => {
      const row = await localised(() =>
        createPlacement(app.db, actorOf(request), parsePlacementFields(request.body, stockName), Date.now()),
      );
      return ok(await wire(app.db, (k) => request.t(k), [row]));
    },
  );

  app.get(
    '/placements/:id/applications',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: "A placement's applications, in the order they came",
        params: PlacementParams,
        querystring: noFields,
        response: PlacementApplicantsReply,
      },
    },
    async (request) => {
      const rows = await app.db
        .selectFrom('placement_applications as a')
        .innerJoin('accounts as acc', 'acc.id', 'a.account_id')
        .selectAll('a')
        .select('acc.type as kind')
        .where('a.placement_id', '=', Number(request.params.id))
        .orderBy('a.id')
        .limit(1000)
        .execute();
      return ok(
        rows.map((a) => ({
          id: a.id,
          userId: a.user_id,
          accountType: a.kind,
          state: a.state,
          qty: a.shares,
          wonQty: a.won_shares,
          amount: formatMinor(a.amount, 2),
          createdAt: a.created_at,
        })),
      );
    },
  );

  app.post(
    '/placements/:id/allocate',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary:
          'Allocate a closed placement: in full or pro rata, the rest refunded, shares locked (audited)',
        consumes: FORM,
        params: PlacementParams,
        body: noFields,
        response: PlacementListReply,
      },
    },
    async (request) => {
      const r = await localised(() =>
        allocatePlacement(app.db, actorOf(request), Number(request.params.id), Date.now()),
      );
      return ok(await wire(app.db, (k) => request.t(k), [r.placement]));
    },
  );

  app.get(
    '/placements/investor',
    {
      config: {
        ...config,
        consoleRoles: ['support' as const, 'kyc' as const, 'finance' as const, 'manager' as const],
      },
      schema: {
        tags,
        hide: true,
        summary: "A user's investor type (the lookup page shows it)",
        querystring: fields({ userId: idString }),
        response: InvestorTypeReply,
      },
    },
    async (request) => {
      const userId = Number(request.query.userId);
      return ok({ userId, type: await investorTypeOf(app.db, userId) });
    },
  );

  app.post(
    '/placements/investor',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: "Set a user's investor type: regular or international (high-net-worth) (audited)",
        consumes: FORM,
        body: InvestorTypeBody,
        response: InvestorTypeReply,
      },
    },
    async (request) => {
      const userId = Number(request.body.userId);
      const type = await localised(() =>
        setInvestorType(app.db, actorOf(request), userId, request.body.type, Date.now()),
      );
      return ok({ userId, type });
    },
  );
};
