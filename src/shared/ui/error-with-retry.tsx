// A read that failed with nothing to show: says so in the user's language and offers another try. A refusal
// with a server message was already toasted by the global handler; this block stays plain.
import { useTranslation } from 'react-i18next';
import { NetworkError } from '../api/api-errors.ts';
import s from './error-with-retry.module.css';

export function ErrorWithRetry({
  error,
  onRetry,
  testId = 'error-retry',
}: {
  error?: unknown;
  onRetry: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const offline = error instanceof NetworkError;
  return (
    <div className={s.block} role="alert" data-testid={testId}>
      <p className={s.title}>{t(offline ? 'common:state.offline' : 'common:state.error')}</p>
      <button type="button" className={`btn btn--ghost ${s.retry}`} onClick={onRetry}>
        {t('common:retry')}
      </button>
    </div>
  );
}
