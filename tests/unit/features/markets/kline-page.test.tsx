// @vitest-environment jsdom
// The k-line page with the live hooks mocked and lightweight-charts stubbed (it needs a real canvas): the
// chart gets candles, volume and indicator series (the lines as the worker's calculators give them — the
// page computes none), live bars go through update(), indicator choices are remembered and asked of the
// worker, the book and tape render, and a guest's star sends them to login. The API is answered at the fetch
// level (MSW).
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../src/shared/i18n/i18n.ts';
import { appStore } from '../../../../src/shared/state/jotai.ts';
import { syncSessionFromStorage } from '../../../../src/shared/state/session-atoms.ts';
import { storage } from '../../../../src/shared/storage/storage.ts';
import { toastAtom } from '../../../../src/shared/ui/toast.tsx';
import type { ChartBar, IndicatorName, IndicatorView } from '../../../../src/market/hooks.ts';
import { candlesToColumns, computeIndicator } from '../../../../workers/market/calc/indicators/core.ts';
import { indicatorDef } from '../../../../workers/market/calc/indicators/registry.ts';
import type { ChartLog } from './chart-mock.ts';
import tone from '../../../../src/shared/ui/tone.module.css';
import { answerAll, ok, refused, useMswServer } from '../../support/msw.ts';
import { renderRoutes } from '../../support/render-app.tsx';
import { live, liveModule, ticker } from './live-mock.ts';

const chartLog = vi.hoisted((): ChartLog => ({ series: [], removed: 0, created: 0, range: null }));

vi.mock('lightweight-charts', async () => (await import('./chart-mock.ts')).fakeCharts(chartLog));
vi.mock('../../../../src/features/markets/live.ts', () => liveModule);

// What the worker would post for each indicator (set by the tests), and which ones the page asked for.
const ind = await vi.hoisted(async () => (await import('./indicator-mock.ts')).indicatorFeed());
vi.mock('../../../../src/market/hooks.ts', async (original) =>
  (await import('./indicator-mock.ts')).indicatorHooks(await original<object>(), ind),
);

/** An indicator over these bars, computed by the worker's own calculator. */
function viewOf(name: IndicatorName, bars: readonly ChartBar[], version = 1): IndicatorView {
  const cols = candlesToColumns(
    bars.map((b) => ({
      t: b.time * 1000,
      o: String(b.open),
      h: String(b.high),
      l: String(b.low),
      c: String(b.close),
      v: String(b.volume),
    })),
  );
  const st = computeIndicator(indicatorDef(name), cols);
  return {
    status: 'success',
    lines: [...st.def.lineNames],
    time: bars.map((b) => b.time),
    up: bars.map((b) => (b.close >= b.open ? 1 : 0)),
    values: st.lines,
    version,
    changedFrom: bars.length - 1,
  };
}
const ALL: IndicatorName[] = ['SMA', 'EMA', 'BOLL', 'VOL', 'MACD', 'RSI', 'KDJ'];
const allViews = (bars: readonly ChartBar[], version = 1) =>
  Object.fromEntries(ALL.map((n) => [n, viewOf(n, bars, version)]));

const { default: StockKlinePage } = await import('../../../../src/features/markets/stock-kline-page.tsx');

const bar = (i: number, close: number) => ({
  time: 1_700_000_000 + i * 60,
  open: close - 1,
  high: close + 1,
  low: close - 2,
  close,
  volume: 100 + i,
});
const BARS = Array.from({ length: 40 }, (_, i) => bar(i, 100 + (i % 7)));

useMswServer();
beforeAll(async () => {
  await initI18n('en-US');
});

beforeEach(() => {
  live.reset();
  ind.views = {};
  ind.asked.clear();
  chartLog.series = [];
  chartLog.created = 0;
  chartLog.range = null;
  localStorage.clear();
  storage.clearSession();
  syncSessionFromStorage();
  storage.remove('mainInd');
  storage.remove('subInd');
  const ogdc = {
    symbol: 'OGDC',
    nameEn: 'Oil & Gas Development Company',
    nameUr: 'او جی ڈی سی',
    market: 'psx',
  };
  answerAll(() => ok({ ...ogdc, priceDecimals: 2 }));
  window.scrollTo = () => undefined;
});

afterEach(cleanup);

function renderPage(path = '/pages/stock/stockKline?symbol=OGDC') {
  return renderRoutes(
    [
      { path: '/pages/stock/stockKline', element: <StockKlinePage /> },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    path,
  ).router;
}

const byKind = (k: string) => chartLog.series.filter((s) => s.kind === k);

describe('k-line page', () => {
  it('draws candles, SMA lines and volume bars, then updates only the live bar', async () => {
    live.set({ tickers: { OGDC: ticker('OGDC', '284.14', '-0.23%') }, bars: BARS, version: 1 });
    ind.set(allViews(BARS));
    renderPage();
    await screen.findByTestId('kline-chart');
    await waitFor(() => expect(byKind('Candlestick')[0]?.data).toHaveLength(40));
    expect(byKind('Line').filter((s) => s.pane === 0)).toHaveLength(3); // ma5, ma10, ma20
    const hist = byKind('Histogram');
    expect(hist).toHaveLength(1);
    expect(hist[0]!.pane).toBe(1);
    expect(screen.getByTestId('kline-price').textContent).toBe('284.14');
    // The legend shows the newest bar's averages: closes cycle 100..106, so MA5 of the last five is known.
    const last5 = BARS.slice(-5).reduce((a, b) => a + b.close, 0) / 5;
    expect(screen.getByTestId('legend-main').textContent).toContain(`MA5 ${last5.toFixed(2)}`);

    expect([...ind.asked].sort()).toEqual(['SMA', 'VOL']); // the defaults, asked of the worker

    const liveBars = [...BARS.slice(0, 39), bar(39, 120)];
    act(() => {
      live.set({ bars: liveBars });
      ind.set({ SMA: viewOf('SMA', liveBars), VOL: viewOf('VOL', liveBars) });
    });
    const candle = byKind('Candlestick')[0]!;
    expect(candle.updates.at(-1)).toMatchObject({ close: 120 });
    expect(candle.data).toHaveLength(40); // no full setData for a live tick
    // The worker's re-stepped MA5 goes to the line with update(), not setData.
    const ma5 = byKind('Line').find((s) => s.pane === 0)!;
    const liveMa5 = (BARS.slice(35, 39).reduce((a, b) => a + b.close, 0) + 120) / 5;
    expect(ma5.updates.at(-1)).toMatchObject({ value: liveMa5 });
    expect(ma5.data).toHaveLength(40);
    expect(screen.getByTestId('legend-main').textContent).toContain(`MA5 ${liveMa5.toFixed(2)}`);
  });

  it('keeps the same bars on screen when an older page is prepended', async () => {
    live.set({ bars: BARS, version: 1 });
    renderPage();
    await waitFor(() => expect(byKind('Candlestick')[0]?.data).toHaveLength(40));
    expect(chartLog.range).toEqual({ from: 0, to: 42 }); // fewer bars than a screen: all of them
    chartLog.range = { from: 2, to: 30 };
    const older = Array.from({ length: 10 }, (_, i) => bar(i - 10, 90));
    act(() => live.set({ bars: [...older, ...BARS], version: 2 }));
    expect(byKind('Candlestick')[0]!.data).toHaveLength(50);
    expect(chartLog.range).toEqual({ from: 12, to: 40 });
  });

  it('switches indicators, rebuilding the series and remembering the choice', async () => {
    live.set({ bars: BARS, version: 1 });
    ind.set(allViews(BARS));
    renderPage();
    await waitFor(() => expect(byKind('Candlestick')[0]?.data).toHaveLength(40));
    fireEvent.click(screen.getByTestId('main-BOLL'));
    fireEvent.click(screen.getByTestId('sub-MACD'));
    expect(storage.get('mainInd')).toBe('BOLL');
    expect(storage.get('subInd')).toBe('MACD');
    await waitFor(() => expect(byKind('Histogram')).toHaveLength(1)); // MACD bars
    expect(byKind('Line').filter((s) => s.pane === 1)).toHaveLength(2); // dif, dea
    expect(byKind('Line').filter((s) => s.pane === 0)).toHaveLength(3); // mid, up, lo
    expect(screen.getByTestId('main-BOLL').getAttribute('aria-checked')).toBe('true');
    expect(ind.asked.has('BOLL') && ind.asked.has('MACD')).toBe(true);
    // BOLL(20) has a value from bar 19 on: whitespace before it.
    const mid = byKind('Line').find((s) => s.pane === 0)!;
    expect(mid.data[18]).not.toHaveProperty('value');
    expect(mid.data[19]).toHaveProperty('value');
  });

  it('draws nothing for an indicator until the worker has computed it', async () => {
    live.set({ bars: BARS, version: 1 });
    renderPage();
    await waitFor(() => expect(byKind('Candlestick')[0]?.data).toHaveLength(40));
    expect(byKind('Line')).toHaveLength(0);
    expect(screen.getByTestId('legend-main').textContent).toBe('');
    act(() => ind.set({ SMA: viewOf('SMA', BARS) }));
    expect(
      byKind('Line')
        .filter((s) => s.pane === 0)
        .map((s) => s.data.length),
    ).toEqual([40, 40, 40]);
  });

  it('shows the order book with depth bars and the trades tape', async () => {
    live.set({
      book: {
        bids: [
          { price: '284.10', qty: '500', depth: 0.25 },
          { price: '284.05', qty: '1,500', depth: 1 },
        ],
        asks: [{ price: '284.20', qty: '700', depth: 0.35 }],
      },
      trades: [{ id: 7, price: '284.14', qty: '300', side: 'b', time: Date.UTC(2026, 0, 5, 5, 0, 0) }],
    });
    renderPage();
    const bids = await screen.findByTestId('book-bids');
    expect(within(bids).getAllByRole('listitem')).toHaveLength(2);
    expect((bids.querySelector('[data-testid=book-bar]') as HTMLElement).style.inlineSize).toBe('25%');
    expect(within(screen.getByTestId('book-asks')).getByText('284.20')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Trades' }));
    const tape = screen.getByTestId('trades-tape');
    expect(within(tape).getByText('10:00:00')).toBeTruthy();
    expect(within(tape).getByText('284.14').className).toBe(tone.up);
  });

  it('sends a guest who taps the star to login with "please log in first"', async () => {
    const router = renderPage();
    fireEvent.click(await screen.findByTestId('watch-star'));
    await screen.findByTestId('elsewhere');
    expect(router.state.location.pathname).toBe('/pages/common/login');
    expect(router.state.location.search).toContain('redirect=');
    expect(appStore.get(toastAtom)?.msg).toBe('please log in first');
  });

  it('says so when the server does not know the symbol', async () => {
    answerAll(() => refused('Unknown symbol: NOPE'));
    renderPage('/pages/stock/stockKline?symbol=NOPE');
    expect(await screen.findByText('This symbol was not found')).toBeTruthy();
    expect(screen.queryByTestId('kline-chart')).toBeNull();
  });

  it('shows an index without book, tape or trading, linking to its constituents', async () => {
    const info = {
      symbol: 'KSE100',
      nameEn: 'KSE-100 Index',
      nameUr: 'x',
      market: 'index',
      quote: 'PKR',
      base: 'KSE100',
    };
    answerAll(() => ok({ ...info, priceDecimals: 2, ticker: {} }));
    renderPage('/pages/stock/stockKline?symbol=KSE100');
    const link = await screen.findByText('Constituents');
    expect(link.getAttribute('href')).toBe('/pages/stock/index?symbol=KSE100');
    expect(screen.queryByTestId('order-book')).toBeNull();
    expect(screen.queryByText('Buy')).toBeNull();
  });

  it('offers Buy and Sell links to the order page', async () => {
    live.set({ bars: BARS, version: 1 });
    renderPage();
    expect((await screen.findByText('Buy')).getAttribute('href')).toBe(
      '/pages/stock/order?symbol=OGDC&side=buy',
    );
  });
});
