// Coin market calls (spec §7 "coin"): instruments (with the caller's favourites flag), tickers, candles, trades, books.

import type { FastifyPluginAsync } from 'fastify';
import type { CoinInfo, Ticker } from '../../../workers/protocol/market.ts';
import { listCollect } from '../../domain/market/collect-repo.ts';
import { ok } from '../../plugins/envelope.ts';
import { envelope } from '../../schemas/responses.ts';
import { FORM } from '../route-docs.ts';
import { registerSeriesRoutes } from './series-routes.ts';
import { resolveSymbol } from './market-lookup.ts';
import { emptyQuery, symbolBody } from './market-schemas.ts';

const list = { type: 'array', items: { type: 'object' } };
const obj = { type: 'object' };

export const coinRoutes: FastifyPluginAsync = async (app) => {
  const m = app.market;
  const tags = ['coin'];
  const pub = { auth: 'public' as const };

  app.post(
    '/coin/infos',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Crypto pairs; `collected` marks the caller’s favourites when a token is sent',
        consumes: FORM,
        body: emptyQuery,
        response: envelope(list),
      },
    },
    async (request) => {
      const starred = new Set(request.auth ? listCollect(app.db, request.auth.userId, 'coin') : []);
      return ok<CoinInfo[]>(m.instruments('crypto').map((i) => ({ ...i, collected: starred.has(i.symbol) })));
    },
  );

  app.post(
    '/coin/tickers',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Tickers of every crypto pair',
        consumes: FORM,
        body: emptyQuery,
        response: envelope(list),
      },
    },
    async () => ok<Ticker[]>(m.tickers('crypto')),
  );

  app.post<{ Body: { symbol: string } }>(
    '/coin/ticker',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Ticker of one pair',
        consumes: FORM,
        body: symbolBody,
        response: envelope(obj),
      },
    },
    async (request) => {
      const ins = resolveSymbol(m, request.lang, request.body.symbol, 'coin');
      return ok<Ticker | undefined>(m.ticker(ins.symbol));
    },
  );

  registerSeriesRoutes(app, {
    prefix: '/coin',
    kind: 'coin',
    tags,
    summaries: {
      candles: 'Candles of a pair, oldest → newest',
      trades: 'Recent prints, oldest → newest',
      books: 'Order book of a pair',
    },
  });
};
