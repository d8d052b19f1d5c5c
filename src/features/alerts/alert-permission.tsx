// Notifications explained before the browser asks (issue 19: permission is asked only when the user sets
// their first alert): what they are for, that alerts reach the messages anyway, and the two choices. Also
// the state line of the alerts page (on, blocked, not possible in this browser).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enablePush, pushState, type PushState } from '../../shared/pwa/push-subscribe.ts';
import { showToast } from '../../shared/ui/toast.tsx';
import { toastCallFailure } from '../../shared/ui/toast-call-failure.ts';
import s from './alerts.module.css';

export function AlertPermission({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <div className={s.permission} data-testid="alert-permission">
      <p>{t('alerts:permission.body')}</p>
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={busy}
        data-testid="alert-permission-allow"
        onClick={() => {
          setBusy(true);
          enablePush()
            .then((st) => {
              if (st === 'granted') showToast(t('alerts:permission.on'), { icon: 'success' });
              else
                showToast(t(st === 'denied' ? 'alerts:permission.denied' : 'alerts:permission.unsupported'));
              onDone();
            })
            .catch((err: unknown) => {
              toastCallFailure(err);
              onDone();
            });
        }}
      >
        {t('alerts:permission.allow')}
      </button>
      <button type="button" className="btn btn--block" onClick={onDone} data-testid="alert-permission-later">
        {t('alerts:permission.later')}
      </button>
    </div>
  );
}

/** One line on the alerts page: whether this device gets notifications, with the way to turn them on. */
export function PushStatus() {
  const { t } = useTranslation();
  const [st, setSt] = useState<PushState>(() => pushState());
  if (st === 'granted') return <p className={s.note}>{t('alerts:permission.on')}</p>;
  if (st === 'denied') return <p className={s.note}>{t('alerts:permission.denied')}</p>;
  if (st === 'unsupported') return <p className={s.note}>{t('alerts:permission.unsupported')}</p>;
  return (
    <div className={s.note}>
      <p>{t('alerts:permission.body')}</p>
      <button
        type="button"
        className="btn btn--primary"
        data-testid="push-enable"
        onClick={() => {
          enablePush().then(setSt).catch(toastCallFailure);
        }}
      >
        {t('alerts:permission.allow')}
      </button>
    </div>
  );
}
