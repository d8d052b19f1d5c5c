// "As of HH:MM": what is on screen is the last good answer, and a refresh has not come through. The time is
// the device's local clock time, digits left-to-right inside Urdu.
import { useTranslation } from 'react-i18next';
import { Num } from './num.tsx';
import s from './stale-note.module.css';

export function clockTime(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

export function StaleNote({ updatedAt, onRetry }: { updatedAt: number; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <p className={s.note} role="status" data-testid="stale-note">
      <span>
        {t('common:state.asOf')} <Num>{clockTime(updatedAt)}</Num>
      </span>
      {onRetry && (
        <button type="button" className={`link-btn ${s.retry}`} onClick={onRetry}>
          {t('common:retry')}
        </button>
      )}
    </p>
  );
}
