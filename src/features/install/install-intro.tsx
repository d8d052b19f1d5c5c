// What the user is about to install, said plainly: a web app from the browser, no store listing, and what
// works without a connection (the screens) and what does not (prices, the account, orders).
import { useTranslation } from 'react-i18next';
import { IconLogo } from '../../shared/ui/icons.tsx';

export function InstallIntro() {
  const { t } = useTranslation();
  return (
    <div className="install-intro">
      <IconLogo size={56} />
      <h2 className="install-intro__name">{t('common:appName')}</h2>
      <p className="install-intro__text">{t('pwa:install.intro')}</p>
      <p className="install-intro__text muted">{t('pwa:install.benefits')}</p>
    </div>
  );
}
