// Coin market calls (spec §7 "coin"): instruments (with the caller's favourites flag), tickers, candles, trades, books.

import type { FastifyPluginAsync } from 'fastify';
import type { Book, Candle, CoinInfo, Ticker, Trade } from '../../../workers/protocol/market.ts';
import { listCollect } from '../../domain/market/collect-repo.ts';
import { ok } from '../../plugins/envelope.ts';
import { envelope } from '../../schemas/responses.ts';
import { FORM } from '../route-docs.ts';
import { candlesFor, resolveSymbol, type CandlesInput } from './market-lookup.ts';
import { booksBody, candlesBody, emptyQuery, symbolBody, toInt, tradesBody } from './market-schemas.ts';

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

  app.post<{ Body: CandlesInput }>(
    '/coin/candles',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Candles of a pair, oldest → newest',
        consumes: FORM,
        body: candlesBody,
        response: envelope(list),
      },
    },
    async (request) => ok<Candle[]>(candlesFor(m, request.lang, request.body, 'coin')),
  );

  app.post<{ Body: { symbol: string; limit?: string } }>(
    '/coin/trades',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Recent prints, oldest → newest',
        consumes: FORM,
        body: tradesBody,
        response: envelope(list),
      },
    },
    async (request) => {
      const ins = resolveSymbol(m, request.lang, request.body.symbol, 'coin');
      return ok<Trade[]>(m.trades(ins.symbol, toInt(request.body.limit, 50)));
    },
  );

  app.post<{ Body: { symbol: string; depth?: string } }>(
    '/coin/books',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Order book of a pair',
        consumes: FORM,
        body: booksBody,
        response: envelope(obj),
      },
    },
    async (request) => {
      const ins = resolveSymbol(m, request.lang, request.body.symbol, 'coin');
      return ok<Book | undefined>(m.book(ins.symbol, toInt(request.body.depth, 20)));
    },
  );
};
