// The bell on a stock's or a coin's page: opens the user's price alerts with the alert sheet of this symbol
// (/pages/user/alerts?symbol=…, features/alerts). Guests go to login first (a signed-in route).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeTo } from '../../../shared/routing/paths.ts';

export function AlertBell({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  return (
    <Link
      className="icon-btn"
      to={routeTo('user.alerts', { symbol })}
      aria-label={t('nav:title.user.alerts')}
      data-testid="alert-bell"
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16zM10 20a2 2 0 0 0 4 0" strokeLinejoin="round" />
      </svg>
    </Link>
  );
}
