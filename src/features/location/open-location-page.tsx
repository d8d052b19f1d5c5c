// /open-location: location permission, explained (decision in cities.ts). Shows the browser's real permission
// state (Permissions API, live), a button that asks (Geolocation API; the browser shows its own prompt), how
// to allow it again when blocked, and with a position the nearest city of the list, to keep as this device's
// city. Nothing is sent to the server; trading never needs location.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { nearestCity, type City } from './cities.ts';
import { useServiceCity } from './use-service-city.ts';

type PermState = 'granted' | 'denied' | 'prompt' | 'unsupported';

function usePermission(): PermState {
  const [state, setState] = useState<PermState>(
    typeof navigator !== 'undefined' && 'geolocation' in navigator ? 'prompt' : 'unsupported',
  );
  useEffect(() => {
    if (!('geolocation' in navigator) || !navigator.permissions?.query) return;
    let status: PermissionStatus | undefined;
    const read = () => status && setState(status.state);
    void navigator.permissions
      .query({ name: 'geolocation' })
      .then((s) => {
        status = s;
        read();
        s.addEventListener('change', read);
      })
      .catch(() => undefined);
    return () => status?.removeEventListener('change', read);
  }, []);
  return state;
}

export default function OpenLocationPage() {
  const { t, i18n } = useTranslation();
  const perm = usePermission();
  const [, setCity] = useServiceCity();
  const [asking, setAsking] = useState(false);
  const [found, setFound] = useState<{ city: City; km: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const ur = i18n.language === 'ur-PK';
  const ask = () => {
    setAsking(true);
    setFailed(false);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setAsking(false);
        setFound(nearestCity(p.coords.latitude, p.coords.longitude));
      },
      () => {
        setAsking(false);
        setFailed(true);
      },
      { enableHighAccuracy: false, timeout: 20_000, maximumAge: 600_000 },
    );
  };
  return (
    <div className="page">
      <PageHeader title={t('nav:title.system.openLocation')} />
      <div className="page__body" style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 12 }}>
        <p>{t('service:location.openIntro')}</p>
        <p data-testid="perm-state" data-state={perm}>
          {t(`service:location.state.${perm}`)}
        </p>
        {perm === 'denied' && <p className="muted small">{t('service:location.howToAllow')}</p>}
        {perm !== 'unsupported' && perm !== 'denied' && (
          <button
            type="button"
            className="btn btn--primary"
            onClick={ask}
            disabled={asking}
            data-testid="ask"
          >
            {asking ? t('service:location.asking') : t('service:location.ask')}
          </button>
        )}
        {failed && (
          <p role="alert" className="small">
            {t('service:location.failed')}
          </p>
        )}
        {found && (
          <div data-testid="nearest">
            <p>{t('service:location.nearest', { city: ur ? found.city.ur : found.city.en, km: found.km })}</p>
            <button
              type="button"
              className="btn"
              onClick={() => {
                setCity(found.city.id);
                showToast(t('service:location.saved', { city: ur ? found.city.ur : found.city.en }), {
                  icon: 'success',
                });
              }}
            >
              {t('service:location.keep')}
            </button>
          </div>
        )}
        <p className="muted small">{t('service:location.privacy')}</p>
      </div>
    </div>
  );
}
