// "As of HH:MM" on one group of figures that are not live: offline, or put back from this device after an
// offline start (CONVENTIONS rule 6). The time is Pakistan time (dayjs, as every time the app shows), its
// digits left-to-right inside Urdu. Renders nothing while the figures are live (asOf null).
import { useTranslation } from 'react-i18next';
import { formatDate } from '../format/dates.ts';
import { Num } from './num.tsx';
import styles from './as-of-note.module.css';

export function AsOfNote({ asOf, testId = 'as-of' }: { asOf: number | null; testId?: string }) {
  const { t } = useTranslation();
  if (asOf === null) return null;
  return (
    <p className={styles.note} data-testid={testId} data-as-of={asOf}>
      <span className={styles.dot} aria-hidden="true" />
      <span>
        {t('common:state.asOf')} <Num>{formatDate(asOf, 'HH:mm')}</Num>
      </span>
    </p>
  );
}
