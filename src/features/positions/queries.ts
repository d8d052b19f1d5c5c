// The order centre's and income's REST reads as queries, and the cancel mutation. Keys start with the
// account; a cancel (here) or an order placed on the trade screen (same key names, shared/query/query-keys)
// invalidates the lists and counts it changes.
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Page } from '../../../workers/protocol/market.ts';
import type { Income, OrderStatistics, OrderStatus, StockOrder } from '../../../workers/protocol/trade.ts';
import { getData } from '../../shared/api/data-client.ts';
import { FIRST_PAGE, nextPageParam } from '../../shared/query/paging.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';

export const ORDERS_PAGE_SIZE = 20;

export function ordersQuery(scope: AccountScope, status: OrderStatus) {
  return infiniteQueryOptions({
    queryKey: [...accountKey(scope, RESOURCE.orders), { status }],
    queryFn: ({ pageParam, signal }) =>
      getData<Page<StockOrder>>(
        'stock/order/list',
        { status, page: pageParam, size: ORDERS_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    // The account channel says when orders change (the screen invalidates then), so no timer is needed.
    staleTime: 30_000,
  });
}

export function orderStatsQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: accountKey(scope, RESOURCE.orderStats),
    queryFn: ({ signal }) => getData<OrderStatistics>('stock/order/statistics', undefined, { signal }),
    staleTime: 30_000,
  });
}

export function incomeQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: accountKey(scope, RESOURCE.income),
    queryFn: ({ signal }) => getData<Income>('stock/income', undefined, { signal }),
    staleTime: 30_000,
  });
}

/** The GET cancel call as the spec lists it; the loader shows because the user waits on it. */
export function cancelOrderCall(id: number): Promise<StockOrder> {
  return getData<StockOrder>('stock/order/cancel', { id }, { loader: true });
}

/** After an order changed: its lists, counts and the income that depends on fills. */
export function invalidateOrders(client: QueryClient, scope: AccountScope): Promise<void> {
  return Promise.all(
    [RESOURCE.orders, RESOURCE.orderStats, RESOURCE.income].map((r) =>
      client.invalidateQueries({ queryKey: accountKey(scope, r) }),
    ),
  ).then(() => undefined);
}
