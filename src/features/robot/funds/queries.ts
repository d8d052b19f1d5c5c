// The fund screens' REST reads and actions (stock/fund/*, contract/fund.ts). Keys start with the account, so
// real and demo never share a cache (a fund's pool, NAV and my units are per account kind), and carry the
// language (names, terms, the period note). A request re-reads the funds, my requests and the money.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { FundInfo, FundNavPoint, FundOrder, FundProduct } from '../../../../contract/fund.ts';
import type { Page } from '../../../../workers/protocol/market.ts';
import { getData, postData } from '../../../shared/api/data-client.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../../shared/query/query-keys.ts';

export function fundsQuery(scope: AccountScope, lang: string) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.fundProducts), lang, 'list'],
    queryFn: ({ signal }) => getData<FundProduct[]>('stock/fund/list', undefined, { signal }),
    staleTime: 30_000,
  });
}

export function fundInfoQuery(scope: AccountScope, lang: string, id: number) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.fundProducts), lang, 'info', id],
    queryFn: ({ signal }) => getData<FundInfo>('stock/fund/info', { id: String(id) }, { signal }),
    // the indicative NAV and the holdings move with the market while the page is open
    refetchInterval: 30_000,
    staleTime: 10_000,
  });
}

export function fundNavQuery(scope: AccountScope, id: number) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.fundProducts), 'nav', id],
    queryFn: ({ signal }) => getData<FundNavPoint[]>('stock/fund/nav', { id: String(id) }, { signal }),
    staleTime: 60_000,
  });
}

export function myFundOrdersQuery(scope: AccountScope, lang: string, fundId?: number) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.fundOrders), lang, { fundId: fundId ?? 0 }],
    queryFn: ({ signal }) =>
      getData<Page<FundOrder>>(
        'stock/fund/order/list',
        { page: '1', size: '20', fundId: fundId ? String(fundId) : undefined },
        { signal },
      ),
    // a pending request turns confirmed at the close: look again while one waits
    refetchInterval: (q) => (q.state.data?.list.some((o) => o.state === 'pending') ? 15_000 : false),
    staleTime: 10_000,
  });
}

export const subscribeCall = (body: {
  fundId: string;
  amount: string;
  clientId: string;
  tradePassword: string;
}) => postData<FundOrder>('stock/fund/subscribe', body, { loader: true });

export const redeemCall = (body: {
  fundId: string;
  units: string;
  clientId: string;
  tradePassword: string;
}) => postData<FundOrder>('stock/fund/redeem', body, { loader: true });

export function invalidateFunds(client: QueryClient, scope: AccountScope): void {
  for (const r of [RESOURCE.fundOrders, RESOURCE.fundProducts, RESOURCE.txRecords])
    void client.invalidateQueries({ queryKey: accountKey(scope, r) });
  void client.invalidateQueries({ queryKey: [...scope, 'assets'] });
}
