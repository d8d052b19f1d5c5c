// The profile (user/info) as a query. Shared because the account screens, the trade screen and the
// transaction password page all read it; its answer is also written to storage, which stays the session's
// source of truth (spec §4) and which the session atoms mirror.
import { queryOptions } from '@tanstack/react-query';
import type { UserInfo } from '../../../workers/protocol/api.ts';
import { getData } from '../api/data-client.ts';
import { storage } from '../storage/storage.ts';
import { accountKey, RESOURCE, type AccountScope } from './query-keys.ts';

export function profileQuery(scope: AccountScope) {
  return queryOptions({
    // Keyed by the account type alone: the id comes from this very answer, and keying by it would fetch twice.
    queryKey: accountKey([scope[0], null], RESOURCE.profile),
    queryFn: async ({ signal }) => {
      const user = await getData<UserInfo>('user/info', undefined, { signal });
      // Only while the account that asked is still the current one.
      if (storage.get('userAccountType') === scope[0]) storage.set('userInfo', user);
      return user;
    },
    enabled: scope[0] !== 'guest',
    staleTime: 10_000,
  });
}
