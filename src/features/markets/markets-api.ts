// The non-live market calls (spec §7): search, info, hot lists, indices, lists and the two watchlists.
// Live prices never come from here — rows show the worker's ticker; these answers give names and order.
// Each resolves with `data` or throws the request layer's typed errors; queries.ts wraps them.
import type {
  CoinInfo,
  CollectList,
  HotType,
  Page,
  Quote,
  StockInfo,
  StockListQuery,
} from '../../../workers/protocol/market.ts';
import { getData, postData } from '../../shared/api/data-client.ts';

type Signal = { signal?: AbortSignal };

export const searchStocks = (q: string, limit: number, { signal }: Signal = {}) =>
  getData<Quote[]>('stock/search', { q, limit }, signal ? { signal } : {});

export const fetchStockInfo = (symbol: string, { signal }: Signal = {}) =>
  getData<StockInfo>('stock/info', { symbol }, signal ? { signal } : {});

export const fetchHot = (type: HotType, limit: number, { signal }: Signal = {}) =>
  getData<Quote[]>('stock/list/hot', { type, limit }, signal ? { signal } : {});

export const fetchIndices = () => getData<Quote[]>('stock/index/indices/list');

export const fetchStockList = (query: StockListQuery) => getData<Page<Quote>>('stock/list', { ...query });

export const fetchCoinInfos = () => postData<CoinInfo[]>('coin/infos');

export const fetchStockCollect = () => postData<CollectList>('stock/collect/list');

/** Adds or removes a watchlist star; resolves with the list after the change. */
export const setCollected = (kind: 'stock' | 'coin', symbol: string, on: boolean) =>
  postData<CollectList>(`${kind}/collect/${on ? 'add' : 'del'}`, { symbol });
