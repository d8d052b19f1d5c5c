// The coin ICO screens' REST reads and the one action. Sales are read per account (their committed totals are
// the caller's pool, real or demo), the caller's commitments likewise; committing invalidates both and the
// spot balances (USDT frozen).
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { IcoCommitment, IcoSale } from '../../../contract/ico.ts';
import type { SpotBalances } from '../../../contract/spot.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { FIRST_PAGE, nextPageParam } from '../../shared/query/paging.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';

export const ICO_TABS = ['subscribing', 'upcoming', 'ended'] as const;
export type IcoTab = (typeof ICO_TABS)[number];

export function salesQuery(scope: AccountScope, tab: IcoTab) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.icoSales), tab],
    queryFn: ({ signal }) =>
      tab === 'upcoming'
        ? getData<IcoSale[]>('coin/new/list/coming', undefined, { signal })
        : getData<IcoSale[]>('coin/new/list', { state: tab }, { signal }),
    staleTime: 15_000,
  });
}

export function saleQuery(scope: AccountScope, id: string) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.icoSales), 'one', id],
    queryFn: ({ signal }) => getData<IcoSale>('coin/new/info', { id }, { signal }),
    staleTime: 10_000,
  });
}

/** The spot account's available USDT (the quote side of any USDT pair's balances). */
export function usdtQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.spot), 'ico-usdt'],
    queryFn: ({ signal }) => getData<SpotBalances>('coin/spot/balances', { symbol: 'BTCUSDT' }, { signal }),
    staleTime: 10_000,
  });
}

export const ICO_PAGE_SIZE = 20;

export function commitmentsQuery(scope: AccountScope) {
  return infiniteQueryOptions({
    queryKey: accountKey(scope, RESOURCE.icoCommitments),
    queryFn: ({ pageParam, signal }) =>
      getData<Page<IcoCommitment>>(
        'coin/order/new/list',
        { page: pageParam, size: ICO_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: 10_000,
  });
}

export interface CommitBody {
  saleId: string;
  amount: string;
  clientId: string;
  tradePassword: string;
}

export const commitCall = (body: CommitBody) => postData<IcoCommitment>('coin/order/new/apply', { ...body });

export function invalidateAfterCommit(client: QueryClient, scope: AccountScope): Promise<void> {
  return Promise.all(
    [RESOURCE.icoCommitments, RESOURCE.icoSales, RESOURCE.spot].map((r) =>
      client.invalidateQueries({ queryKey: accountKey(scope, r) }),
    ),
  ).then(() => undefined);
}
