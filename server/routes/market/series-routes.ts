// The candles / trades / books calls, shared by the stock area (`stock/index/...`) and the coin area
// (`coin/...`): same bodies, same answers; only the path prefix, the symbol kind and the OpenAPI texts differ.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  BookReply,
  BooksBody,
  CandleListReply,
  CandlesBody,
  TradeListReply,
  TradesBody,
} from '../../../contract/market.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM } from '../route-docs.ts';
import { candlesFor, resolveSymbol, toInt, type SymbolKind } from './market-lookup.ts';
import { AppError } from '../../errors.ts';

export interface SeriesRoutes {
  /** e.g. '/stock/index' or '/coin' */
  prefix: string;
  kind: SymbolKind;
  tags: string[];
  summaries: { candles: string; trades: string; books: string };
}

export function registerSeriesRoutes(
  fastify: FastifyInstance,
  { prefix, kind, tags, summaries }: SeriesRoutes,
): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const m = app.market;
  const pub = { auth: 'public' as const };

  app.post(
    `${prefix}/candles`,
    {
      config: pub,
      schema: {
        tags,
        summary: summaries.candles,
        consumes: FORM,
        body: CandlesBody,
        response: CandleListReply,
      },
    },
    async (request) => ok(await candlesFor(m, request.body, kind)),
  );

  app.post(
    `${prefix}/trades`,
    {
      config: pub,
      schema: { tags, summary: summaries.trades, consumes: FORM, body: TradesBody, response: TradeListReply },
    },
    async (request) => {
      const ins = resolveSymbol(m, request.body.symbol, kind);
      return ok(m.trades(ins.symbol, toInt(request.body.limit, 50)));
    },
  );

  app.post(
    `${prefix}/books`,
    {
      config: pub,
      schema: { tags, summary: summaries.books, consumes: FORM, body: BooksBody, response: BookReply },
    },
    async (request) => {
      const ins = resolveSymbol(m, request.body.symbol, kind);
      const book = m.book(ins.symbol, toInt(request.body.depth, 20));
      if (!book) throw new AppError('market:errors.unknownSymbol', { symbol: ins.symbol });
      return ok(book);
    },
  );
}
