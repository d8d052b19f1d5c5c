// The withdraw screens' REST reads and actions: the config (limits, fees, balances, destinations), the paged
// records (bank + wallet, or crypto), one record and the two submits (the withdrawal-password calls are the
// security centre's: features/account/withdraw-password-page.tsx). Keys start
// with the account, so real and demo never share a cache; a submit invalidates the config and the records.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Withdrawal, WithdrawConfig, WithdrawStatus } from '../../../contract/withdraw.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { FIRST_PAGE, nextPageParam } from '../../shared/query/paging.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';

export const WITHDRAW_PAGE_SIZE = 20;
export type RecordKind = 'fiat' | 'crypto';

export function withdrawConfigQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: accountKey(scope, RESOURCE.withdrawConfig),
    queryFn: ({ signal }) => getData<WithdrawConfig>('user/withdraw/config', undefined, { signal }),
    staleTime: 15_000,
  });
}

export function withdrawalsQuery(scope: AccountScope, kind: RecordKind, status: WithdrawStatus | '') {
  return infiniteQueryOptions({
    queryKey: [...accountKey(scope, RESOURCE.withdrawals), kind, { status }],
    queryFn: ({ pageParam, signal }) => {
      const params = { status: status || undefined, page: pageParam, size: WITHDRAW_PAGE_SIZE };
      return kind === 'crypto'
        ? postData<Page<Withdrawal>>('coin/withdraw/order', params, { signal })
        : getData<Page<Withdrawal>>('user/withdraw/order', params, { signal });
    },
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: 30_000,
  });
}

export function withdrawalQuery(scope: AccountScope, id: string) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.withdrawals), 'one', id],
    queryFn: ({ signal }) => getData<Withdrawal>('user/withdraw/status', { id }, { signal }),
    staleTime: 30_000,
  });
}

export const addWithdrawalCall = (body: {
  bindingId: string;
  amount: string;
  password: string;
  clientId: string;
}) => postData<Withdrawal>('user/withdraw/add', body);

export const addCoinWithdrawalCall = (body: {
  addressId: string;
  amount: string;
  password: string;
  clientId: string;
}) => postData<Withdrawal>('coin/withdraw/add', body);

/** A client id for one opening of a form: a retried submit carries it, so the server makes one record. */
export function newClientId(): string {
  return crypto.randomUUID();
}
