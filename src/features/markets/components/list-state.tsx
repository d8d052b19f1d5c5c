// Honest list states: loading skeleton rows, an error with retry, an empty watchlist, a guest prompt.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import s from './list-state.module.css';

type State = 'loading' | 'error' | 'empty' | 'watchEmpty' | 'guest';

/** Quote-shaped placeholder rows (the shared Skeleton). */
export function SkeletonRows({ count = 8 }: { count?: number }) {
  return <Skeleton rows={count} shape="quote" testId="quote-skeleton" />;
}

export function ListState({
  state,
  onRetry,
  action,
}: {
  state: State;
  onRetry?: () => void;
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  if (state === 'loading')
    return <Skeleton rows={8} shape="quote" testId="list-loading" label={t('markets:state.loading')} />;
  const title =
    state === 'error'
      ? t('markets:state.error')
      : state === 'watchEmpty'
        ? t('markets:state.watchEmpty')
        : state === 'guest'
          ? t('markets:state.watchGuest')
          : t('markets:state.empty');
  return (
    <div className={s.state} data-testid={`list-${state}`}>
      <p className={s.title}>{title}</p>
      {state === 'watchEmpty' && <p className="muted small">{t('markets:state.watchEmptyText')}</p>}
      {state === 'error' && onRetry && (
        <button type="button" className="btn btn--ghost btn--small" onClick={onRetry}>
          {t('markets:state.retry')}
        </button>
      )}
      {action}
    </div>
  );
}
