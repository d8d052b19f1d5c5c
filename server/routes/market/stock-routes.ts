// Stock market calls (spec §7 "stock market"): indices, country, lists, hot lists, search, info, and the
// candles / trades / books of a stock or index (POST, as the spec lists them).

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { noFields } from '../../../contract/form-fields.ts';
import {
  CountryListReply,
  HotQuery,
  InfoQuery,
  QuoteListReply,
  QuotePageReply,
  SearchQuery,
  StockInfoReply,
  StockListQuery,
} from '../../../contract/market.ts';
import type { Country, Quote, StockSort } from '../../../workers/protocol/market.ts';
import { ok } from '../../plugins/envelope.ts';
import { registerSeriesRoutes } from './series-routes.ts';
import { quoteOf, resolveSymbol, toInt } from './market-lookup.ts';
import { AppError } from '../../errors.ts';

const PK: Country = {
  code: 'PK',
  nameEn: 'Pakistan',
  nameUr: 'پاکستان',
  currency: 'PKR',
  areaCode: '+92',
  exchange: 'PSX',
  timezone: 'Asia/Karachi',
};

const pub = { auth: 'public' as const };

function sortKey(q: Quote, sort: StockSort): number | string {
  const t = q.ticker;
  if (sort === 'symbol') return q.symbol;
  return Number(sort === 'price' ? t.p : sort === 'change' ? t.cp : sort === 'volume' ? t.v : t.q);
}

function compare(a: number | string, b: number | string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export const stockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const m = app.market;
  const psxQuotes = () => m.instruments('psx').map((i) => quoteOf(m, i));
  const tags = ['stock market'];

  app.get(
    '/stock/index/indices/list',
    {
      config: pub,
      schema: {
        tags,
        summary: 'KSE-100, KSE-30, KMI-30, All-Share with tickers',
        querystring: noFields,
        response: QuoteListReply,
      },
    },
    async () => ok(m.instruments('index').map((i) => quoteOf(m, i))),
  );

  app.get(
    '/stock/country/list',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Stock markets by country',
        querystring: noFields,
        response: CountryListReply,
      },
    },
    async () => ok([PK]),
  );

  app.get(
    '/stock/list',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Paged stocks (or indices) with tickers',
        querystring: StockListQuery,
        response: QuotePageReply,
      },
    },
    async (request) => {
      // Ajv filled the defaults in (useDefaults); the fallbacks only satisfy the optional types.
      const q = { market: 'psx', sort: 'symbol', order: 'asc', ...request.query } as const;
      const page = toInt(q.page, 1);
      const size = toInt(q.size, 20);
      const rows = m
        .instruments(q.market)
        .filter((i) => !q.sector || i.sector === q.sector)
        .map((i) => quoteOf(m, i));
      const dir = q.order === 'desc' ? -1 : 1;
      rows.sort(
        (a, b) => dir * compare(sortKey(a, q.sort), sortKey(b, q.sort)) || compare(a.symbol, b.symbol),
      );
      return ok({
        list: rows.slice((page - 1) * size, page * size),
        total: rows.length,
        page,
        size,
      });
    },
  );

  app.get(
    '/stock/list/hot',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Top gainers, losers or most active PSX stocks',
        querystring: HotQuery,
        response: QuoteListReply,
      },
    },
    async (request) => {
      const { type } = request.query;
      const limit = toInt(request.query.limit, 10);
      const key = (q: Quote) => Number(type === 'active' ? q.ticker.q : q.ticker.cp);
      const rows = psxQuotes().sort((a, b) => (type === 'losers' ? key(a) - key(b) : key(b) - key(a)));
      return ok(rows.slice(0, limit));
    },
  );

  app.get(
    '/stock/search',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Search stocks and indices by symbol or English/Urdu name',
        querystring: SearchQuery,
        response: QuoteListReply,
      },
    },
    async (request) => {
      const needle = request.query.q.trim();
      const upper = needle.toUpperCase();
      const lower = needle.toLowerCase();
      const limit = toInt(request.query.limit, 20);
      if (!needle) return ok([]);
      const all = [...m.instruments('psx'), ...m.instruments('index')];
      const rank = (i: (typeof all)[number]) =>
        i.symbol === upper
          ? 0
          : i.symbol.startsWith(upper)
            ? 1
            : i.nameEn.toLowerCase().includes(lower) || i.nameUr.includes(needle)
              ? 2
              : i.symbol.includes(upper)
                ? 3
                : 9;
      const hits = all
        .map((i) => ({ i, r: rank(i) }))
        .filter((h) => h.r < 9)
        .sort((a, b) => a.r - b.r || compare(a.i.symbol, b.i.symbol));
      return ok(hits.slice(0, limit).map((h) => quoteOf(m, h.i)));
    },
  );

  app.get(
    '/stock/info',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Stock or index details: ticker, price band, 52-week range, session',
        querystring: InfoQuery,
        response: StockInfoReply,
      },
    },
    async (request) => {
      const ins = resolveSymbol(m, request.query.symbol, 'stock');
      const info = m.info(ins.symbol);
      if (!info) throw new AppError('market:errors.unknownSymbol', { symbol: ins.symbol });
      return ok(info);
    },
  );

  registerSeriesRoutes(app, {
    prefix: '/stock/index',
    kind: 'stock',
    tags,
    summaries: {
      candles: 'Candles of a stock or index, oldest → newest',
      trades: 'Recent prints, oldest → newest',
      books: 'Order book (empty for indices)',
    },
  });
};
