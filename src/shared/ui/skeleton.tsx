// Placeholder rows while a first answer is on its way: the shape of a list row, no made-up numbers.
import { useTranslation } from 'react-i18next';
import { cx } from './cx.ts';
import s from './skeleton.module.css';

export function Skeleton({ rows = 5, testId = 'skeleton' }: { rows?: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common:loading')} data-testid={testId}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={s.row} aria-hidden="true">
          <span className={cx(s.bar, s.barA)} />
          <span className={s.bar} />
        </div>
      ))}
    </div>
  );
}
