// One long-text page (company introduction, privacy policy or disclaimer), rendered from INFO_DOCS.
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { INFO_DOCS, type InfoDoc } from './info-docs.ts';
import styles from './info-doc-page.module.css';

export function InfoDocPage({ doc, titleKey }: { doc: InfoDoc; titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t(titleKey)} />
      <div className="page__body">
        <article className={`card ${styles.prose}`}>
          <p>{t(`info:${doc}.lead`)}</p>
          {INFO_DOCS[doc].map((s) => (
            <section key={s} className={styles.prose}>
              <h2>{t(`info:${doc}.${s}.title`)}</h2>
              <p>{t(`info:${doc}.${s}.body`)}</p>
            </section>
          ))}
          <p className="small">{t('info:updated')}</p>
        </article>
      </div>
    </div>
  );
}
