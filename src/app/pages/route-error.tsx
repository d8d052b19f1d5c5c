// Errors while opening a page: a chunk that timed out or is missing (spec §8), or anything else. Shown inside
// the app frame with a retry; a reload is the retry that works, as browsers cache a failed module import.
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { IconRefresh } from '../../shared/ui/icons-first.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { isChunkLoadError } from '../lazy-page.ts';

export function RouteErrorScreen() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error) ? error.kind : null;
  const title =
    chunk === 'timeout'
      ? t('common:chunkError.timeout')
      : chunk === 'missing'
        ? t('common:chunkError.missing')
        : t('common:chunkError.generic');
  if (error) console.error(error);
  return (
    <div className="page">
      <PageHeader title={t('common:chunkError.heading')} />
      <div className="page__body page__body--center">
        <EmptyState
          icon={<IconRefresh size={40} />}
          title={title}
          text={t('common:chunkError.text')}
          action={
            <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
              {t('common:retry')}
            </button>
          }
        />
      </div>
    </div>
  );
}
