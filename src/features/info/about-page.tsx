// About us (/pages/user/about): app name, version 1.0.0 (100) and links to the company and legal texts.
import { useTranslation } from 'react-i18next';
import { routeTo } from '../../shared/routing/paths.ts';
import { IconDoc, IconInfo, IconLogo, IconShield } from '../../shared/ui/icons.tsx';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { Num } from '../../shared/ui/num.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import s from './about-page.module.css';

/** Spec §9: app version 1.0.0, version code 100. */
export const APP_VERSION = '1.0.0';
export const APP_VERSION_CODE = 100;

export default function AboutPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('nav:title.user.about')} />
      <div className="page__body">
        <div className={s.head}>
          <IconLogo size={72} />
          <h2 className={s.name}>{t('common:appName')}</h2>
          <p className="muted small">{t('info:about.tagline')}</p>
          <p className="muted small" data-testid="app-version">
            {t('info:about.version')} <Num>{`${APP_VERSION} (${APP_VERSION_CODE})`}</Num>
          </p>
        </div>
        <ListGroup>
          <ListRow
            icon={<IconInfo size={20} />}
            label={t('nav:title.common.companyIntroduction')}
            to={routeTo('common.companyIntroduction')}
          />
          <ListRow
            icon={<IconShield size={20} />}
            label={t('nav:title.common.privacyPolicy')}
            to={routeTo('common.privacyPolicy')}
          />
          <ListRow
            icon={<IconDoc size={20} />}
            label={t('nav:title.common.disclaimer')}
            to={routeTo('common.disclaimer')}
          />
        </ListGroup>
      </div>
    </div>
  );
}
