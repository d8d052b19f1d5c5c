// The caller's payout destinations, read by the binding screens (features/wallet) and the withdraw forms
// (features/withdraw) under the same keys, so adding or deleting one refreshes both: the live bank accounts
// or wallets (bank/list) and the crypto withdrawal addresses (coin/withdraw/address).
import { queryOptions } from '@tanstack/react-query';
import type { Binding, WithdrawAddress } from '../../../contract/bank.ts';
import { getData, postData } from '../api/data-client.ts';
import { accountKey, RESOURCE, type AccountScope } from './query-keys.ts';

export function bindingsQuery(scope: AccountScope, kind: 'bank' | 'wallet') {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.bindings), kind],
    queryFn: ({ signal }) => getData<Binding[]>('bank/list', { type: kind }, { signal }),
    staleTime: 60_000,
  });
}

export function withdrawAddressesQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: accountKey(scope, RESOURCE.withdrawAddresses),
    queryFn: ({ signal }) => postData<WithdrawAddress[]>('coin/withdraw/address', {}, { signal }),
    staleTime: 60_000,
  });
}
