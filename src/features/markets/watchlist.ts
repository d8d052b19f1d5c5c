// The user's watchlist (stock and coin favourites), kept on the server so it follows the user to another
// device. One query holds both lists (queries.ts); a star toggles through a mutation that writes the server's
// answer into that query, so the stars and the Watchlist tab agree without a refetch. Each answer is also handed
// to the worker, which keeps it on the device with the portfolio (offline start: markets-page.tsx shows it).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Instrument } from '../../../workers/protocol/market.ts';
import { keepWatchlistOffline } from '../../market/watchlist-offline.ts';
import { appStore } from '../../shared/state/jotai.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { instrumentsAtom, rememberInstruments } from './instruments.ts';
import { setCollected } from './markets-api.ts';
import { watchlistQuery, type Watchlist } from './queries.ts';

export type { Watchlist };

/** The account's watchlist; each answer is also kept on the device for an offline start. */
export function useWatchlist() {
  const query = useQuery(watchlistQuery(useAccountScope()));
  const data = query.data;
  useEffect(() => {
    if (data) keepWatchlistOffline(watchlistSnapshot(data, appStore.get(instrumentsAtom)));
  }, [data]);
  return query;
}

/** The watchlist with its members' names, as the worker keeps it. */
export function watchlistSnapshot(w: Watchlist, instruments: Readonly<Record<string, Instrument>>) {
  const members = [...w.stocks, ...w.coins];
  return {
    stocks: [...w.stocks],
    coins: [...w.coins],
    instruments: members.flatMap((s) => (instruments[s] ? [instruments[s]] : [])),
  };
}

export function isWatched(w: Watchlist | undefined, kind: 'stock' | 'coin', symbol: string): boolean {
  return !!w && (kind === 'stock' ? w.stocks : w.coins).includes(symbol);
}

/** Stars or unstars; the mutation's result is the new state (true = now watched). */
export function useToggleWatch() {
  const scope = useAccountScope();
  const client = useQueryClient();
  const key = watchlistQuery(scope).queryKey;
  return useMutation({
    mutationFn: async ({ kind, symbol, on }: { kind: 'stock' | 'coin'; symbol: string; on: boolean }) => {
      const res = await setCollected(kind, symbol, on);
      rememberInstruments(res.quotes);
      client.setQueryData<Watchlist>(key, (cur) => {
        const base = cur ?? { stocks: [], coins: [] };
        return kind === 'stock' ? { ...base, stocks: res.symbols } : { ...base, coins: res.symbols };
      });
      return on;
    },
  });
}
