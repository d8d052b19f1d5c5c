// The market screens in Chromium at 360×800 against the real server (simulator, WebSocket feed, worker):
// Markets shows prices that change and a live badge; Home shows the four indices; search finds OGDC and
// remembers it; its k-line draws on a canvas with the order book and tape moving; a logged-in user's star
// puts the stock in the Watchlist tab. axe finds no serious or critical violations on Markets or the k-line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { rowPrices } from './support/rows.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { registerUser } from './support/account.ts';
import { axeSeriousOrCritical, collectPageErrors } from './support/page-checks.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await phoneContext(browser, 'en-US');
  await context.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en-US');
  });
  page = await context.newPage();
  collectPageErrors(page, errors, 400);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('market screens (360×800)', () => {
  it('Markets lists PSX stocks whose prices change live, with a live badge', async () => {
    await page.goto(`${server.url}/pages/tabbar/markets`);
    await page.getByTestId('quote-row').first().waitFor();
    await expect
      .poll(() => page.getByTestId('feed-badge').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('live');
    // Every row shows a price within seconds of the feed going live (a row's accessible label is refreshed
    // about once a second, so one read right at 'live' can still find a row without one).
    let before: Record<string, string> = {};
    await expect
      .poll(
        async () => {
          before = await rowPrices(page);
          return (
            Object.keys(before).length >= 8 && Object.values(before).every((p) => /^[\d,]+\.\d+$/.test(p))
          );
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBe(true);
    await expect
      .poll(
        async () => {
          const now = await rowPrices(page);
          return Object.keys(now).filter((s) => before[s] !== undefined && now[s] !== before[s]).length;
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    // What changes is drawn: the worker repaints the row's canvas (two screenshots of it differ).
    const canvas = page.getByTestId('quote-row').locator('canvas').first();
    expect(await canvas.getAttribute('aria-label')).toMatch(
      /^Price [\d,]+\.\d+, change [+-]?[\d.]+%, volume [\d.]+[KMGTPE]?$/,
    );
    const first = await canvas.screenshot();
    await expect
      .poll(async () => (await canvas.screenshot()).equals(first), { timeout: 20_000, interval: 500 })
      .toBe(false);
    expect(await axeSeriousOrCritical(page, '[data-testid=markets-page]')).toEqual([]);
  });

  it('sorts by name and switches to crypto pairs', async () => {
    await page.getByTestId('sort-name').click();
    await expect
      .poll(async () => {
        const syms = Object.keys(await rowPrices(page, 6));
        return syms.length > 1 && syms.every((s, i) => i === 0 || syms[i - 1]!.localeCompare(s) <= 0);
      })
      .toBe(true);
    await page.getByTestId('tab-crypto').click();
    await expect
      .poll(async () => Object.keys(await rowPrices(page, 3)).every((s) => s.endsWith('USDT')))
      .toBe(true);
  });

  it('Home shows the four PSX indices live', async () => {
    await page.goto(`${server.url}/pages/tabbar/home`);
    const cards = page.getByTestId('index-card');
    await expect.poll(() => cards.count()).toBe(4);
    await expect
      .poll(() => cards.getByTestId('index-price').allTextContents(), { timeout: 15_000 })
      .toEqual([
        expect.stringMatching(/\d/),
        expect.stringMatching(/\d/),
        expect.stringMatching(/\d/),
        expect.stringMatching(/\d/),
      ]);
  });

  it('searches OGDC, keeps it in the history and opens its k-line with chart, book and tape', async () => {
    await page.goto(`${server.url}/pages/stock/search`);
    await page.getByTestId('search-input').fill('OGDC');
    const hit = page.getByTestId('search-results').locator('[data-symbol="OGDC"]');
    await hit.waitFor();
    await hit.click();
    await page.waitForURL(/\/pages\/stock\/stockKline\?symbol=OGDC/);
    expect(await page.evaluate(() => localStorage.getItem('searchHistoryData'))).toContain('OGDC');

    await page.getByTestId('kline-chart').locator('canvas').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('kline-price').textContent(), { timeout: 15_000 }).toMatch(/\d/);
    await expect
      .poll(() => page.getByTestId('book-bids').locator('li').count(), { timeout: 15_000 })
      .toBeGreaterThan(3);
    expect(await page.getByTestId('book-asks').locator('li').count()).toBeGreaterThan(3);
    // The chart stays left-to-right inside the page.
    expect(await page.getByTestId('kline-chart-box').getAttribute('dir')).toBe('ltr');

    // The indicator lines come computed from the market worker: the legend reads the newest bar's values.
    await expect
      .poll(() => page.getByTestId('legend-main').textContent(), { timeout: 15_000 })
      .toMatch(/MA5 \d/);
    await expect.poll(() => page.getByTestId('legend-sub').textContent()).toMatch(/VOL \d/);

    await page.getByTestId('iv-1d').click();
    await page.getByTestId('sub-MACD').click();
    expect(await page.evaluate(() => localStorage.getItem('subInd'))).toContain('MACD');
    await expect
      .poll(() => page.getByTestId('legend-sub').textContent(), { timeout: 15_000 })
      .toMatch(/DIF -?\d.*DEA -?\d.*MACD -?\d/);
    await page.getByRole('tab', { name: 'Trades' }).click();
    await expect
      .poll(() => page.getByTestId('trades-tape').locator('li').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(await axeSeriousOrCritical(page, '[data-testid=kline-page]')).toEqual([]);
  });

  it('opens a coin k-line', async () => {
    await page.goto(`${server.url}/pages/coin/coinKline?symbol=BTCUSDT`);
    await page.getByTestId('kline-chart').locator('canvas').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('BTC/USDT');
  });

  it('a logged-in star puts the stock in the Watchlist tab', async () => {
    const login = await registerUser(server);
    await page.evaluate((token) => localStorage.setItem('userToken', token), login.token);

    await page.goto(`${server.url}/pages/stock/stockKline?symbol=HBL`);
    const star = page.getByTestId('watch-star');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    await page.goto(`${server.url}/pages/tabbar/markets?tab=watch`);
    await expect.poll(async () => Object.keys(await rowPrices(page)), { timeout: 10_000 }).toEqual(['HBL']);
  });

  it('in Urdu: right-to-left with Urdu names, prices left-to-right', async () => {
    const ur = await phoneContext(browser, 'ur-PK');
    const p = await ur.newPage();
    try {
      await p.goto(`${server.url}/pages/tabbar/markets`);
      await p.getByTestId('quote-row').first().waitFor();
      expect(await p.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await expect.poll(() => p.getByTestId('quote-name').first().textContent()).toMatch(/[\u0600-\u06FF]/);
      // The painted cell's label is Urdu, its figures Latin digits (drawn left to right in the canvas).
      await expect
        .poll(() => p.getByTestId('quote-row').locator('canvas').first().getAttribute('aria-label'))
        .toMatch(/^قیمت [\d,]+\.\d+، تبدیلی [+-]?[\d.]+%، حجم [\d.]+[KMGTPE]?$/);
      expect(await p.getByTestId('tab-psx').textContent()).toBe('PSX حصص');
    } finally {
      await ur.close();
    }
  });

  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
