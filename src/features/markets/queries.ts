// The markets screens' REST reads as queries. Instrument names, stock info, search and hot lists are public
// (keys start with 'public'); the watchlist belongs to the account. Every answer that carries names also
// feeds the instrument lookup, because live rows find their names there.
import { queryOptions } from '@tanstack/react-query';
import type { HotType, Instrument, Market } from '../../../workers/protocol/market.ts';
import { accountKey, PUBLIC, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';
import { rememberInstruments } from './instruments.ts';
import {
  fetchCoinInfos,
  fetchHot,
  fetchIndices,
  fetchStockCollect,
  fetchStockInfo,
  fetchStockList,
  searchStocks,
} from './markets-api.ts';

const HOUR = 3_600_000;
/** Hot-list membership is the server's ranking, which no feed reports: re-read while the list is shown. */
export const HOT_REFRESH_MS = 30_000;

async function fetchMarket(market: Market): Promise<Instrument[]> {
  if (market === 'crypto') return fetchCoinInfos();
  if (market === 'index') return fetchIndices();
  const all: Instrument[] = [];
  for (let page = 1; page < 50; page++) {
    const res = await fetchStockList({ market: 'psx', page, size: 200, sort: 'symbol', order: 'asc' });
    all.push(...res.list);
    if (res.list.length === 0 || all.length >= res.total) break;
  }
  return all;
}

/** A market's instruments (names, decimals): loaded once per session, they change with listings only. */
export function instrumentsQuery(market: Market) {
  return queryOptions({
    queryKey: [PUBLIC, 'instruments', market],
    queryFn: async () => {
      const list = await fetchMarket(market);
      rememberInstruments(list);
      return list.length;
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

export function stockInfoQuery(symbol: string) {
  return queryOptions({
    queryKey: [PUBLIC, 'stock-info', symbol],
    queryFn: async ({ signal }) => {
      const info = await fetchStockInfo(symbol, { signal });
      rememberInstruments([info]);
      return info;
    },
    enabled: symbol !== '',
    staleTime: HOUR,
  });
}

export function searchQuery(q: string, limit: number) {
  return queryOptions({
    queryKey: [PUBLIC, 'search', q, limit],
    queryFn: async ({ signal }) => {
      const list = await searchStocks(q, limit, { signal });
      rememberInstruments(list);
      return list;
    },
    enabled: q !== '',
    staleTime: 5 * 60_000,
  });
}

export function hotListQuery(type: HotType, limit: number) {
  return queryOptions({
    queryKey: [PUBLIC, 'hot', type, limit],
    queryFn: async ({ signal }) => {
      const list = await fetchHot(type, limit, { signal });
      rememberInstruments(list);
      return list.map((q) => q.symbol);
    },
    staleTime: HOT_REFRESH_MS,
    refetchInterval: HOT_REFRESH_MS,
  });
}

export interface Watchlist {
  stocks: readonly string[];
  coins: readonly string[];
}

export function watchlistQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: accountKey(scope, RESOURCE.watchlist),
    queryFn: async (): Promise<Watchlist> => {
      const [stocks, coins] = await Promise.all([fetchStockCollect(), fetchCoinInfos()]);
      rememberInstruments(stocks.quotes);
      rememberInstruments(coins);
      return { stocks: stocks.symbols, coins: coins.filter((c) => c.collected).map((c) => c.symbol) };
    },
    // A guest has no watchlist.
    enabled: scope[0] !== 'guest',
    staleTime: 5 * 60_000,
  });
}
