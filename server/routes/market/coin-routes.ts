// Coin market calls (spec §7 "coin"): instruments (with the caller's favourites flag), tickers, candles, trades, books.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { noFields } from '../../../contract/form-fields.ts';
import { CoinInfoListReply, SymbolBody, TickerListReply, TickerReply } from '../../../contract/market.ts';
import { listCollect } from '../../domain/market/collect-repo.ts';
import { ok } from '../../plugins/envelope.ts';
import { FORM } from '../route-docs.ts';
import { registerSeriesRoutes } from './series-routes.ts';
import { resolveSymbol } from './market-lookup.ts';
import { AppError } from '../../errors.ts';

export const coinRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
        body: noFields,
        response: CoinInfoListReply,
      },
    },
    async (request) => {
      const starred = new Set(request.auth ? await listCollect(app.db, request.auth.userId, 'coin') : []);
      return ok(m.instruments('crypto').map((i) => ({ ...i, collected: starred.has(i.symbol) })));
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
        body: noFields,
        response: TickerListReply,
      },
    },
    async () => ok(m.tickers('crypto')),
  );

  app.post(
    '/coin/ticker',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Ticker of one pair',
        consumes: FORM,
        body: SymbolBody,
        response: TickerReply,
      },
    },
    async (request) => {
      const ins = resolveSymbol(m, request.body.symbol, 'coin');
      const ticker = m.ticker(ins.symbol);
      if (!ticker) throw new AppError('market:errors.unknownSymbol', { symbol: ins.symbol });
      return ok(ticker);
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
