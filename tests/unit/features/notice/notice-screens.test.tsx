// @vitest-environment jsdom
// The news and message-centre screens with the API answered by MSW: news list (automatic label, empty, error
// with retry, offline from newsData with its age), the message tab's unread dots and "mark all read", a
// message's detail marking it read, and a platform notice marked seen on this device.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewsItem, NoticePage, UserMessagePage } from '../../../../contract/notice.ts';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { bindSessionToStorage } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { answerAll, calls, HttpResponse, ok, useMswServer } from '../../support/msw.ts';
import { renderScreen } from '../../support/render-app.tsx';

const { default: NewsListPage } = await import('../../../../src/features/news/news-list-page.tsx');
const { default: NoticeListPage } = await import('../../../../src/features/notice/notice-list-page.tsx');
const { default: NoticeDetailPage } = await import('../../../../src/features/notice/notice-detail-page.tsx');

const NEWS: NewsItem[] = [
  {
    id: 2,
    kind: 'auto',
    title: 'KSE-100 closed at 81000.00, +1.20 %',
    summary: 'The index…',
    image: null,
    publishedAt: 1_763_700_000_000,
  },
  {
    id: 1,
    kind: 'operator',
    title: 'New feature',
    summary: 'We added…',
    image: null,
    publishedAt: 1_763_600_000_000,
  },
];
const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, size: 20 });
const MESSAGES = (read: boolean): UserMessagePage => ({
  ...page([
    {
      id: 9,
      kind: 'deposit',
      title: 'Deposit credited',
      body: 'Your deposit…',
      link: '/pages/recharge/rechargeRecord',
      read,
      createdAt: 1_763_700_000_000,
    },
    {
      id: 8,
      kind: 'kyc',
      title: 'Identity verified',
      body: 'Approved.',
      link: '/pages/user/kyc',
      read,
      createdAt: 1_763_600_000_000,
    },
  ]),
  unread: read ? 0 : 2,
});
const NOTICES: NoticePage = {
  ...page([
    { id: 5, title: 'Maintenance', body: 'Sunday night.', system: false, publishedAt: 1_763_700_000_000 },
  ]),
  systemNotice: null,
};

useMswServer();
let unbind: () => void = () => undefined;
beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  localStorage.clear();
  storage.saveLogin({
    token: 'tok-real',
    tokenReal: 'tok-real',
    tokenDemo: 'tok-demo',
    accountType: 'real',
    user: { id: 1 } as never,
  });
  unbind = bindSessionToStorage();
});
afterEach(() => {
  unbind();
  cleanup();
});

describe('news', () => {
  it('lists articles with the automatic label and keeps the first page in newsData', async () => {
    answerAll((c) => (c.path === 'index/news' ? ok(page(NEWS)) : undefined));
    renderScreen('/pages/news/list', <NewsListPage />);
    await waitFor(() => expect(screen.getAllByTestId('news-row')).toHaveLength(2));
    expect(screen.getAllByTestId('news-auto')).toHaveLength(1);
    expect(screen.getByText('Automatic')).toBeTruthy();
    const stored = storage.get('newsData') as { page: { list: unknown[] }; lang: string };
    expect(stored.lang).toBe('en-US');
    expect(stored.page.list).toHaveLength(2);
  });

  it('shows the stored page with its age when the network fails', async () => {
    storage.set('newsData', { lang: 'en-US', at: Date.now() - 3_600_000, page: page(NEWS) } as never);
    answerAll((c) => (c.path === 'index/news' ? HttpResponse.error() : undefined));
    renderScreen('/pages/news/list', <NewsListPage />);
    await waitFor(() => expect(screen.getAllByTestId('news-row')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('stale-note')).toBeTruthy());
  });

  it('says so when there is no news', async () => {
    answerAll((c) => (c.path === 'index/news' ? ok(page([])) : undefined));
    renderScreen('/pages/news/list', <NewsListPage />);
    await waitFor(() => expect(screen.getByTestId('news-empty')).toBeTruthy());
  });
});

describe('message centre', () => {
  it('shows unread dots and marks all read', async () => {
    let read = false;
    answerAll((c) => {
      if (c.path === 'user/notice') return ok(MESSAGES(read));
      if (c.path === 'user/notice/read') {
        read = true;
        return ok({ unread: 0 });
      }
      return undefined;
    });
    renderScreen('/pages/notice/list?tab=messages', <NoticeListPage />);
    await waitFor(() => expect(screen.getAllByTestId('notice-message-row')).toHaveLength(2));
    expect(screen.getAllByTestId('notice-message-row').map((r) => r.dataset['unread'])).toEqual(['1', '1']);
    await waitFor(() =>
      expect((screen.getByTestId('notice-mark-all') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('notice-mark-all'));
    await waitFor(() =>
      expect(screen.getAllByTestId('notice-message-row').map((r) => r.dataset['unread'])).toEqual(['0', '0']),
    );
    expect(Object.fromEntries(calls.find((c) => c.path === 'user/notice/read')!.body)).toEqual({ all: '1' });
  });

  it('opening an unread message marks it read and links to what it is about', async () => {
    answerAll((c) =>
      c.path === 'user/notice'
        ? ok(MESSAGES(false))
        : c.path === 'user/notice/read'
          ? ok({ unread: 1 })
          : undefined,
    );
    renderScreen('/pages/notice/detail?kind=message&id=9', <NoticeDetailPage />);
    await waitFor(() =>
      expect(screen.getByTestId('notice-detail').textContent).toContain('Deposit credited'),
    );
    expect(screen.getByTestId('notice-open-link').getAttribute('href')).toBe(
      '/pages/recharge/rechargeRecord',
    );
    await waitFor(() => expect(calls.some((c) => c.path === 'user/notice/read')).toBe(true));
    expect(Object.fromEntries(calls.find((c) => c.path === 'user/notice/read')!.body)).toEqual({ id: '9' });
  });

  it('marks a platform notice seen on this device when opened', async () => {
    answerAll((c) => (c.path === 'index/notice' ? ok(NOTICES) : undefined));
    renderScreen('/pages/notice/detail?kind=platform&id=5', <NoticeDetailPage />);
    await waitFor(() => expect(screen.getByTestId('notice-detail').textContent).toContain('Maintenance'));
    await waitFor(() => expect(storage.get('noticeData')).toEqual({ seen: [5] }));
  });
});
