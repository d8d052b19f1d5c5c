// Placeholder rows while a first answer is on its way: the shape of a list row, no made-up numbers. `shape`
// 'quote' is a market quote row (name, price, change pill); 'row' a plain two-column list row.
import { useTranslation } from 'react-i18next';
import { cx } from './cx.ts';
import s from './skeleton.module.css';

export function Skeleton({
  rows = 5,
  testId = 'skeleton',
  shape = 'row',
  label,
}: {
  rows?: number;
  testId?: string;
  shape?: 'row' | 'quote';
  /** what is loading, for screen readers (default: "Loading") */
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={label ?? t('common:loading')} data-testid={testId}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={cx(s.row, shape === 'quote' && s.quote)} aria-hidden="true">
          <span className={cx(s.bar, s.barA)} />
          <span className={s.bar} />
          {shape === 'quote' && <span className={cx(s.bar, s.pill)} />}
        </div>
      ))}
    </div>
  );
}
