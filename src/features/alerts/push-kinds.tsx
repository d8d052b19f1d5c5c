// Which kinds of personal message reach this user's devices as notifications (user/push/prefs; all on by
// default). Every kind is still in the message centre; these switches only choose what also pops up on the
// device. A change is saved at once and the answer replaces the cached list.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PushKind, PushPrefs } from '../../../contract/alerts.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { Checkbox } from '../../shared/forms/fields/check-field.tsx';
import type { AccountScope } from '../../shared/query/query-keys.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { ErrorWithRetry } from '../../shared/ui/error-with-retry.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { toastCallFailure } from '../../shared/ui/toast-call-failure.ts';
import s from './alerts.module.css';

export const pushPrefsKey = (scope: AccountScope) => [...scope, 'push-prefs'] as const;

function pushPrefsQuery(scope: AccountScope) {
  return queryOptions({
    queryKey: pushPrefsKey(scope),
    queryFn: ({ signal }) => getData<PushPrefs>('user/push/prefs', undefined, { signal }),
    staleTime: 60_000,
    enabled: scope[0] !== 'guest',
  });
}

export function PushKinds() {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const client = useQueryClient();
  const q = useQuery(pushPrefsQuery(scope));
  const save = useMutation({
    mutationFn: (off: PushKind[]) => postData<PushPrefs>('user/push/prefs/set', { off: off.join(',') }),
    onSuccess: (data) => client.setQueryData(pushPrefsKey(scope), data),
    onError: toastCallFailure,
  });
  if (q.isPending) return <Skeleton rows={2} />;
  if (q.isError) return <ErrorWithRetry error={q.error} onRetry={() => void q.refetch()} />;
  const kinds = save.variables && save.isPending ? save.variables : null;
  const isOn = (k: PushKind) =>
    kinds ? !kinds.includes(k) : (q.data.kinds.find((x) => x.kind === k)?.on ?? true);
  const toggle = (k: PushKind, on: boolean) => {
    const off = q.data.kinds.map((x) => x.kind).filter((x) => (x === k ? !on : !isOn(x)));
    save.mutate(off);
  };
  return (
    <section className={s.kinds} data-testid="push-kinds" aria-busy={save.isPending || undefined}>
      <h2 className={s.kindsTitle}>{t('alerts:kinds.title')}</h2>
      <p className={s.meta}>{t('alerts:kinds.hint')}</p>
      {q.data.kinds.map(({ kind }) => (
        <Checkbox key={kind} name={`push-${kind}`} checked={isOn(kind)} onChange={(on) => toggle(kind, on)}>
          {t(`alerts:kinds.${kind}`)}
        </Checkbox>
      ))}
    </section>
  );
}
