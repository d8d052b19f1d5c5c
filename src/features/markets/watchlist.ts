// The user's watchlist (stock and coin favourites), kept on the server so it follows the user to another
// device. One query holds both lists (queries.ts); a star toggles through a mutation that writes the server's
// answer into that query, so the stars and the Watchlist tab agree without a refetch.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { rememberInstruments } from './instruments.ts';
import { setCollected } from './markets-api.ts';
import { watchlistQuery, type Watchlist } from './queries.ts';

export type { Watchlist };

export function useWatchlist() {
  return useQuery(watchlistQuery(useAccountScope()));
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
