// The spot screen's REST reads and actions (contract/spot.ts): the pair's balances and rules, the open and past
// orders, placing and cancelling. Keys start with the account, so real and demo never share a cache.
import { queryOptions } from '@tanstack/react-query';
import type { SpotBalances, SpotOrder } from '../../../../contract/spot.ts';
import type { Page } from '../../../../workers/protocol/market.ts';
import { getData, postData } from '../../../shared/api/data-client.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../../shared/query/query-keys.ts';

export function spotBalancesQuery(scope: AccountScope, symbol: string) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.spot), 'balances', symbol],
    queryFn: ({ signal }) => getData<SpotBalances>('coin/spot/balances', { symbol }, { signal }),
    staleTime: 5_000,
  });
}

export function spotOrdersQuery(scope: AccountScope, scopeName: 'open' | 'history') {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.spot), 'orders', scopeName],
    queryFn: ({ signal }) =>
      getData<Page<SpotOrder>>('coin/order/list', { scope: scopeName, size: 50 }, { signal }),
    staleTime: 5_000,
  });
}

export const addSpotOrderCall = (body: Record<string, string>) => postData<SpotOrder>('coin/order/add', body);
export const closeSpotOrderCall = (id: number) => postData<SpotOrder>('coin/order/close', { id: String(id) });
