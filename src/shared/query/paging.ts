// Paging rules shared by every paged record list ({list,total,page,size} answers, spec §7): the next page
// exists while fewer rows are loaded than the server's total (and the last page was not empty, so a total
// that shrank under us cannot loop), and the pages flatten into one list for the screen.
import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '../../../workers/protocol/market.ts';

export const FIRST_PAGE = 1;

export function nextPageParam<T>(last: Page<T>, pages: readonly Page<T>[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.list.length, 0);
  return loaded < last.total && last.list.length > 0 ? last.page + 1 : undefined;
}

export function flattenPages<T>(data: InfiniteData<Page<T>> | undefined): T[] {
  return data ? data.pages.flatMap((p) => p.list) : [];
}
