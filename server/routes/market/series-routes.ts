// The candles / trades / books calls, shared by the stock area (`stock/index/...`) and the coin area
// (`coin/...`): same bodies, same answers; only the path prefix, the symbol kind and the OpenAPI texts differ.

import type { FastifyInstance } from 'fastify';
import type { Book, Candle, Trade } from '../../../workers/protocol/market.ts';
import { ok } from '../../plugins/envelope.ts';
import { envelope } from '../../schemas/responses.ts';
import { FORM } from '../route-docs.ts';
import { candlesFor, resolveSymbol, type CandlesInput, type SymbolKind } from './market-lookup.ts';
import { booksBody, candlesBody, toInt, tradesBody } from './market-schemas.ts';

const list = { type: 'array', items: { type: 'object' } };
const obj = { type: 'object' };

export interface SeriesRoutes {
  /** e.g. '/stock/index' or '/coin' */
  prefix: string;
  kind: SymbolKind;
  tags: string[];
  summaries: { candles: string; trades: string; books: string };
}

export function registerSeriesRoutes(
  app: FastifyInstance,
  { prefix, kind, tags, summaries }: SeriesRoutes,
): void {
  const m = app.market;
  const pub = { auth: 'public' as const };

  app.post<{ Body: CandlesInput }>(
    `${prefix}/candles`,
    {
      config: pub,
      schema: {
        tags,
        summary: summaries.candles,
        consumes: FORM,
        body: candlesBody,
        response: envelope(list),
      },
    },
    async (request) => ok<Candle[]>(candlesFor(m, request.lang, request.body, kind)),
  );

  app.post<{ Body: { symbol: string; limit?: string } }>(
    `${prefix}/trades`,
    {
      config: pub,
      schema: { tags, summary: summaries.trades, consumes: FORM, body: tradesBody, response: envelope(list) },
    },
    async (request) => {
      const ins = resolveSymbol(m, request.lang, request.body.symbol, kind);
      return ok<Trade[]>(m.trades(ins.symbol, toInt(request.body.limit, 50)));
    },
  );

  app.post<{ Body: { symbol: string; depth?: string } }>(
    `${prefix}/books`,
    {
      config: pub,
      schema: { tags, summary: summaries.books, consumes: FORM, body: booksBody, response: envelope(obj) },
    },
    async (request) => {
      const ins = resolveSymbol(m, request.lang, request.body.symbol, kind);
      return ok<Book | undefined>(m.book(ins.symbol, toInt(request.body.depth, 20)));
    },
  );
}
