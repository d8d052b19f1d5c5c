// The binding screens' reads and writes: the form of each channel with the caller's KYC state
// (index/bank/tmpl), the live bank accounts and wallets (bank/list), the crypto withdrawal addresses
// (coin/withdraw/address), and the add and delete calls. Lists are answered whole (a handful of rows each).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AddressAddBody,
  BankAddBody,
  Binding,
  BindingTemplate,
  WithdrawAddress,
} from '../../../contract/bank.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';

export { bindingsQuery, withdrawAddressesQuery } from '../../shared/query/bindings-query.ts';

export function bindingTemplateQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: [...accountKey(scope, RESOURCE.bindings), 'tmpl'],
    queryFn: ({ signal }) => getData<BindingTemplate>('index/bank/tmpl', {}, { signal }),
    staleTime: 60_000,
  });
}

export const addBinding = (body: BankAddBody) => postData<Binding>('bank/add', body);
export const deleteBinding = (id: number) => postData<null>('bank/del', { id: String(id) });
export const addWithdrawAddress = (body: AddressAddBody) =>
  postData<WithdrawAddress>('coin/withdraw/address/generate', body);
export const deleteWithdrawAddress = (id: number) =>
  postData<null>('coin/withdraw/address/del', { id: String(id) });

/** After a change: every binding read of the account (both kinds) or its addresses. */
export function invalidateBindings(client: QueryClient, scope: AccountScope, what: 'bindings' | 'addresses') {
  const resource = what === 'bindings' ? RESOURCE.bindings : RESOURCE.withdrawAddresses;
  return client.invalidateQueries({ queryKey: accountKey(scope, resource) });
}

/** A new client id per opened form: a retried submit of it has one effect. */
export function newClientId(): string {
  return crypto.randomUUID();
}
