// The Trade icon in a tab page's header: Trade is not a tab (routes.ts TAB_ROUTES says why), so the tab pages
// without another way to it (Markets, AI, Mine) carry this one-tap link to the order ticket.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeTo } from '../routing/paths.ts';
import { IconTrade } from './icons-first.tsx';

export function TradeShortcut() {
  const { t } = useTranslation();
  const label = t('nav:title.tabbar.trade');
  return (
    <Link
      className="icon-btn"
      to={routeTo('tabbar.trade')}
      aria-label={label}
      title={label}
      data-testid="header-trade"
    >
      <IconTrade />
    </Link>
  );
}
