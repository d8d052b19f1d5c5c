// Price alerts (contract/alerts.ts): the caller's list (user/alert/list) and the add / delete actions, which
// refresh it. Alerts belong to the user, not to an account, but the key starts with the account scope like
// every signed-in read, so a cache is never shared between users or modes.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Alert, AlertAddBody, AlertList } from '../../../contract/alerts.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import type { AccountScope } from '../../shared/query/query-keys.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';

export const alertsKey = (scope: AccountScope) => [...scope, 'price-alerts'] as const;

export function alertsQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: alertsKey(scope),
    queryFn: ({ signal }) => getData<AlertList>('user/alert/list', undefined, { signal }),
    staleTime: 15_000,
    enabled: scope[0] !== 'guest',
  });
}

export const postAlert = (body: AlertAddBody) => postData<Alert>('user/alert/add', body);

export function useDeleteAlert() {
  const client = useQueryClient();
  const scope = useAccountScope();
  return useMutation({
    mutationFn: (id: number) => postData<{ id: number }>('user/alert/del', { id: String(id) }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertsKey(scope) }),
  });
}
