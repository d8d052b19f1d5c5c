// One article (/pages/news/detail?id=): title, the automatic label, time, image and body.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useChatTime } from '../../shared/format/use-chat-time.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { RemoteView } from '../../shared/ui/remote-view.tsx';
import { toRemoteState } from '../../shared/ui/remote-state.ts';
import { AutoLabel } from './news-parts.tsx';
import s from './news.module.css';
import { newsArticleQuery } from './queries.ts';

function Article({ id }: { id: string }) {
  const { i18n } = useTranslation();
  const q = useQuery(newsArticleQuery(i18n.language, id));
  const chatTime = useChatTime();
  return (
    <RemoteView state={toRemoteState(q)} onRetry={() => void q.refetch()}>
      {(a) => (
        <article className={s.article} data-testid="news-article">
          <h2 className={s.title}>{a.title}</h2>
          <div className={s.meta}>
            <AutoLabel kind={a.kind} />
            <span className="muted small" dir="ltr">
              {chatTime(a.publishedAt)}
            </span>
          </div>
          {a.image && <img className={s.hero} src={a.image} alt="" />}
          <p className={s.body}>{a.body}</p>
        </article>
      )}
    </RemoteView>
  );
}

export default function NewsDetailPage() {
  const { t } = useTranslation();
  const id = useSearchParams()[0].get('id') ?? '';
  return (
    <div className="page">
      <PageHeader title={t('nav:title.news.detail')} />
      <div className="page__body">
        {/^[1-9][0-9]{0,15}$/u.test(id) ? (
          <Article id={id} />
        ) : (
          <EmptyState title={t('notice:news.notFound')} testId="news-missing" />
        )}
      </div>
    </div>
  );
}
