// The non-live market calls (spec §7): search, info, hot lists, indices, lists and the two watchlists.
// Live prices never come from here — rows show the worker's ticker; these answers give names and order.
import type {
  CoinInfo,
  CollectList,
  HotType,
  Page,
  Quote,
  StockInfo,
  StockListQuery,
} from '../../../workers/protocol/market.ts';
import { apiGet, apiPost } from '../../shared/api/client.ts';

async function data<T>(p: Promise<{ code: number; data: T } | undefined>): Promise<T | undefined> {
  const env = await p;
  return env && env.code === 0 ? env.data : undefined;
}

export function searchStocks(q: string, signal?: AbortSignal): Promise<Quote[] | undefined> {
  return data(apiGet<Quote[]>('stock/search', { q, limit: 30 }, signal ? { signal } : {}));
}

export function fetchStockInfo(symbol: string): Promise<StockInfo | undefined> {
  return data(apiGet<StockInfo>('stock/info', { symbol }));
}

export function fetchHot(type: HotType, limit = 10): Promise<Quote[] | undefined> {
  return data(apiGet<Quote[]>('stock/list/hot', { type, limit }));
}

export function fetchIndices(): Promise<Quote[] | undefined> {
  return data(apiGet<Quote[]>('stock/index/indices/list'));
}

export function fetchStockList(query: StockListQuery): Promise<Page<Quote> | undefined> {
  return data(apiGet<Page<Quote>>('stock/list', { ...query }));
}

export function fetchCoinInfos(): Promise<CoinInfo[] | undefined> {
  return data(apiPost<CoinInfo[]>('coin/infos'));
}

export function fetchStockCollect(): Promise<CollectList | undefined> {
  return data(apiPost<CollectList>('stock/collect/list'));
}

/** Adds or removes a watchlist star; resolves with the list after the change (undefined on failure). */
export function setCollected(
  kind: 'stock' | 'coin',
  symbol: string,
  on: boolean,
): Promise<CollectList | undefined> {
  return data(apiPost<CollectList>(`${kind}/collect/${on ? 'add' : 'del'}`, { symbol }));
}
