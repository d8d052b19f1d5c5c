// A stock can join the market while the app runs (an IPO's listing): its ticker arrives on the tickers channel
// and the worker lists it, but the names were loaded once per market (instrumentsQuery). When a list shows a
// symbol the names lack, the market's instruments are fetched again, once per such symbol, so the new stock
// gets its name without a reload.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Market } from '../../../workers/protocol/market.ts';
import { useInstruments } from './instruments.ts';
import { instrumentsQuery } from './queries.ts';

export function useListedNames(
  market: Market,
  symbols: readonly string[] | undefined,
  loaded: boolean,
): void {
  const instruments = useInstruments();
  const qc = useQueryClient();
  const asked = useRef(new Set<string>());
  const unknown = loaded ? (symbols ?? []).filter((s) => !instruments[s]) : [];
  const key = unknown.join(',');
  useEffect(() => {
    const fresh = key === '' ? [] : key.split(',').filter((s) => !asked.current.has(s));
    if (fresh.length === 0) return;
    for (const s of fresh) asked.current.add(s);
    void qc.refetchQueries({ queryKey: instrumentsQuery(market).queryKey });
  }, [key, market, qc]);
}
