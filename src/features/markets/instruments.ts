// Names and metadata of every instrument (symbol → Urdu/English name, market, decimals), loaded once per
// market over REST (instrumentsQuery in queries.ts). Tickers carry only the symbol, so rows look names up here.
import type { Instrument, Quote } from '../../../workers/protocol/market.ts';
import type { Lang } from '../../../workers/protocol/api.ts';
import { appStore, atom, useAtomValue } from '../../shared/state/jotai.ts';

export const instrumentsAtom = atom<Readonly<Record<string, Instrument>>>({});

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
