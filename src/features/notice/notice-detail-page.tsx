// One notice or message (/pages/notice/detail?kind=platform|message&id=), found in the lists' pages (fetched
// on until found). Opening a platform notice marks it seen on this device; opening an unread message marks it
// read on the server. A message leads on to what it is about (its link, a route of the app).
import { useInfiniteQuery, type UseInfiniteQueryResult, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Page } from '../../../workers/protocol/market.ts';
import { useChatTime } from '../../shared/format/use-chat-time.ts';
import { flattenPages } from '../../shared/query/paging.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import s from './notice.module.css';
import { markNoticeSeen, messagesQuery, platformNoticesQuery, useMarkRead } from './queries.ts';

interface Shown {
  title: string;
  body: string;
  at: number;
  link?: string;
}

/** The item of `id` in the loaded pages; fetches the next page while it is not there and more exist. */
function useFind<T extends { id: number }>(q: UseInfiniteQueryResult<InfiniteData<Page<T>>>, id: number) {
  const found = flattenPages(q.data).find((x) => x.id === id);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = q;
  useEffect(() => {
    if (!found && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [found, hasNextPage, isFetchingNextPage, fetchNextPage]);
  return { found, searching: !found && (hasNextPage || q.isPending) };
}

function Body({ item }: { item: Shown }) {
  const { t } = useTranslation();
  const chatTime = useChatTime();
  return (
    <article className={s.detail} data-testid="notice-detail">
      <h2 className={s.title}>{item.title}</h2>
      <span className="muted small" dir="ltr">
        {chatTime(item.at)}
      </span>
      <p className={s.body}>{item.body}</p>
      {item.link && (
        <Link className="btn btn--primary btn--block" to={item.link} data-testid="notice-open-link">
          {t('notice:messages.open')}
        </Link>
      )}
    </article>
  );
}

function PlatformDetail({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const q = useInfiniteQuery(platformNoticesQuery(i18n.language));
  const { found, searching } = useFind(q, id);
  useEffect(() => {
    if (found) markNoticeSeen(found.id);
  }, [found]);
  if (found) return <Body item={{ title: found.title, body: found.body, at: found.publishedAt }} />;
  if (searching || q.isError)
    return (
      <RemoteView state={toRemoteState(q)} onRetry={() => void q.refetch()}>
        {() => null}
      </RemoteView>
    );
  return <EmptyState title={t('notice:notFound')} testId="notice-missing" />;
}

function MessageDetail({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const scope = useAccountScope();
  const q = useInfiniteQuery(messagesQuery(scope, i18n.language));
  const { found, searching } = useFind(q, id);
  const markRead = useMarkRead();
  const unread = found !== undefined && !found.read;
  const { mutate } = markRead;
  useEffect(() => {
    if (unread) mutate(id);
  }, [unread, id, mutate]);
  if (scope[0] === 'guest')
    return <EmptyState title={t('notice:messages.signIn')} testId="notice-messages-guest" />;
  if (found)
    return (
      <Body
        item={{
          title: found.title,
          body: found.body,
          at: found.createdAt,
          ...(found.link && { link: found.link }),
        }}
      />
    );
  if (searching || q.isError)
    return (
      <RemoteView state={toRemoteState(q)} onRetry={() => void q.refetch()}>
        {() => null}
      </RemoteView>
    );
  return <EmptyState title={t('notice:notFound')} testId="notice-missing" />;
}

export default function NoticeDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const idText = params.get('id') ?? '';
  const kind = params.get('kind') === 'message' ? 'message' : 'platform';
  const valid = /^[1-9][0-9]{0,15}$/u.test(idText);
  return (
    <div className="page">
      <PageHeader title={t('nav:title.notice.detail')} />
      <div className="page__body">
        {!valid ? (
          <EmptyState title={t('notice:notFound')} testId="notice-missing" />
        ) : kind === 'message' ? (
          <MessageDetail id={Number(idText)} />
        ) : (
          <PlatformDetail id={Number(idText)} />
        )}
      </div>
    </div>
  );
}
