// Names and metadata of every instrument (symbol → Urdu/English name, market, decimals), loaded once per
// market over REST. Tickers carry only the symbol, so rows look names up here.
import type { Instrument, Market, Quote } from '../../../workers/protocol/market.ts';
import type { Lang } from '../../../workers/protocol/api.ts';
import { appStore, atom, useAtomValue } from '../../shared/state/jotai.ts';
import { fetchCoinInfos, fetchIndices, fetchStockList } from './markets-api.ts';

export const instrumentsAtom = atom<Readonly<Record<string, Instrument>>>({});

const loading = new Map<Market, Promise<boolean>>();

/** Adds instruments (e.g. from a search answer) to the lookup without refetching. */
export function rememberInstruments(list: readonly Instrument[]): void {
  if (list.length === 0) return;
  const cur = appStore.get(instrumentsAtom);
  const next: Record<string, Instrument> = { ...cur };
  for (const q of list) next[q.symbol] = stripTicker(q);
  appStore.set(instrumentsAtom, next);
}

function stripTicker(q: Instrument | Quote): Instrument {
  if (!('ticker' in q)) return q;
  const { ticker: _ticker, ...inst } = q;
  return inst;
}

async function fetchMarket(market: Market): Promise<Instrument[] | undefined> {
  if (market === 'crypto') return fetchCoinInfos();
  if (market === 'index') return fetchIndices();
  const all: Instrument[] = [];
  for (let page = 1; page < 50; page++) {
    const res = await fetchStockList({ market: 'psx', page, size: 200, sort: 'symbol', order: 'asc' });
    if (!res) return all.length ? all : undefined;
    all.push(...res.list);
    if (res.list.length === 0 || all.length >= res.total) break;
  }
  return all;
}

/** Loads a market's instruments once (a failed load may be retried). Resolves true when they are known. */
export function loadInstruments(market: Market): Promise<boolean> {
  const pending = loading.get(market);
  if (pending) return pending;
  const p = fetchMarket(market)
    .then((list) => {
      if (!list) throw new Error('no answer');
      rememberInstruments(list);
      return true;
    })
    .catch(() => {
      loading.delete(market);
      return false;
    });
  loading.set(market, p);
  return p;
}

export function useInstruments(): Readonly<Record<string, Instrument>> {
  return useAtomValue(instrumentsAtom);
}

export function displayName(inst: Pick<Instrument, 'nameEn' | 'nameUr'> | undefined, lang: string): string {
  if (!inst) return '';
  return (lang as Lang) === 'ur-PK' ? inst.nameUr || inst.nameEn : inst.nameEn;
}

/** Crypto opens the coin k-line; stocks and indices the stock k-line. */
export function isCoin(inst: Pick<Instrument, 'market'> | undefined, symbol: string): boolean {
  return inst ? inst.market === 'crypto' : /USDT$/.test(symbol);
}
