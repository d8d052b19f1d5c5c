// The deposit screens' REST reads: the caller's deposit records (paged, newest first, per channel filter).
// A pending record is refetched every few seconds while the screen shows it, and on return to the app.
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Deposit } from '../../../workers/protocol/deposits.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import { getData } from '../../shared/api/data-client.ts';
import { FIRST_PAGE, nextPageParam } from '../../shared/query/paging.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';

export const DEPOSIT_PAGE_SIZE = 20;
export type RecordFilter = '' | 'bank' | 'wallet' | 'offline' | 'crypto';

export function depositRecordsQuery(scope: AccountScope, channel: RecordFilter) {
  return infiniteQueryOptions({
    queryKey: [...accountKey(scope, RESOURCE.deposits), { channel }],
    queryFn: ({ pageParam, signal }) =>
      getData<Page<Deposit>>(
        'user/recharge/order',
        { channel: channel || undefined, page: pageParam, size: DEPOSIT_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    refetchOnWindowFocus: true,
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.list.some((d) => d.status === 'pending')) ? 10_000 : false,
  });
}
