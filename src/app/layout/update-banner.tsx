// "A new version is ready — Reload": a small bar above the tab bar when a new release has installed and is
// waiting. It blocks nothing (no backdrop, the page stays usable); Reload lets the new release take over
// and reloads into it, the close button hides it until the next release or the next start.
import { useTranslation } from 'react-i18next';
import { applyUpdate, dismissUpdate, useUpdateWaiting } from '../../shared/pwa/sw-update.ts';
import { IconClose, IconRefresh } from '../../shared/ui/icons-first.tsx';
import s from './update-banner.module.css';

export function UpdateBanner() {
  // Asked for only while a release waits: its words are not among the first screens' texts (sw-update.ts
  // fetches them before it reports the release).
  return useUpdateWaiting() ? <UpdateBar /> : null;
}

function UpdateBar() {
  const { t } = useTranslation('pwa');
  return (
    <div className={s.banner} role="status" data-testid="update-banner">
      <IconRefresh size={20} className={s.icon} />
      <span className={s.text}>{t('update.ready')}</span>
      <button type="button" className={`btn btn--primary ${s.reload}`} onClick={applyUpdate}>
        {t('update.reload')}
      </button>
      <button type="button" className="icon-btn" aria-label={t('update.later')} onClick={dismissUpdate}>
        <IconClose size={20} />
      </button>
    </div>
  );
}
