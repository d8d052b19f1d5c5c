// The console's frame: who is signed in (GET me), the language switch, the sections the operator's roles
// allow, and the section shown.
import { useCallback, useEffect, useState } from 'react';
import { apiGet, apiPost, setApiLang } from './api.ts';
import { AuditPage } from './audit-page.tsx';
import { ContentPage } from './content-page.tsx';
import s from './console.module.css';
import { applyLang, initialLang, LangContext } from './lang.ts';
import { LoginForm } from './login-form.tsx';
import { LookupPage } from './lookup-page.tsx';
import { InboxPage } from './inbox-page.tsx';
// ---- ipo (issue 17): IPO offerings
import { IpoPage } from './ipo-page.tsx';
import { QueuePage } from './queue-page.tsx';
import { QUEUES } from './queues.ts';
import { SettingsPage } from './settings-page.tsx';
// ---- placements (issue 17 §4)
import { PlacementPage } from './placement-page.tsx';
// ---- block trades (issue 17 §5)
import { BulkPage } from './bulk-page.tsx';
// ---- coin ICO (issue 17 §7)
import { IcoPage } from './ico-page.tsx';
import { text, type Lang } from './texts.ts';
// ---- votes (h-vote)
import { VotePage } from './vote-page.tsx';
import { mayAct, type ConsoleOperator, type Role } from './types.ts';

interface Section {
  id: string;
  title: string;
  roles: readonly Role[];
}

const SECTIONS: readonly Section[] = [
  ...QUEUES.map((q) => ({ id: `queue:${q.name}`, title: q.title, roles: q.roles })),
  { id: 'lookup', title: 'nav.lookup', roles: ['support', 'kyc', 'finance', 'manager'] },
  // support inbox (issue 19)
  { id: 'inbox', title: 'nav.inbox', roles: ['support'] },
  { id: 'settings', title: 'nav.settings', roles: ['finance'] },
  { id: 'audit', title: 'nav.audit', roles: ['admin'] },
  { id: 'content', title: 'nav.content', roles: ['support'] },
  // ---- votes (h-vote): shareholder resolutions
  { id: 'votes', title: 'nav.votes', roles: ['finance'] },
  // ---- placements (issue 17 §4)
  { id: 'placements', title: 'nav.placements', roles: ['finance'] },
  // ---- ipo (issue 17): offerings, allotment, listing (finance; admin may do anything)
  { id: 'ipo', title: 'nav.ipo', roles: ['finance'] },
  // ---- block trades (issue 17 §5)
  { id: 'bulk', title: 'nav.bulk', roles: ['finance'] },
  // ---- coin ICO (issue 17 §7): token sales (finance; admin passes every role check)
  { id: 'ico', title: 'nav.ico', roles: ['finance'] },
];

export function ConsoleApp() {
  const [lang, setLang] = useState<Lang>(initialLang);
  const [me, setMe] = useState<ConsoleOperator | null | undefined>(undefined);
  const [section, setSection] = useState<string>('');
  const t = (key: string) => text(lang, key);

  useEffect(() => {
    applyLang(lang);
    setApiLang(lang);
  }, [lang]);
  useEffect(() => {
    apiGet<ConsoleOperator>('me').then(setMe, () => setMe(null));
  }, []);

  const allowed = me ? SECTIONS.filter((x) => mayAct(me.roles, x.roles)) : [];
  const current = allowed.find((x) => x.id === section) ?? allowed[0];
  const logout = useCallback(async () => {
    await apiPost('logout').catch(() => undefined);
    setMe(null);
  }, []);

  const switchLang = (
    <button
      type="button"
      className={s.linkButton}
      onClick={() => setLang(lang === 'ur-PK' ? 'en-US' : 'ur-PK')}
    >
      {t('app.lang')}
    </button>
  );

  return (
    <LangContext.Provider value={lang}>
      <header className={s.header}>
        <h1 className={s.title}>{t('app.title')}</h1>
        <div className={s.headerActions}>
          {switchLang}
          {me && (
            <button type="button" className={s.linkButton} onClick={() => void logout()}>
              {t('nav.logout')} ({me.username})
            </button>
          )}
        </div>
      </header>
      {me === undefined ? (
        <p className={s.note}>{t('common.loading')}</p>
      ) : me === null ? (
        <LoginForm onDone={setMe} />
      ) : (
        <>
          <nav className={s.nav} aria-label={t('app.title')}>
            {allowed.map((x) => (
              <button
                key={x.id}
                type="button"
                className={s.navButton}
                aria-current={current?.id === x.id ? 'page' : undefined}
                onClick={() => setSection(x.id)}
              >
                {t(x.title)}
              </button>
            ))}
          </nav>
          <main className={s.main}>
            {current?.id.startsWith('queue:') && (
              <QueuePage
                key={current.id}
                queue={QUEUES.find((q) => `queue:${q.name}` === current.id) ?? QUEUES[0]!}
              />
            )}
            {current?.id === 'lookup' && <LookupPage />}
            {current?.id === 'inbox' && <InboxPage />}
            {current?.id === 'settings' && <SettingsPage />}
            {current?.id === 'audit' && <AuditPage />}
            {current?.id === 'content' && <ContentPage />}
            {/* ---- votes (h-vote) */}
            {current?.id === 'votes' && <VotePage />}
            {/* ---- placements (issue 17 §4) */}
            {current?.id === 'placements' && <PlacementPage />}
            {/* ---- ipo (issue 17) */}
            {current?.id === 'ipo' && <IpoPage />}
            {/* ---- block trades (issue 17 §5) */}
            {current?.id === 'bulk' && <BulkPage />}
            {current?.id === 'ico' && <IcoPage />}
          </main>
        </>
      )}
    </LangContext.Provider>
  );
}
