// @vitest-environment jsdom
// Markets list, home section and search in a DOM with the live hooks mocked (see live-mock.ts) and the REST
// calls answered at the fetch level (MSW) from a table per test.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JsonBodyType } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, i18next } from '../../../../src/shared/i18n/i18n.ts';
import { feedStatusAtom } from '../../../../src/market/atoms.ts';
import { appStore } from '../../../../src/shared/state/jotai.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import pill from '../../../../src/features/markets/components/change-pill.module.css';
import tone from '../../../../src/shared/ui/tone.module.css';
import { answerAll, calls, ok, useMswServer } from '../../support/msw.ts';
import { renderRoutes } from '../../support/render-app.tsx';
import { live, liveModule, ticker } from './live-mock.ts';

vi.mock('../../../../src/features/markets/live.ts', () => liveModule);

const { default: MarketsPage } = await import('../../../../src/features/markets/markets-page.tsx');
const { default: SearchPage } = await import('../../../../src/features/markets/search-page.tsx');
const { HomeMarkets } = await import('../../../../src/features/markets/home-markets.tsx');

const INST = {
  OGDC: {
    symbol: 'OGDC',
    nameEn: 'Oil & Gas Development Company',
    nameUr: 'آئل اینڈ گیس ڈیولپمنٹ کمپنی',
    market: 'psx',
  },
  HBL: { symbol: 'HBL', nameEn: 'Habib Bank Limited', nameUr: 'حبیب بینک لمیٹڈ', market: 'psx' },
  BTCUSDT: {
    symbol: 'BTCUSDT',
    nameEn: 'Bitcoin',
    nameUr: 'بٹ کوائن',
    market: 'crypto',
    base: 'BTC',
    quote: 'USDT',
  },
  KSE100: { symbol: 'KSE100', nameEn: 'KSE-100 Index', nameUr: 'کے ایس ای 100 انڈیکس', market: 'index' },
} as const;

const quote = (s: keyof typeof INST) => ({ sector: 'x', quote: 'PKR', base: s, ...INST[s], ticker: {} });
let answers: Record<string, JsonBodyType>;
/** The calls made, as path?query. */
const urls = () => calls.map((c) => `${c.path}${c.query.size ? `?${c.query}` : ''}`);

useMswServer();

beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  live.reset();
  localStorage.clear();
  storage.set('searchHistoryData', []);
  answers = {
    'stock/list': { list: [quote('OGDC'), quote('HBL')], total: 2, page: 1, size: 200 },
    'stock/index/indices/list': [quote('KSE100')],
    'coin/infos': [{ ...quote('BTCUSDT'), collected: false }],
    'stock/list/hot': [quote('HBL'), quote('OGDC')],
    'stock/search': [quote('OGDC')],
  };
  answerAll((c) => ok(answers[c.path] ?? null));
  window.scrollTo = () => undefined;
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await i18next.changeLanguage('en-US');
});

function renderAt(path: string, element: ReactNode) {
  return renderRoutes([{ path: '*', element }], path);
}

describe('Markets screen', () => {
  it('lists the worker-sorted PSX symbols with names, live prices and coloured pills', async () => {
    live.set({
      sorted: { 'psx:change:desc': ['HBL', 'OGDC'] },
      tickers: { HBL: ticker('HBL', '150.10', '+2.50%'), OGDC: ticker('OGDC', '284.14', '-0.23%') },
    });
    renderAt('/pages/tabbar/markets', <MarketsPage />);
    const rows = await screen.findAllByTestId('quote-row');
    expect(rows.map((r) => r.getAttribute('data-symbol'))).toEqual(['HBL', 'OGDC']);
    await waitFor(() => expect(within(rows[1]!).getByText('Oil & Gas Development Company')).toBeTruthy());
    expect(within(rows[1]!).getByText('-0.23%').closest(`.${pill.pill}`)?.className).toContain(pill.down);
    expect(within(rows[0]!).getByText('+2.50%').closest(`.${pill.pill}`)?.className).toContain(pill.up);
    expect(rows[1]!.getAttribute('href')).toBe('/pages/stock/stockKline?symbol=OGDC');
    // Visible rows are what gets subscribed.
    expect(live.subscribed.some((s) => s.includes('HBL') && s.includes('OGDC'))).toBe(true);
  });

  it('asks the worker for another order when a column header is tapped, and flips it on a second tap', async () => {
    live.set({
      sorted: { 'psx:change:desc': ['OGDC'] },
      tickers: { OGDC: ticker('OGDC', '1.00', '+1.00%') },
    });
    renderAt('/pages/tabbar/markets', <MarketsPage />);
    await screen.findAllByTestId('quote-row');
    fireEvent.click(screen.getByTestId('sort-volume'));
    expect(live.sortCalls.at(-1)).toBe('psx:volume:desc');
    fireEvent.click(screen.getByTestId('sort-volume'));
    expect(live.sortCalls.at(-1)).toBe('psx:volume:asc');
    expect(screen.getByTestId('sort-volume').getAttribute('data-dir')).toBe('asc');
    expect(screen.getByTestId('sort-volume').getAttribute('aria-label')).toBe('Volume (ascending)');
    fireEvent.click(screen.getByTestId('sort-name'));
    expect(live.sortCalls.at(-1)).toBe('psx:name:asc');
  });

  it('switches to crypto rows that open the coin k-line', async () => {
    live.set({
      sorted: { 'crypto:change:desc': ['BTCUSDT'] },
      tickers: { BTCUSDT: ticker('BTCUSDT', '97,000.10', '+0.40%') },
    });
    renderAt('/pages/tabbar/markets?tab=crypto', <MarketsPage />);
    const row = await screen.findByTestId('quote-row');
    expect(row.getAttribute('href')).toBe('/pages/coin/coinKline?symbol=BTCUSDT');
    await waitFor(() => expect(within(row).getByText('BTC/USDT')).toBeTruthy());
  });

  it('tints the price while the bridge says a flash is showing', async () => {
    live.set({
      sorted: { 'psx:change:desc': ['OGDC'] },
      tickers: { OGDC: ticker('OGDC', '1.00', '+1.00%', 'up') },
    });
    renderAt('/pages/tabbar/markets', <MarketsPage />);
    await screen.findByTestId('quote-row');
    const price = (text: string) => screen.getByText(text).closest('[data-testid=quote-price]')!.className;
    expect(price('1.00')).toContain(tone.flashUp);
    act(() => live.set({ tickers: { OGDC: ticker('OGDC', '0.99', '+0.90%', 'down') } }));
    expect(price('0.99')).toContain(tone.flashDown);
    act(() => live.set({ tickers: { OGDC: ticker('OGDC', '0.98', '+0.80%', null) } }));
    expect(price('0.98')).not.toContain(tone.flashUp);
    expect(price('0.98')).not.toContain(tone.flashDown);
  });

  it('shows the feed state with the last update time when degraded', async () => {
    live.set({ feed: { status: 'polling', lastUpdate: Date.UTC(2026, 0, 5, 7, 30, 15) } });
    renderAt('/pages/tabbar/markets', <MarketsPage />);
    const badge = screen.getByTestId('feed-badge');
    expect(badge.getAttribute('data-status')).toBe('polling');
    expect(badge.textContent).toContain('Delayed');
    expect(badge.textContent).toContain('12:30:15'); // Pakistan time
  });

  it('opens the feed details on a tap: the source and the age of the last tick; the lists say "as of"', async () => {
    const last = Date.now() - 12_000;
    live.set({ feed: { status: 'offline', lastUpdate: last, source: 'polling' } });
    const offline = { state: 'offline', lastUpdate: last, since: last, source: 'polling' } as const;
    appStore.set(feedStatusAtom, offline);
    renderAt('/pages/tabbar/markets', <MarketsPage />);
    expect(screen.getByTestId('market-as-of').textContent).toContain('As of');
    const button = screen.getByTestId('feed-badge-button');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(button);
    // The details sheet is its own chunk, fetched on the first tap.
    const dialog = await screen.findByRole('dialog', { name: 'Price feed' });
    expect(screen.getByTestId('feed-details-source').textContent).toBe('Polling (REST, every few seconds)');
    expect(screen.getByTestId('feed-details-age').textContent).toMatch(/^1[23] s ago · \d\d:\d\d:\d\d$/);
    expect(dialog.textContent).toContain('Offline');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Live: no "as of" on the figures.
    act(() => appStore.set(feedStatusAtom, { state: 'live', lastUpdate: Date.now(), since: 0 }));
    expect(screen.queryByTestId('market-as-of')).toBeNull();
  });

  it('asks a guest to log in on the watchlist tab', async () => {
    renderAt('/pages/tabbar/markets?tab=watch', <MarketsPage />);
    expect(await screen.findByTestId('list-guest')).toBeTruthy();
  });

  it('shows Urdu names in Urdu', async () => {
    await i18next.changeLanguage('ur-PK');
    live.set({
      sorted: { 'psx:change:desc': ['OGDC'] },
      tickers: { OGDC: ticker('OGDC', '1.00', '+1.00%') },
    });
    renderAt('/pages/tabbar/markets', <MarketsPage />);
    expect(await screen.findByText('آئل اینڈ گیس ڈیولپمنٹ کمپنی')).toBeTruthy();
    expect(screen.getByTestId('tab-psx').textContent).toBe('PSX حصص');
  });

  it('hands worker-painted rows their symbol and Urdu words, and streams no tickers to this thread', async () => {
    await i18next.changeLanguage('ur-PK');
    live.paintMode = 'worker';
    live.set({ sorted: { 'psx:change:desc': ['HBL', 'OGDC'] } });
    renderAt('/pages/tabbar/markets', <MarketsPage />);
    const rows = await screen.findAllByTestId('quote-row');
    await waitFor(() => expect(new Set(live.cells.map((c) => c.symbol))).toEqual(new Set(['HBL', 'OGDC'])));
    const hbl = live.cells.find((c) => c.symbol === 'HBL')!;
    expect(hbl.words).toEqual({
      volLabel: 'حجم',
      labelTemplate: 'قیمت {price}، تبدیلی {change}، حجم {volume}',
      rtl: true,
    });
    // The row's link is described by the painted cell (its label carries the figures).
    expect(rows[0]!.getAttribute('aria-describedby')).toBe(hbl.domId);
    expect(rows[0]!.querySelector('[data-testid=quote-price]')).toBeNull();
    // The worker draws those rows itself: no visible-row ticker subscription from the list.
    expect(live.subscribed.every((s) => s.length === 0)).toBe(true);
  });
});

describe('Home markets section', () => {
  it('shows the four index cards and the movers of the chosen hot list', async () => {
    live.set({
      tickers: { KSE100: ticker('KSE100', '118,250.40', '+0.85%'), HBL: ticker('HBL', '150.10', '+2.50%') },
    });
    renderAt('/', <HomeMarkets />);
    const cards = screen.getAllByTestId('index-card');
    expect(cards.map((c) => c.getAttribute('data-symbol'))).toEqual(['KSE100', 'KSE30', 'KMI30', 'ALLSHR']);
    expect(within(cards[0]!).getByText('118,250.40')).toBeTruthy();
    const movers = await screen.findByTestId('movers-list');
    expect(
      within(movers)
        .getAllByTestId('quote-row')
        .map((r) => r.getAttribute('data-symbol')),
    ).toEqual(['HBL', 'OGDC']);
    expect(urls().some((c) => c.startsWith('stock/list/hot?type=gainers'))).toBe(true);
    fireEvent.click(screen.getByTestId('movers-losers'));
    await waitFor(() => expect(urls().some((c) => c.startsWith('stock/list/hot?type=losers'))).toBe(true));
    expect(screen.getAllByText('More')[1]!.getAttribute('href')).toBe('/pages/stock/list?type=losers');
  });
});

describe('Search', () => {
  it('searches after the typing pauses, shows live results and keeps the history', async () => {
    live.set({ tickers: { OGDC: ticker('OGDC', '284.14', '-0.23%') } });
    renderAt('/pages/stock/search', <SearchPage />);
    const input = screen.getByTestId('search-input');
    fireEvent.change(input, { target: { value: 'og' } });
    fireEvent.change(input, { target: { value: 'ogdc' } });
    const results = await screen.findByTestId('search-results');
    expect(urls().filter((c) => c.startsWith('stock/search'))).toEqual(['stock/search?q=ogdc&limit=30']);
    expect(within(results).getByText('284.14')).toBeTruthy();
    fireEvent.submit(input.closest('form')!);
    fireEvent.click(within(results).getByTestId('quote-row'));
    expect(storage.get('searchHistoryData')).toEqual(['ogdc']);
  });

  it('lists the history latest first and clears it', async () => {
    storage.set('searchHistoryData', ['HBL', 'OGDC']);
    renderAt('/pages/stock/search', <SearchPage />);
    const hist = screen.getByTestId('history');
    expect(
      within(hist)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['HBL', 'OGDC']);
    fireEvent.click(screen.getByTestId('history-clear'));
    expect(screen.queryByTestId('history')).toBeNull();
    expect(storage.get('searchHistoryData')).toEqual([]);
  });

  it('says so when nothing matches', async () => {
    answers['stock/search'] = [];
    renderAt('/pages/stock/search', <SearchPage />);
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'zzz' } });
    expect((await screen.findByTestId('search-empty')).textContent).toContain('zzz');
  });
});
