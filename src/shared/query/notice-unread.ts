// The caller's unread personal messages (user/notice's `unread`), shared by the Home bell, the Mine row and the
// message centre: one cache entry under the account's notices key, so marking messages read there (which
// invalidates that key) updates the bell and the row. Guests have none (no call).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserMessagePage } from '../../../contract/notice.ts';
import { getData } from '../api/data-client.ts';
import { accountKey, RESOURCE, type AccountScope } from './query-keys.ts';
import { useAccountScope } from './use-account-scope.ts';

export const noticesKey = (scope: AccountScope) => accountKey(scope, RESOURCE.notices);

export function unreadNoticesQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: [...noticesKey(scope), 'unread'],
    queryFn: async ({ signal }) =>
      (await getData<UserMessagePage>('user/notice', { page: 1, size: 1 }, { signal })).unread,
    enabled: scope[0] !== 'guest',
    staleTime: 30_000,
  });
}

/** The unread count, 0 for guests and until the first answer. */
export function useUnreadNotices(): number {
  return useQuery(unreadNoticesQuery(useAccountScope())).data ?? 0;
}
