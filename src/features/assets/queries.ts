// The assets screens' REST reads as queries: the money movements (funds detail), paged, per account and
// filter. The live balances (user/assets) are not here: they move to the worker's account feed.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Page } from '../../../workers/protocol/market.ts';
import type { TxRecord, TxType } from '../../../workers/protocol/trade.ts';
import { getData } from '../../shared/api/data-client.ts';
import { FIRST_PAGE, nextPageParam } from '../../shared/query/paging.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';

export const TX_PAGE_SIZE = 30;

export function txRecordsQuery(scope: AccountScope, type: TxType | '') {
  return infiniteQueryOptions({
    queryKey: [...accountKey(scope, RESOURCE.txRecords), { type }],
    queryFn: ({ pageParam, signal }) =>
      getData<Page<TxRecord>>(
        'user/tx/record',
        { type: type || undefined, page: pageParam, size: TX_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    // A movement appears when money moves; a minute old is fine for a history screen.
    staleTime: 60_000,
  });
}
