// Placeholder rows while a first answer is on its way: the shape of a list row, no made-up numbers.
import { useTranslation } from 'react-i18next';
import './remote-state.css';

export function Skeleton({ rows = 5, testId = 'skeleton' }: { rows?: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="rs-skeleton" role="status" aria-label={t('common:loading')} data-testid={testId}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="rs-skeleton__row" aria-hidden="true">
          <span className="rs-skeleton__bar rs-skeleton__bar--a" />
          <span className="rs-skeleton__bar rs-skeleton__bar--b" />
        </div>
      ))}
    </div>
  );
}
