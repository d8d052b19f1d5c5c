// The console's token-sale work (finance, admin): GET /ico/sales (every sale, newest first), POST /ico/sales
// (create), POST /ico/sales/:id/distribute (allocate, credit the tokens, refund the rest) and
// /ico/sales/:id/list (the token joins the simulated crypto market). The rules and the audit rows are
// domain/ico/ico-operator.ts; its refusals become localised -1001 answers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IcoCreateBody, IcoSaleListReply, IcoSaleParams, IcoSaleReply } from '../../../contract/ico.ts';
import { noFields } from '../../../contract/form-fields.ts';
import {
  createSale,
  distributeSale,
  IcoOperatorError,
  listSale,
  type IcoOperatorRefusal,
} from '../../domain/ico/ico-operator.ts';
import { announceTokenListing } from '../../domain/ico/ico-listing.ts';
import { pairOf, saleDemand, toSale, type SaleRow } from '../../domain/ico/ico-repo.ts';
import { parseSaleFields } from '../../domain/ico/sale-input.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM } from '../route-docs.ts';
import { ICO_RULE_TEXT_KEY } from '../ico/ico-routes.ts';
import { actorOf } from './console-auth.ts';

const config = { auth: 'public' as const, consoleRoles: ['finance' as const] };
const tags = ['console'];

const REFUSAL: Record<IcoOperatorRefusal, string> = {
  badSale: 'ico.console.badSale',
  unknownSale: 'ico.notFound',
  stillSubscribing: 'ico.console.stillSubscribing',
  alreadyDistributed: 'ico.console.alreadyDistributed',
  notDistributed: 'ico.console.notDistributed',
  tooEarly: 'ico.console.tooEarly',
};

async function localised<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof IcoOperatorError) throw new AppError(REFUSAL[e.reason], { detail: e.message });
    throw e;
  }
}

export const consoleIcoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const wire = async (t: (key: string) => string, rows: SaleRow[]) => {
    const demand = await saleDemand(
      app.db,
      rows.map((r) => r.id),
      'real',
    );
    const now = Date.now();
    return rows.map((r) => toSale(r, demand.get(r.id), now, t(ICO_RULE_TEXT_KEY)));
  };

  app.get(
    '/ico/sales',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: 'Every token sale, newest first',
        querystring: noFields,
        response: IcoSaleListReply,
      },
    },
    async (request) => {
      const rows = await app.db
        .selectFrom('ico_sales')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      return ok(await wire((k) => request.t(k), rows));
    },
  );

  app.post(
    '/ico/sales',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: 'Create a token sale (audited)',
        consumes: FORM,
        body: IcoCreateBody,
        response: IcoSaleReply,
      },
    },
    async (request) => {
      const taken = (name: string) => app.market.instrument(name) !== undefined;
      const row = await localised(() =>
        createSale(app.db, actorOf(request), parseSaleFields(request.body), taken, Date.now()),
      );
      return ok((await wire((k) => request.t(k), [row]))[0]!);
    },
  );

  app.post(
    '/ico/sales/:id/distribute',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: 'Distribute a closed sale: allocate, credit the tokens, refund the rest (audited)',
        consumes: FORM,
        params: IcoSaleParams,
        body: noFields,
        response: IcoSaleReply,
      },
    },
    async (request) => {
      const r = await localised(() =>
        distributeSale(app.db, actorOf(request), Number(request.params.id), Date.now()),
      );
      return ok((await wire((k) => request.t(k), [r.sale]))[0]!);
    },
  );

  app.post(
    '/ico/sales/:id/list',
    {
      config,
      schema: {
        tags,
        hide: true,
        summary: 'List a distributed token on or after its listing date as a USDT pair (audited)',
        consumes: FORM,
        params: IcoSaleParams,
        body: noFields,
        response: IcoSaleReply,
      },
    },
    async (request) => {
      const row = await localised(() =>
        listSale(app.db, actorOf(request), Number(request.params.id), Date.now()),
      );
      announceTokenListing(app.bus, pairOf(row.token));
      return ok((await wire((k) => request.t(k), [row]))[0]!);
    },
  );
};
