// The one page for every route a later issue builds: its translated title and an honest "coming soon" —
// never made-up data.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { IconHourglass } from '../../shared/ui/icons.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { useCurrentRoute } from '../current-route.ts';

export default function ComingSoonPage() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const title = route ? t(route.titleKey) : t('common:appName');
  return (
    <div className="page" data-testid="coming-soon">
      <PageHeader title={title} start={route?.tab ? null : undefined} />
      <div className="page__body page__body--center">
        <EmptyState
          icon={<IconHourglass size={40} />}
          title={t('common:comingSoon.title')}
          text={t('common:comingSoon.text', { name: title })}
          action={
            route?.tab === 'home' ? undefined : (
              <Link className="btn btn--ghost" to={routeTo('tabbar.home')}>
                {t('common:comingSoon.home')}
              </Link>
            )
          }
        />
      </div>
    </div>
  );
}
