// News (/pages/news/list): operator articles and automatic market news (labelled), newest first, paged. The
// first page is kept for offline use (queries.ts): offline it shows with its age.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { NewsRow } from './news-parts.tsx';
import { newsQuery } from './queries.ts';

export default function NewsListPage() {
  const { t, i18n } = useTranslation();
  const news = useInfiniteQuery(newsQuery(i18n.language));
  return (
    <div className="page">
      <PageHeader title={t('nav:title.news.list')} />
      <PagedList
        query={news}
        testId="news-list"
        itemKey={(n) => n.id}
        renderItem={(n) => <NewsRow item={n} />}
        empty={<EmptyState title={t('notice:news.empty')} testId="news-empty" />}
      />
    </div>
  );
}
