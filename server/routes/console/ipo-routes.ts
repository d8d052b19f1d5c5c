// The console's IPO work (finance, admin): GET /ipo/offerings (every offering, newest first), POST
// /ipo/offerings (create), POST /ipo/offerings/:id/allot (run the allotment, seed given or random) and
// /ipo/offerings/:id/list (mark it listed); GET /ipo/offerings/:id/applications (the allotment per application,
// for the console's IPO screen). The rules and the audit rows are domain/ipo/ipo-operator.ts, shared
// with the back-office command; its refusals become localised -1001 answers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IpoAllotBody,
  IpoAllotmentSummaryReply,
  IpoCreateBody,
  IpoOfferingListReply,
  IpoOfferingParams,
  IpoOfferingReply,
} from '../../../contract/ipo.ts';
import { noFields } from '../../../contract/form-fields.ts';
import {
  createOffering,
  IpoOperatorError,
  markListed,
  runAllotment,
  type IpoOperatorRefusal,
} from '../../domain/ipo/ipo-operator.ts';
import { announceListing } from '../../domain/ipo/ipo-listing.ts';
import { allotmentSummary } from '../../domain/ipo/allotment-summary.ts';
import { demandOf, toOffering, type OfferingRow } from '../../domain/ipo/ipo-repo.ts';
import { parseOfferingFields } from '../../domain/ipo/offering-input.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM } from '../route-docs.ts';
import { actorOf } from './console-auth.ts';

const config = { auth: 'public' as const, consoleRoles: ['finance' as const] };
const tags = ['console'];

const REFUSAL: Record<IpoOperatorRefusal, string> = {
  badOffering: 'ipo.console.badOffering',
  unknownOffering: 'ipo.notFound',
  stillSubscribing: 'ipo.console.stillSubscribing',
  alreadyAllotted: 'ipo.console.alreadyAllotted',
  notAllotted: 'ipo.console.notAllotted',
  tooEarly: 'ipo.console.tooEarly',
};

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The refusal's detail in the request's language (ipo:consoleProblem.*), or the English text without one. */
function detailOf(t: Translate, e: IpoOperatorError): string {
  const p = e.problem;
  if (!p) return e.message;
  const field = p.params['field'];
  return t(`ipo:consoleProblem.${p.code}`, {
    ...p.params,
    ...(typeof field === 'string' ? { field: t(`ipo:consoleField.${field}`) } : {}),
  });
}

async function localised<T>(t: Translate, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof IpoOperatorError) throw new AppError(REFUSAL[e.reason], { detail: detailOf(t, e) });
    throw e;
  }
}

export const consoleIpoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const one = async (t: (key: string) => string, o: OfferingRow) =>
    toOffering(o, (await demandOf(app.db, [o.id])).get(o.id), Date.now(), t('ipo:rule.ballotThenProRata'));

  app.get(
    '/ipo/offerings',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: 'Every IPO offering, newest first',
        querystring: noFields,
        response: IpoOfferingListReply,
      },
    },
    async (request) => {
      const rows = await app.db
        .selectFrom('ipo_offerings')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      const demand = await demandOf(
        app.db,
        rows.map((r) => r.id),
      );
      const rule = request.t('ipo:rule.ballotThenProRata');
      const now = Date.now();
      return ok(rows.map((r) => toOffering(r, demand.get(r.id), now, rule)));
    },
  );

  app.post(
    '/ipo/offerings',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: 'Create an IPO offering (audited)',
        consumes: FORM,
        body: IpoCreateBody,
        response: IpoOfferingReply,
      },
    },
    async (request) => {
      const { payBy, ...rest } = request.body;
      const now = Date.now();
      const row = await localised(
        (k, p) => request.t(k, p),
        () =>
          createOffering(app.db, actorOf(request), parseOfferingFields({ ...rest, 'pay-by': payBy }), now),
      );
      return ok(await one((k) => request.t(k), row));
    },
  );

  app.post(
    '/ipo/offerings/:id/allot',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: 'Run the allotment of a closed offering (audited; the seed is recorded)',
        consumes: FORM,
        params: IpoOfferingParams,
        body: IpoAllotBody,
        response: IpoOfferingReply,
      },
    },
    async (request) => {
      const r = await localised(
        (k, p) => request.t(k, p),
        () =>
          runAllotment(
            app.db,
            actorOf(request),
            Number(request.params.id),
            request.body.seed ?? '',
            Date.now(),
          ),
      );
      return ok(await one((k) => request.t(k), r.offering));
    },
  );

  app.post(
    '/ipo/offerings/:id/list',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: 'Mark an allotted offering listed on or after its listing date (audited)',
        consumes: FORM,
        params: IpoOfferingParams,
        body: noFields,
        response: IpoOfferingReply,
      },
    },
    async (request) => {
      const row = await localised(
        (k, p) => request.t(k, p),
        () => markListed(app.db, actorOf(request), Number(request.params.id), Date.now()),
      );
      announceListing(app.bus, row.symbol);
      return ok(await one((k) => request.t(k), row));
    },
  );

  app.get(
    '/ipo/offerings/:id/applications',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: 'An offering’s applications: lottery count and won quantity each, with totals',
        params: IpoOfferingParams,
        querystring: noFields,
        response: IpoAllotmentSummaryReply,
      },
    },
    async (request) => {
      const summary = await allotmentSummary(app.db, Number(request.params.id));
      if (!summary) throw new AppError('ipo.notFound');
      return ok(summary);
    },
  );
};
