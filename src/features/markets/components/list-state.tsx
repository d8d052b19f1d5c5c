// Honest list states: loading skeleton rows, an error with retry, an empty watchlist, a guest prompt.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type State = 'loading' | 'error' | 'empty' | 'watchEmpty' | 'guest';

export function SkeletonRows({ count = 8 }: { count?: number }) {
  return (
    <div className="skeleton-list" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton-row">
          <span className="skeleton skeleton--a" />
          <span className="skeleton skeleton--b" />
          <span className="skeleton skeleton--c" />
        </div>
      ))}
    </div>
  );
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
    return (
      <div role="status" aria-label={t('markets:state.loading')} data-testid="list-loading">
        <SkeletonRows />
      </div>
    );
  const title =
    state === 'error'
      ? t('markets:state.error')
      : state === 'watchEmpty'
        ? t('markets:state.watchEmpty')
        : state === 'guest'
          ? t('markets:state.watchGuest')
          : t('markets:state.empty');
  return (
    <div className="list-state" data-testid={`list-${state}`}>
      <p className="list-state__title">{title}</p>
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
