// The options screens' REST reads and the purchase call. The rules and quote are public (keys start with
// 'public'); the caller's options and statistics are the account's (real and demo never share a cache). A
// purchase invalidates both.
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  OptionApplyBody,
  OptionOrder,
  OptionRule,
  OptionState,
  OptionStatistics,
} from '../../../contract/option.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { FIRST_PAGE, nextPageParam } from '../../shared/query/paging.ts';
import { accountKey, PUBLIC, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';

export const OPTION_PAGE_SIZE = 20;

export function ruleQuery(symbol: string) {
  return queryOptions({
    queryKey: [PUBLIC, 'option-rule', symbol],
    queryFn: ({ signal }) =>
      getData<OptionRule>('stock/option/rule', symbol ? { symbol } : undefined, { signal }),
    staleTime: 5_000,
    refetchInterval: 15_000,
  });
}

export function optionsQuery(scope: AccountScope, state: OptionState | '') {
  return infiniteQueryOptions({
    queryKey: [...accountKey(scope, RESOURCE.options), 'list', { state }],
    queryFn: ({ pageParam, signal }) =>
      getData<Page<OptionOrder>>(
        'stock/order/option/list',
        { state: state || undefined, page: pageParam, size: OPTION_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: 5_000,
    // an open option settles at its expiry: look again while any is open
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.list.some((o) => o.state === 'open')) ? 5_000 : false,
  });
}

export function statisticsQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.options), 'statistics'],
    queryFn: ({ signal }) =>
      getData<OptionStatistics>('stock/order/option/statistics', undefined, { signal }),
    staleTime: 5_000,
    refetchInterval: (q) => ((q.state.data?.open ?? 0) > 0 ? 5_000 : false),
  });
}

export const buyOptionCall = (body: OptionApplyBody) =>
  postData<OptionOrder>('stock/order/option/apply', { ...body });

export function invalidateOptions(client: QueryClient, scope: AccountScope): Promise<void> {
  return client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.options) });
}
