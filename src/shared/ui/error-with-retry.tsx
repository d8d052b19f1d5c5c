// A read that failed with nothing to show: says so in the user's language and offers another try. A refusal
// with a server message was already toasted by the global handler; this block stays plain.
import { useTranslation } from 'react-i18next';
import { NetworkError } from '../api/api-errors.ts';
import './remote-state.css';

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
    <div className="rs-block" role="alert" data-testid={testId}>
      <p className="rs-block__title">{t(offline ? 'common:state.offline' : 'common:state.error')}</p>
      <button type="button" className="btn btn--ghost rs-btn" onClick={onRetry}>
        {t('common:retry')}
      </button>
    </div>
  );
}
