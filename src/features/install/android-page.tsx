// Install on Android (/pages/common/androidAPP): Chrome's install dialog behind a button where it is offered,
// and the menu steps ("Install app" / "Add to Home screen") where it is not.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { InstallAction } from './install-action.tsx';
import { InstallIntro } from './install-intro.tsx';
import { InstallSteps } from './install-steps.tsx';

export default function AndroidPage() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="android-page">
      <PageHeader title={t('nav:title.common.androidAPP')} />
      <div className="page__body">
        <InstallIntro />
        <InstallAction />
        <InstallSteps platform="android" />
      </div>
    </div>
  );
}
