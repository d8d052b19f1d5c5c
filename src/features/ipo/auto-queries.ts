// Automatic IPO subscription's read and write (contract/ipo-auto.ts): the account's switch, cap and last
// decisions (keyed by the account: real and demo each their own switch); setting it answers the new state.
import { queryOptions } from '@tanstack/react-query';
import type { AutoApplyBody, AutoApplyState } from '../../../contract/ipo-auto.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { accountKey, RESOURCE, type AccountScope } from '../../shared/query/query-keys.ts';

export function autoApplyQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: accountKey(scope, RESOURCE.ipoAuto),
    queryFn: ({ signal }) => getData<AutoApplyState>('user/autoapply', undefined, { signal }),
    staleTime: 10_000,
  });
}

export const setAutoApplyCall = (body: AutoApplyBody) =>
  postData<AutoApplyState>('user/update/autoapply', { ...body });
