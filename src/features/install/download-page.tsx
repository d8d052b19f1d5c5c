// Download the app (/pages/common/download): what installing means for a web app, the install button where
// the browser offers one, and the way to each platform's steps.
import { useTranslation } from 'react-i18next';
import { routeTo } from '../../shared/routing/paths.ts';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { InstallAction } from './install-action.tsx';
import { InstallIntro } from './install-intro.tsx';

export default function DownloadPage() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="download-page">
      <PageHeader title={t('nav:title.common.download')} />
      <div className="page__body">
        <InstallIntro />
        <InstallAction />
        <ListGroup title={t('pwa:install.choose')}>
          <ListRow label={t('pwa:android.title')} to={routeTo('common.androidAPP')} testId="to-android" />
          <ListRow label={t('pwa:ios.title')} to={routeTo('common.iosAPP')} testId="to-ios" />
        </ListGroup>
      </div>
    </div>
  );
}
