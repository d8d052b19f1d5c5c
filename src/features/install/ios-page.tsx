// Install on iPhone and iPad (/pages/common/iosAPP): Safari's Share → Add to Home Screen, step by step.
// Safari offers no install dialog to a page, so there is no button here, only "installed" when it is.
import { useTranslation } from 'react-i18next';
import { useInstallState } from '../../shared/pwa/install-prompt.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { InstallAction } from './install-action.tsx';
import { InstallIntro } from './install-intro.tsx';
import { InstallSteps } from './install-steps.tsx';

export default function IosPage() {
  const { t } = useTranslation();
  const installed = useInstallState() === 'installed';
  return (
    <div className="page" data-testid="ios-page">
      <PageHeader title={t('nav:title.common.iosAPP')} />
      <div className="page__body">
        <InstallIntro />
        {installed && <InstallAction />}
        <InstallSteps platform="ios" />
      </div>
    </div>
  );
}
