// /pages/user/alerts — the user's price alerts (beyond spec §2; issue 19 item 6): each with its rule, its
// state (on, or fired for a one-shot), how often it fired, a tap to its symbol's page and a delete; the cap
// of active alerts; whether this device gets notifications (and the way to turn them on, explained first);
// a link to the messages, where fired alerts are.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Alert } from '../../../contract/alerts.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { routeTo } from '../../shared/routing/paths.ts';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { cx } from '../../shared/ui/cx.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { ErrorWithRetry } from '../../shared/ui/error-with-retry.tsx';
import { IconTrash } from '../../shared/ui/icons.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { toastCallFailure } from '../../shared/ui/toast-call-failure.ts';
import { AlertSheet } from './alert-sheet.tsx';
import { PushStatus } from './alert-permission.tsx';
import { PushKinds } from './push-kinds.tsx';
import { alertsQuery, useDeleteAlert } from './queries.ts';
import s from './alerts.module.css';

function AlertRow({ a, onDelete }: { a: Alert; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <li className={cx(s.row, !a.active && s.off)} data-testid="alert-row">
      <Link className={s.main} to={a.link}>
        <span className={s.symbol} dir="ltr">
          {a.symbol}
        </span>
        <span>{t(`alerts:list.${a.kind}`, { value: a.value })}</span>
        <span className={s.meta}>
          {a.active ? t('alerts:list.active') : t('alerts:list.off')}
          {a.repeat && ` · ${t('alerts:list.repeat')}`}
          {a.firedCount > 0 && ` · ${t('alerts:list.fired', { count: a.firedCount })}`}
        </span>
      </Link>
      <button
        type="button"
        className="icon-btn"
        aria-label={`${t('alerts:list.delete')} ${a.symbol}`}
        onClick={onDelete}
        data-testid="alert-delete"
      >
        <IconTrash />
      </button>
    </li>
  );
}

export default function AlertsPage() {
  const { t } = useTranslation();
  const scope = useAccountScope();
  const q = useQuery(alertsQuery(scope));
  const [params, setParams] = useSearchParams();
  const symbol = params.get('symbol') ?? '';
  const del = useDeleteAlert();
  const [victim, setVictim] = useState<Alert | null>(null);
  const list = q.data?.list ?? [];
  const active = list.filter((a) => a.active).length;
  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.alerts')} />
      <div className="page__body">
        <PushStatus />
        {q.isPending ? (
          <Skeleton rows={4} />
        ) : q.isError ? (
          <ErrorWithRetry error={q.error} onRetry={() => void q.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState title={t('alerts:list.empty')} text={t('alerts:list.emptyHint')} />
        ) : (
          <>
            <p className={s.note} data-testid="alerts-count">
              {t('alerts:list.max', { count: active, max: q.data.maxActive })}
            </p>
            <ul data-testid="alerts-list">
              {list.map((a) => (
                <AlertRow key={a.id} a={a} onDelete={() => setVictim(a)} />
              ))}
            </ul>
          </>
        )}
        <PushKinds />
        <p className={s.note}>
          <Link className="link-btn" to={routeTo('notice.list', { tab: 'messages' })}>
            {t('alerts:list.messages')}
          </Link>
        </p>
      </div>
      {/^[A-Z0-9._-]{1,20}$/.test(symbol) && (
        <AlertSheet symbol={symbol} open onClose={() => setParams({}, { replace: true })} />
      )}
      <ConfirmDialog
        open={victim !== null}
        title={t('alerts:list.deleteTitle')}
        message={
          victim ? `${victim.symbol} · ${t(`alerts:list.${victim.kind}`, { value: victim.value })}` : ''
        }
        confirmLabel={t('alerts:list.delete')}
        danger
        busy={del.isPending}
        onCancel={() => setVictim(null)}
        onConfirm={() => {
          if (!victim) return;
          del.mutate(victim.id, {
            onSuccess: () => showToast(t('alerts:list.deleted'), { icon: 'success' }),
            onError: toastCallFailure,
            onSettled: () => setVictim(null),
          });
        }}
      />
    </div>
  );
}
