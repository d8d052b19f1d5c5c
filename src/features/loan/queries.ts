// The loan screens' REST reads and actions: user/loan (limits, rates, open loans), the paged loans, the credit
// score's change log, apply and repay. Keys start with the account, so real and demo never share a cache; an
// apply or a repayment invalidates the loans and the score.
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Loan, LoanOverview, PointChange } from '../../../contract/loan.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { FIRST_PAGE, nextPageParam } from '../../shared/query/paging.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';

export const LOAN_PAGE_SIZE = 20;

export function loanOverviewQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: accountKey(scope, RESOURCE.loans),
    queryFn: ({ signal }) => getData<LoanOverview>('user/loan', undefined, { signal }),
    staleTime: 15_000,
  });
}

export function loansQuery(scope: AccountScope) {
  return infiniteQueryOptions({
    queryKey: [...accountKey(scope, RESOURCE.loans), 'list'],
    queryFn: ({ pageParam, signal }) =>
      getData<Page<Loan>>('user/loan/order/list', { page: pageParam, size: LOAN_PAGE_SIZE }, { signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: 15_000,
  });
}

export type PointLog = Page<PointChange> & { credit: LoanOverview['credit'] };

export function pointLogQuery(scope: AccountScope) {
  return infiniteQueryOptions({
    queryKey: accountKey(scope, RESOURCE.creditScore),
    queryFn: ({ pageParam, signal }) =>
      getData<PointLog>('user/point/change/log', { page: pageParam, size: LOAN_PAGE_SIZE }, { signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: 15_000,
  });
}

export const applyCall = (body: {
  amount: string;
  days: string;
  total: string;
  apr: string;
  accept: string;
  password: string;
  clientId: string;
}) => postData<Loan>('user/loan/apply', body);

export const repayCall = (body: { id: string; total: string; password: string }) =>
  postData<Loan>('user/loan/repay', body);

export async function invalidateLoans(client: QueryClient, scope: AccountScope) {
  await Promise.all([
    client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.loans) }),
    client.invalidateQueries({ queryKey: accountKey(scope, RESOURCE.creditScore) }),
  ]);
}

/** A client id for one opening of the form: a retried submit carries it, so the server makes one loan. */
export const newClientId = (): string => `loan-${crypto.randomUUID()}`;
