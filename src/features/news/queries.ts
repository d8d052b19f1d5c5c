// The news reads: the paged list (index/news) and one article (index/news/info), public and per language.
// The first page is kept in local storage (`newsData`, spec §3) with the time it was fetched, and seeds the
// list on the next start: offline the list shows it with its age ("as of …") instead of an error.
import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import type { NewsArticle, NewsItem } from '../../../contract/notice.ts';
import type { Page } from '../../../workers/protocol/market.ts';
import { getData } from '../../shared/api/data-client.ts';
import { FIRST_PAGE, nextPageParam } from '../../shared/query/paging.ts';
import { PUBLIC } from '../../shared/query/query-keys.ts';
import { storage } from '../../shared/storage/storage.ts';
import type { Json } from '../../shared/storage/storage-keys.ts';

export const NEWS_PAGE_SIZE = 20;

interface StoredNews {
  lang: string;
  at: number;
  page: Page<NewsItem>;
}

function isStoredNews(v: unknown, lang: string): v is StoredNews {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Partial<StoredNews>;
  return o.lang === lang && typeof o.at === 'number' && Array.isArray(o.page?.list);
}

/** The stored first page of `lang`, if any. */
export function storedNews(lang: string): StoredNews | null {
  const v: unknown = storage.get('newsData');
  return isStoredNews(v, lang) ? v : null;
}

export function newsQuery(lang: string) {
  const stored = storedNews(lang);
  return infiniteQueryOptions({
    queryKey: [PUBLIC, 'news', lang],
    queryFn: async ({ pageParam, signal }) => {
      const page = await getData<Page<NewsItem>>(
        'index/news',
        { page: pageParam, size: NEWS_PAGE_SIZE },
        { signal },
      );
      if (pageParam === FIRST_PAGE)
        storage.set('newsData', { lang, at: Date.now(), page } as unknown as Json);
      return page;
    },
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: 60_000,
    ...(stored && {
      initialData: { pages: [stored.page], pageParams: [FIRST_PAGE] } as InfiniteData<Page<NewsItem>, number>,
      initialDataUpdatedAt: stored.at,
    }),
  });
}

export function newsArticleQuery(lang: string, id: string) {
  return queryOptions({
    queryKey: [PUBLIC, 'news', lang, 'one', id],
    queryFn: ({ signal }) => getData<NewsArticle>('index/news/info', { id }, { signal }),
    staleTime: 5 * 60_000,
    enabled: /^[1-9][0-9]{0,15}$/u.test(id),
  });
}
