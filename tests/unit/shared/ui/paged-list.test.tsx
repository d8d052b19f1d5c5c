// @vitest-environment jsdom
// PagedList's footer in the spec's three loading states (more, loading, no more) over an infinite query whose
// pages come from MSW, and the shared first-page states (skeleton, empty, error with retry).
import { useInfiniteQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../../../workers/protocol/market.ts';
import { getData } from '../../../../src/shared/api/data-client.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { FIRST_PAGE, nextPageParam } from '../../../../src/shared/query/paging.ts';
import { EmptyState } from '../../../../src/shared/ui/empty-state.tsx';
import { PagedList } from '../../../../src/shared/ui/paged-list.tsx';
import s from '../../../../src/shared/ui/paged-list.module.css';
import { api, http, HttpResponse, ok, server, useMswServer } from '../../support/msw.ts';
import { renderScreen } from '../../support/render-app.tsx';

interface Row {
  id: number;
}
const SIZE = 2;
const TOTAL = 3;

useMswServer();
beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(cleanup);

function Rows() {
  const q = useInfiniteQuery({
    queryKey: ['rows'],
    queryFn: ({ pageParam }) => getData<Page<Row>>('rows', { page: pageParam, size: SIZE }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    retry: false,
  });
  return (
    <PagedList
      query={q}
      itemKey={(r) => r.id}
      renderItem={(r) => <div data-testid="row">{r.id}</div>}
      empty={<EmptyState title="Nothing here" testId="empty" />}
    />
  );
}

const footer = () => screen.getByTestId('paged-footer').getAttribute('data-state');

describe('PagedList', () => {
  it('shows more, then loading while the next page comes, then no more', async () => {
    let release: () => void = () => undefined;
    server.use(
      http.get(api('rows'), async ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        if (page === 2) await new Promise<void>((r) => (release = r));
        const ids = page === 1 ? [1, 2] : [3];
        return ok({ list: ids.map((id) => ({ id })), total: TOTAL, page, size: SIZE });
      }),
    );
    renderScreen('/', <Rows />);
    await waitFor(() => expect(screen.getAllByTestId('row')).toHaveLength(2));
    expect(footer()).toBe('more');
    const more = screen.getByRole('button', { name: 'Load more' });
    // The spec's touch target: the button carries the shared ≥ 44 px class.
    expect(more.className).toContain(s.more);
    fireEvent.click(more);
    await waitFor(() => expect(footer()).toBe('loading'));
    expect(screen.getByRole('progressbar', { name: 'Loading more…' })).toBeTruthy();
    release();
    await waitFor(() => expect(footer()).toBe('no-more'));
    expect(screen.getAllByTestId('row')).toHaveLength(3);
    expect(screen.getByText('No more')).toBeTruthy();
  });

  it('shows the skeleton first and the empty state when the first page has no rows', async () => {
    server.use(http.get(api('rows'), () => ok({ list: [], total: 0, page: 1, size: SIZE })));
    renderScreen('/', <Rows />);
    expect(screen.getByTestId('skeleton')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('empty')).toBeTruthy());
    expect(screen.queryByTestId('paged-footer')).toBeNull();
  });

  it('shows an error with retry when the first page fails, and the rows after a retry', async () => {
    let fail = true;
    server.use(
      http.get(api('rows'), () =>
        fail ? HttpResponse.error() : ok({ list: [{ id: 1 }], total: 1, page: 1, size: SIZE }),
      ),
    );
    renderScreen('/', <Rows />);
    await waitFor(() => expect(screen.getByTestId('error-retry')).toBeTruthy());
    expect(screen.getByText('No connection. Check the network and try again.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('row')).toHaveLength(1));
    expect(footer()).toBe('no-more');
  });
});
