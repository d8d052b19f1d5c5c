// One paged record list (spec §4 loading widget): a window-scrolled virtual list of an infinite query's rows
// with a footer in one of three states — more (a button; reaching the end also loads), loading, no more.
// The first page's pending, error and empty states are the shared ones.
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso } from 'react-virtuoso';
import type { Page } from '../../../workers/protocol/market.ts';
import { flattenPages } from '../query/paging.ts';
import { Spinner } from './loader.tsx';
import { RemoteView } from './remote-view.tsx';
import { toRemoteState } from './remote-state.ts';
import s from './paged-list.module.css';

export type FooterState = 'more' | 'loading' | 'no-more';

export function footerState(
  q: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage'>,
): FooterState {
  if (q.isFetchingNextPage) return 'loading';
  return q.hasNextPage ? 'more' : 'no-more';
}

interface PagedListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  itemKey: (item: T) => Key;
  renderItem: (item: T) => ReactNode;
  empty: ReactNode;
  /** rows of equal height let the list skip measuring */
  itemHeight?: number;
  testId?: string;
}

function PagedFooter({ state, onMore }: { state: FooterState; onMore: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={s.footer} data-testid="paged-footer" data-state={state}>
      {state === 'more' ? (
        <button type="button" className={`btn btn--ghost ${s.more}`} onClick={onMore}>
          {t('common:state.more')}
        </button>
      ) : state === 'loading' ? (
        <Spinner label={t('common:state.loadingMore')} />
      ) : (
        <span className="muted small">{t('common:state.noMore')}</span>
      )}
    </div>
  );
}

export function PagedList<T>({ query, itemKey, renderItem, empty, itemHeight, testId }: PagedListProps<T>) {
  const footer = footerState(query);
  const more = () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  return (
    <RemoteView
      state={toRemoteState(query)}
      onRetry={() => void query.refetch()}
      isEmpty={(d) => d.pages.every((p) => p.list.length === 0)}
      empty={empty}
    >
      {(data) => {
        const items = flattenPages(data);
        return (
          <div data-testid={testId}>
            <Virtuoso
              useWindowScroll
              data={items}
              {...(itemHeight ? { fixedItemHeight: itemHeight } : {})}
              initialItemCount={Math.min(items.length, 12)}
              computeItemKey={(_, item) => itemKey(item)}
              endReached={more}
              itemContent={(_, item) => renderItem(item)}
            />
            <PagedFooter state={footer} onMore={more} />
          </div>
        );
      }}
    </RemoteView>
  );
}
