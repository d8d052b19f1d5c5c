// The install block of the download pages: the browser's own install dialog behind one button where the
// browser offers it (Chrome and Edge fire `beforeinstallprompt`), "installed" when running from the home
// screen, and otherwise a pointer to the manual steps (Safari, Firefox, or an offer already used).
import { useTranslation } from 'react-i18next';
import { promptInstall, useInstallState } from '../../shared/pwa/install-prompt.ts';
import { IconCheck, IconDeposit } from '../../shared/ui/icons.tsx';
import s from './install-action.module.css';

export function InstallAction() {
  const { t } = useTranslation('pwa');
  const state = useInstallState();
  if (state === 'installed') {
    return (
      <p className={`${s.note} ${s.ok}`} data-testid="install-state" data-state={state}>
        <IconCheck size={20} />
        <span>{t('install.installed')}</span>
      </p>
    );
  }
  if (state === 'can-prompt') {
    return (
      <button
        type="button"
        className="btn btn--primary btn--block"
        data-testid="install-button"
        onClick={() => void promptInstall()}
      >
        <IconDeposit size={20} />
        {t('install.button')}
      </button>
    );
  }
  return (
    <p className={s.note} data-testid="install-state" data-state={state}>
      {t('install.manual')}
    </p>
  );
}
