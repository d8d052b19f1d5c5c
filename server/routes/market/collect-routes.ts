// Watchlists (stock/collect/add|del|list, coin/collect/add|del, plus coin/collect/list which the spec omits):
// per user, logged-in only; every call answers the list after the change, with live quotes.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TObject } from 'typebox';
import { noFields } from '../../../contract/form-fields.ts';
import { CollectListReply, SymbolBody } from '../../../contract/market.ts';
import type { CollectList } from '../../../workers/protocol/market.ts';
import {
  addCollect,
  delCollect,
  listCollect,
  MAX_COLLECT,
  type CollectKind,
} from '../../domain/market/collect-repo.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';
import { quoteOf, resolveSymbol } from './market-lookup.ts';
import { AppError } from '../../errors.ts';

export const collectRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const m = app.market;
  const answer = async (userId: number, kind: CollectKind): Promise<CollectList> => {
    const symbols = (await listCollect(app.db, userId, kind)).filter((s) => m.instrument(s));
    return {
      symbols,
      quotes: symbols.flatMap((s) => {
        const i = m.instrument(s);
        return i ? [quoteOf(m, i)] : [];
      }),
    };
  };
  const schema = <B extends TObject>(summary: string, body: B) => ({
    tags: ['watchlist'],
    summary,
    consumes: FORM,
    security: NEEDS_TOKEN,
    body,
    response: CollectListReply,
  });

  for (const kind of ['stock', 'coin'] as const) {
    const symbolKind = kind === 'stock' ? 'stock' : 'coin';
    app.post(`/${kind}/collect/add`, { schema: schema(`Star a ${kind}`, SymbolBody) }, async (request) => {
      const auth = requireAuth(request.auth);
      const ins = resolveSymbol(m, request.body.symbol, symbolKind);
      if (!(await addCollect(app.db, auth.userId, kind, ins.symbol, Date.now()))) {
        throw new AppError('market:errors.tooManyCollected', { max: MAX_COLLECT });
      }
      return ok(await answer(auth.userId, kind));
    });
    app.post(`/${kind}/collect/del`, { schema: schema(`Unstar a ${kind}`, SymbolBody) }, async (request) => {
      const auth = requireAuth(request.auth);
      await delCollect(app.db, auth.userId, kind, request.body.symbol.toUpperCase());
      return ok(await answer(auth.userId, kind));
    });
    app.post(
      `/${kind}/collect/list`,
      { schema: schema(`Starred ${kind}s with quotes`, noFields) },
      async (request) => {
        const auth = requireAuth(request.auth);
        return ok(await answer(auth.userId, kind));
      },
    );
  }
};
