// The block-trade screens' REST reads and the buy call. Blocks are read per account (signed-in only; keys start
// with the account), the caller's block orders too; a buy invalidates both, the orders and the holdings.
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BulkBlock, BulkOrder } from '../../../contract/bulk.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { FIRST_PAGE, nextPageParam } from '../../shared/query/paging.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';

export const BULK_TABS = ['open', 'upcoming', 'ended'] as const;
export type BulkTab = (typeof BULK_TABS)[number];

export function blocksQuery(scope: AccountScope, tab: BulkTab) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.bulkBlocks), tab],
    queryFn: ({ signal }) => getData<BulkBlock[]>('stock/bulk/list', { state: tab }, { signal }),
    staleTime: 15_000,
  });
}

export function blockQuery(scope: AccountScope, id: string) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.bulkBlocks), 'one', id],
    queryFn: ({ signal }) => getData<BulkBlock>('stock/bulk/info', { id }, { signal }),
    staleTime: 10_000,
  });
}

export function bulkOrdersQuery(scope: AccountScope) {
  return infiniteQueryOptions({
    queryKey: accountKey(scope, RESOURCE.bulkOrders),
    queryFn: ({ pageParam, signal }) =>
      getData<Page<BulkOrder>>('stock/order/trade/list', { page: pageParam, size: 20 }, { signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: 15_000,
  });
}

export const bulkBuyCall = (body: {
  blockId: string;
  qty: string;
  clientId: string;
  tradePassword: string;
}) => postData<BulkOrder>('stock/order/bulk/buy', { ...body });

export function invalidateAfterBulkBuy(client: QueryClient, scope: AccountScope): Promise<void> {
  return Promise.all(
    [RESOURCE.bulkBlocks, RESOURCE.bulkOrders, RESOURCE.orders, RESOURCE.holding, RESOURCE.txRecords].map(
      (r) => client.invalidateQueries({ queryKey: accountKey(scope, r) }),
    ),
  ).then(() => undefined);
}
