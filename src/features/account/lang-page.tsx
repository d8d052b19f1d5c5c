// Language (/pages/common/lang): Urdu or English, switched in place (no reload) and stored.
import { useTranslation } from 'react-i18next';
import { LANGS, type Lang } from '../../../workers/protocol/api.ts';
import { changeLanguage } from '../../shared/i18n/i18n.ts';
import { storage } from '../../shared/storage/storage.ts';
import { IconCheck } from '../../shared/ui/icons.tsx';
import { ListGroup, ListRow } from '../../shared/ui/list-row.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import s from './lang-page.module.css';

/**
 * Each language is named in its own script, so a user who cannot read the current one still finds theirs
 * (both locale files hold the same native names, so the language in use has them: only it is downloaded).
 */
const NATIVE_NAME: Record<Lang, { key: string; code: string }> = {
  'ur-PK': { key: 'common:lang.urNative', code: 'UR' },
  'en-US': { key: 'common:lang.enNative', code: 'EN' },
};

export async function selectLanguage(lang: Lang): Promise<void> {
  storage.setLang(lang);
  await changeLanguage(lang);
}

export default function LangPage() {
  const { t, i18n } = useTranslation();
  const current = i18n.language;
  return (
    <div className="page">
      <PageHeader title={t('nav:title.common.lang')} />
      <div className="page__body">
        <ListGroup>
          {LANGS.map((lang) => (
            <ListRow
              key={lang}
              testId={`lang-${lang}`}
              icon={<span className={s.flag}>{NATIVE_NAME[lang].code}</span>}
              label={
                <span lang={lang} dir={lang === 'ur-PK' ? 'rtl' : 'ltr'}>
                  {t(NATIVE_NAME[lang].key)}
                </span>
              }
              value={current === lang ? <IconCheck className={s.tick} /> : undefined}
              chevron={false}
              onClick={() => void selectLanguage(lang)}
            />
          ))}
        </ListGroup>
      </div>
    </div>
  );
}
