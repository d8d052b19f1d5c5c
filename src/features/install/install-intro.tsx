// What the user is about to install, said plainly: a web app from the browser, no store listing, and what
// works without a connection (the screens) and what does not (prices, the account, orders).
import { useTranslation } from 'react-i18next';
import { IconLogo } from '../../shared/ui/icons.tsx';
import s from './install-intro.module.css';

export function InstallIntro() {
  const { t } = useTranslation();
  return (
    <div className={s.intro} data-testid="install-intro">
      <IconLogo size={56} />
      <h2 className={s.name}>{t('common:appName')}</h2>
      <p className={s.text}>{t('pwa:install.intro')}</p>
      <p className={`${s.text} muted`}>{t('pwa:install.benefits')}</p>
    </div>
  );
}
