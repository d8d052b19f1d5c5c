// The IPO screens' REST reads and the one action call. Offerings are public (keys start with 'public');
// the caller's applications are the account's (keys start with the account, so real and demo never share a
// cache). An action (apply, cancel, pay) invalidates the applications and the offerings (demand moved).
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  ApplicationState,
  IpoAction,
  IpoApplication,
  IpoOffering,
  ListedState,
} from '../../../contract/ipo.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { refetchDelay } from '../../shared/ui/countdown.tsx';
import { FIRST_PAGE, nextPageParam } from '../../shared/query/paging.ts';
import { accountKey, PUBLIC, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';

export const IPO_PAGE_SIZE = 20;
/** The hub's tabs: upcoming has its own call (list/coming); the others are stock/new/list?state=. */
export const HUB_TABS = ['subscribing', 'upcoming', 'to_be_allocated', 'allotted', 'listed'] as const;
export type HubTab = (typeof HUB_TABS)[number];

const OFFERINGS = 'ipo-offerings';

/** The date that matters next in the offering's life, with its label. */
export function nextDate(o: IpoOffering): {
  key: 'opens' | 'closes' | 'allot' | 'list' | 'listed';
  at: number;
} {
  switch (o.state) {
    case 'upcoming':
      return { key: 'opens', at: o.opensAt };
    case 'subscribing':
      return { key: 'closes', at: o.closesAt };
    case 'to_be_allocated':
      return { key: 'allot', at: o.allotAt };
    case 'allotted':
      return { key: 'list', at: o.listAt };
    case 'listed':
      return { key: 'listed', at: o.listedAt ?? o.listAt };
  }
}

/** Offerings re-read just after the nearest planned change of any of them, so a countdown's end shows what follows. */
const untilNextChange = (data: IpoOffering | IpoOffering[] | undefined): number | false =>
  refetchDelay(
    (data === undefined ? [] : Array.isArray(data) ? data : [data]).map((o) => {
      const next = nextDate(o);
      return next.key === 'listed' ? null : next.at;
    }),
    Date.now(),
  );

export function offeringsQuery(tab: HubTab) {
  return queryOptions({
    queryKey: [PUBLIC, OFFERINGS, tab],
    queryFn: ({ signal }) =>
      tab === 'upcoming'
        ? getData<IpoOffering[]>('stock/new/list/coming', undefined, { signal })
        : getData<IpoOffering[]>('stock/new/list', { state: tab satisfies ListedState }, { signal }),
    staleTime: 30_000,
    refetchInterval: (q) => untilNextChange(q.state.data),
  });
}

export function todayQuery() {
  return queryOptions({
    queryKey: [PUBLIC, OFFERINGS, 'today'],
    queryFn: ({ signal }) => getData<IpoOffering[]>('stock/new/today', undefined, { signal }),
    staleTime: 60_000,
    refetchInterval: (q) => untilNextChange(q.state.data),
  });
}

export function offeringQuery(id: string) {
  return queryOptions({
    queryKey: [PUBLIC, OFFERINGS, 'one', id],
    queryFn: ({ signal }) => getData<IpoOffering>('stock/new/info', { id }, { signal }),
    staleTime: 15_000,
    refetchInterval: (q) => untilNextChange(q.state.data),
  });
}

export function applicationsQuery(scope: AccountScope, state: ApplicationState | '') {
  return infiniteQueryOptions({
    queryKey: [...accountKey(scope, RESOURCE.ipoApplications), { state }],
    queryFn: ({ pageParam, signal }) =>
      getData<Page<IpoApplication>>(
        'stock/order/new/list',
        { state: state || undefined, page: pageParam, size: IPO_PAGE_SIZE },
        { signal },
      ),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: 15_000,
  });
}

export interface IpoActionBody {
  action: IpoAction;
  offeringId?: string;
  qty?: string;
  clientId?: string;
  tradePassword?: string;
  applicationId?: string;
}

export const ipoActionCall = (body: IpoActionBody) =>
  postData<IpoApplication>('stock/order/new/apply', { ...body });

export function invalidateAfterIpoAction(client: QueryClient, scope: AccountScope): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.ipoApplications) }),
    client.invalidateQueries({ queryKey: [PUBLIC, OFFERINGS] }),
  ]).then(() => undefined);
}
