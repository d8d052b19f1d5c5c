// The robot screens' REST reads and actions (stock/ai/*, contract/robot.ts). Keys start with the account, so
// real and demo never share a cache (a product's measured track is per account type too), and carry the
// language: names, descriptions, terms and the period note come in the language of the request. An action
// invalidates the robot orders, the products (the single limit left, the track) and the money it moved.
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  RobotOrder,
  RobotOrderDetails,
  RobotOrderState,
  RobotProduct,
} from '../../../contract/robot.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { FIRST_PAGE, nextPageParam } from '../../shared/query/paging.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';

export const ROBOT_ORDERS_PAGE_SIZE = 20;

export function robotProductsQuery(scope: AccountScope, lang: string) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.robotProducts), lang, 'list'],
    queryFn: ({ signal }) => getData<RobotProduct[]>('stock/ai/list', undefined, { signal }),
    staleTime: 30_000,
  });
}

export function robotProductQuery(scope: AccountScope, lang: string, id: number) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.robotProducts), lang, 'one', id],
    queryFn: ({ signal }) => getData<RobotProduct>('stock/ai/info', { id: String(id) }, { signal }),
    staleTime: 30_000,
  });
}

/** The caller's robot orders, newest first: the first page for "my robots". */
export function myRobotOrdersQuery(scope: AccountScope, lang: string) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.robotOrders), lang, 'first'],
    queryFn: ({ signal }) =>
      getData<Page<RobotOrder>>(
        'stock/ai/order/list',
        { page: '1', size: String(ROBOT_ORDERS_PAGE_SIZE) },
        { signal },
      ),
    staleTime: 10_000,
  });
}

/** Every robot order of the caller, paged, optionally of one state. */
export function robotOrdersQuery(scope: AccountScope, lang: string, state: RobotOrderState | '') {
  return infiniteQueryOptions({
    queryKey: [...accountKey(scope, RESOURCE.robotOrders), lang, 'paged', { state }],
    queryFn: ({ pageParam, signal }) =>
      getData<Page<RobotOrder>>(
        'stock/ai/order/list',
        {
          state: state || undefined,
          page: String(pageParam),
          size: String(ROBOT_ORDERS_PAGE_SIZE),
        },
        { signal },
      ),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: 10_000,
  });
}

export function robotOrderDetailsQuery(scope: AccountScope, lang: string, id: number) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.robotOrders), lang, 'details', id],
    queryFn: ({ signal }) =>
      getData<RobotOrderDetails>('stock/ai/order/details', { id: String(id) }, { signal }),
    // A running robot trades on every market step: its figures refresh while the page is open.
    refetchInterval: (q) => (q.state.data?.order.state === 'ended' ? false : 15_000),
    staleTime: 5_000,
  });
}

export const buyCall = (body: {
  productId: string;
  amount: string;
  clientId: string;
  tradePassword: string;
}) => postData<RobotOrder>('stock/ai/buy', body, { loader: true });

export const addCall = (body: { orderId: string; amount: string; clientId: string; tradePassword: string }) =>
  postData<RobotOrder>('stock/ai/order/add/amount', body, { loader: true });

export const exitCall = (body: { orderId: string; tradePassword: string }) =>
  postData<RobotOrder>('stock/ai/order/exit', body, { loader: true });

/** After money moved into or out of a robot: its orders, the products and the account's money. */
export function invalidateRobots(client: QueryClient, scope: AccountScope): void {
  for (const r of [RESOURCE.robotOrders, RESOURCE.robotProducts, RESOURCE.txRecords, RESOURCE.holding])
    void client.invalidateQueries({ queryKey: accountKey(scope, r) });
  void client.invalidateQueries({ queryKey: [...scope, 'assets'] });
}

/** A client id for one opening of a form: a retried submit carries it, so the server acts once. */
export function newClientId(): string {
  return crypto.randomUUID();
}
