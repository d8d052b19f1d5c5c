// The message centre's reads and actions: platform notices (index/notice, public, per language), the
// caller's personal messages (user/notice, under the account's notices key with the unread count of
// shared/query/notice-unread.ts) and user/notice/read, which invalidates both. Which platform notices were
// seen is kept on the device (`noticeData`: { seen: ids }), and the system pop-up's id once shown
// (`systemNotice`): a platform notice is the same for every user, so the server keeps no read state for it.
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NoticePage, UserMessagePage } from '../../../contract/notice.ts';
import { getData, postData } from '../../shared/api/data-client.ts';
import { noticesKey } from '../../shared/query/notice-unread.ts';
import { FIRST_PAGE, nextPageParam } from '../../shared/query/paging.ts';
import { PUBLIC, type AccountScope } from '../../shared/query/query-keys.ts';
import { useAccountScope } from '../../shared/query/use-account-scope.ts';
import { storage } from '../../shared/storage/storage.ts';

export const NOTICE_PAGE_SIZE = 20;

export function platformNoticesQuery(lang: string) {
  return infiniteQueryOptions({
    queryKey: [PUBLIC, 'notices', lang],
    queryFn: ({ pageParam, signal }) =>
      getData<NoticePage>('index/notice', { page: pageParam, size: NOTICE_PAGE_SIZE }, { signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: 60_000,
  });
}

export function messagesQuery(scope: AccountScope, lang: string) {
  return infiniteQueryOptions({
    queryKey: [...noticesKey(scope), 'list', lang],
    queryFn: ({ pageParam, signal }) =>
      getData<UserMessagePage>('user/notice', { page: pageParam, size: NOTICE_PAGE_SIZE }, { signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    staleTime: 15_000,
    enabled: scope[0] !== 'guest',
  });
}

/** Marks one message (id) or all ('all') read; the bell, the Mine row and the lists follow. */
export function useMarkRead() {
  const client = useQueryClient();
  const scope = useAccountScope();
  return useMutation({
    mutationFn: (which: number | 'all') =>
      postData<{ unread: number }>(
        'user/notice/read',
        which === 'all' ? { all: '1' } : { id: String(which) },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: noticesKey(scope) }),
  });
}

// ---- platform notices seen on this device ----
function seenIds(): number[] {
  const v: unknown = storage.get('noticeData');
  const seen = (v as { seen?: unknown } | null)?.seen;
  return Array.isArray(seen) ? seen.filter((x): x is number => typeof x === 'number') : [];
}

export const isNoticeSeen = (id: number): boolean => seenIds().includes(id);

export function markNoticeSeen(id: number): void {
  const seen = seenIds();
  if (!seen.includes(id)) storage.set('noticeData', { seen: [id, ...seen].slice(0, 500) });
}

/** The system pop-up shows once per notice: its id is kept when shown. */
export const systemNoticeShown = (id: number): boolean => storage.get('systemNotice') === id;
export const rememberSystemNotice = (id: number): void => storage.set('systemNotice', id);
