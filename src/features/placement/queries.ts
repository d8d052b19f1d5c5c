// The placement screens' REST reads and the one action call. Placements are read with the caller's token when
// signed in (the answer says whether this user may apply), so their key is the account's; the caller's
// applications likewise. Applying invalidates both.
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Placement, PlacementApplication } from '../../../contract/placement.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { FIRST_PAGE, nextPageParam } from '../../shared/query/paging.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';

const PLACEMENTS = 'placements';

export function placementsQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: [...scope, PLACEMENTS],
    queryFn: ({ signal }) => getData<Placement[]>('stock/offline/list', undefined, { signal }),
    staleTime: 15_000,
  });
}

export function placementApplicationsQuery(scope: AccountScope) {
  return infiniteQueryOptions({
    queryKey: [...accountKey(scope, RESOURCE.placementApplications)],
    queryFn: ({ pageParam, signal }) =>
      getData<Page<PlacementApplication>>(
        'stock/order/offline/list',
        { page: pageParam, size: 20 },
        { signal },
      ),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: 10_000,
  });
}

export const placementApplyCall = (body: {
  placementId: string;
  qty: string;
  clientId: string;
  tradePassword: string;
}) => postData<PlacementApplication>('stock/order/offline/apply', { ...body });

export function invalidateAfterPlacementApply(client: QueryClient, scope: AccountScope): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.placementApplications) }),
    client.invalidateQueries({ queryKey: [...scope, PLACEMENTS] }),
  ]).then(() => undefined);
}
