// The message centre (/pages/notice/list): tabs Platform (notices from operators, unread dot until opened on
// this device) and Messages (the caller's own, unread dots, "mark all read"). ?tab=messages opens the second.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useUnreadNotices } from '../../shared/query/notice-unread.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { LOGIN_ROUTE, routeTo } from '../../shared/routing/paths.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { TabPanel, Tabs } from '../../shared/ui/tabs.tsx';
import { MessageRow, PlatformRow } from './notice-rows.tsx';
import s from './notice.module.css';
import { isNoticeSeen, messagesQuery, platformNoticesQuery, useMarkRead } from './queries.ts';

type Tab = 'platform' | 'messages';

function PlatformList() {
  const { t, i18n } = useTranslation();
  const q = useInfiniteQuery(platformNoticesQuery(i18n.language));
  return (
    <PagedList
      query={q}
      testId="notice-platform-list"
      itemKey={(n) => n.id}
      renderItem={(n) => <PlatformRow n={n} seen={isNoticeSeen(n.id)} />}
      empty={<EmptyState title={t('notice:platform.empty')} testId="notice-platform-empty" />}
    />
  );
}

function MessageList() {
  const { t, i18n } = useTranslation();
  const scope = useAccountScope();
  const q = useInfiniteQuery(messagesQuery(scope, i18n.language));
  const unread = useUnreadNotices();
  const markAll = useMarkRead();
  if (scope[0] === 'guest')
    return (
      <EmptyState
        title={t('notice:messages.signIn')}
        testId="notice-messages-guest"
        action={
          <Link className="btn btn--primary" to={routeTo(LOGIN_ROUTE)}>
            {t('notice:messages.signInAction')}
          </Link>
        }
      />
    );
  return (
    <>
      <div className={s.tools}>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate('all')}
          data-testid="notice-mark-all"
        >
          {t('notice:messages.markAll')}
        </button>
      </div>
      <PagedList
        query={q}
        testId="notice-message-list"
        itemKey={(m) => m.id}
        renderItem={(m) => <MessageRow m={m} />}
        empty={<EmptyState title={t('notice:messages.empty')} testId="notice-messages-empty" />}
      />
    </>
  );
}

export default function NoticeListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'messages' ? 'messages' : 'platform';
  const unread = useUnreadNotices();
  const panelId = useId();
  return (
    <div className="page">
      <PageHeader title={t('nav:title.notice.list')} />
      <Tabs
        items={[
          { value: 'platform', label: t('notice:tabs.platform'), testId: 'notice-tab-platform' },
          {
            value: 'messages',
            label: t('notice:tabs.messages'),
            count: unread > 0 ? unread : undefined,
            testId: 'notice-tab-messages',
          },
        ]}
        value={tab}
        onChange={(v: Tab) => setParams(v === 'messages' ? { tab: v } : {}, { replace: true })}
        label={t('nav:title.notice.list')}
        panelId={panelId}
        className={s.tabs}
      />
      <TabPanel id={panelId} value={tab}>
        {tab === 'platform' ? <PlatformList /> : <MessageList />}
      </TabPanel>
    </div>
  );
}
