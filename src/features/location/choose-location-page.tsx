// /choose-location: the city for cash deposits at a branch and in-person help (decision in cities.ts). A
// searchable list of Pakistan's largest cities; the choice is kept on this device only. A row leads to
// /open-location to find the nearest city with the browser's location instead.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame, fieldInputClass } from '../../shared/forms/fields/field-frame.tsx';
import { routeTo } from '../../shared/routing/paths.ts';
import { useGoBack } from '../../shared/ui/use-go-back.ts';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { showToast } from '../../shared/ui/toast.tsx';
import { CITIES } from './cities.ts';
import { useServiceCity } from './use-service-city.ts';

export default function ChooseLocationPage() {
  const { t, i18n } = useTranslation();
  const [city, setCity] = useServiceCity();
  const [q, setQ] = useState('');
  const searchId = useId();
  const goBack = useGoBack();
  const ur = i18n.language === 'ur-PK';
  const needle = q.trim().toLowerCase();
  const list = CITIES.filter((c) => !needle || c.en.toLowerCase().includes(needle) || c.ur.includes(needle));
  return (
    <div className="page">
      <PageHeader title={t('nav:title.system.chooseLocation')} />
      <div className="page__body">
        <p className="muted small" style={{ margin: '12px 16px' }}>
          {t('service:location.chooseIntro')}
        </p>
        <p style={{ margin: '0 16px 12px' }} data-testid="current-city">
          {city
            ? t('service:location.current', { city: ur ? city.ur : city.en })
            : t('service:location.none')}
        </p>
        <div style={{ margin: '0 16px 12px' }}>
          <FieldFrame inputId={searchId} label={t('service:location.search')}>
            <input
              id={searchId}
              className={fieldInputClass}
              type="search"
              enterKeyHint="search"
              autoComplete="off"
              value={q}
              onChange={(e) => setQ(e.target.value)}
            />
          </FieldFrame>
        </div>
        <ListGroup>
          <ListRow
            label={t('service:location.useMine')}
            to={routeTo('system.openLocation')}
            testId="use-mine"
          />
        </ListGroup>
        <ListGroup>
          {list.map((c) => (
            <ListRow
              key={c.id}
              label={ur ? c.ur : c.en}
              value={city?.id === c.id ? '✓' : undefined}
              testId={`city-${c.id}`}
              onClick={() => {
                setCity(c.id);
                showToast(t('service:location.saved', { city: ur ? c.ur : c.en }), { icon: 'success' });
                goBack();
              }}
            />
          ))}
        </ListGroup>
        {list.length === 0 && (
          <p className="muted small" style={{ margin: 16 }}>
            {t('service:location.noMatch')}
          </p>
        )}
      </div>
    </div>
  );
}
