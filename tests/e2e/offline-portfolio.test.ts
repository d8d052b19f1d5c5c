// Useful offline, honestly (issue 14 §5), in Chromium at 360×800 against the real server: a demo account
// holding two stocks and watching a third sees its positions live; the worker keeps them in IndexedDB (per
// account, exact strings); the server goes away and the browser goes offline: the feed badge says Offline
// within 3 s, and a reload shows the last portfolio with "as of HH:MM" within 1.5 s, the order, deposit and
// withdraw buttons disabled with the reason, the kept watchlist, and the badge's details (source, tick age);
// Urdu too; back online (the server again on the same address) everything is live again and the labels go.
// Screenshots of the offline screens in both languages: tests/e2e/screenshots/offline-*.png.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { parseMinor } from '../../contract/money.ts';
import type { LoginResult } from '../../workers/protocol/api.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { apiPost, registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { axeSeriousOrCritical, collectPageErrors } from './support/page-checks.ts';

const OUT = 'tests/e2e/screenshots';
const PIN = '246810';
const en = JSON.parse(fs.readFileSync('locales/en-US/trade.json', 'utf8')) as TradeTexts;
const ur = JSON.parse(fs.readFileSync('locales/ur-PK/trade.json', 'utf8')) as TradeTexts;
interface TradeTexts {
  offline: { orders: string; funds: string };
}

let server: ServerProcess;
/** The data directory of the first server, which the restarted one reuses (removed at the end). */
let dataDir = '';
let browser: Browser;
let context: BrowserContext;
let page: Page;
let login: LoginResult;
const errors: string[] = [];
/** How many page errors there were when the server went (a closing server answers 503: offline phase only). */
let beforeOffline = 0;

beforeAll(async () => {
  if (!fs.existsSync('dist/index.html')) throw new Error('dist/ is missing: build it first');
  server = await startServerProcess({ PSX_ALWAYS_OPEN: '1' });
  dataDir = server.dataDir;
  login = await registerUser(server);
  const token = login.tokenDemo;
  const set = await apiPost(server, 'user/password/trade/set', { password: PIN, password2: PIN }, token);
  if (set.code !== 0) throw new Error(`trade password: ${set.msg}`);
  for (const [symbol, qty] of [
    ['OGDC', '100'],
    ['HBL', '500'],
  ] as const) {
    const buy = await apiPost(
      server,
      'stock/order/buy',
      { symbol, type: 'market', qty, clientOrderId: `offline-${symbol}`, tradePassword: PIN },
      token,
    );
    if (buy.code !== 0) throw new Error(`buy ${symbol}: ${buy.msg}`);
  }
  const watch = await apiPost(server, 'stock/collect/add', { symbol: 'ENGRO' }, token);
  if (watch.code !== 0) throw new Error(`watch: ${watch.msg}`);
  browser = await launchBrowser();
  context = await phoneContext(browser, 'en-US');
  await signInContext(context, login, { accountType: 'demo', lang: 'en-US' });
  page = await context.newPage();
  collectPageErrors(page, errors, 400);
  fs.mkdirSync(OUT, { recursive: true });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The record the worker keeps for the demo account, read from the page's side of the same origin. */
function savedRecord(p: Page, accountKey: string) {
  return p.evaluate(
    (key) =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('pk-trade-offline');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('portfolios')) return resolve(null);
          const get = db.transaction('portfolios').objectStore('portfolios').get(key);
          get.onsuccess = () => resolve(get.result ?? null);
          get.onerror = () => resolve(null);
        };
      }),
    accountKey,
  ) as Promise<{
    accountKey: string;
    asOf: number;
    positions: { symbol: string; qty: string; lastPrice: string }[];
    watchlist: { stocks: string[] } | null;
    tickers: { market: string; tickers: { s: string; p: string }[] }[];
  } | null>;
}

/**
 * Waits until the page's service worker controls it and keeps the screens this file opens offline: installing
 * keeps only the shell, the other screens follow once the page is idle (src/shared/pwa/sw-update.ts).
 */
async function swControls(p: Page) {
  await expect
    .poll(() => p.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.active)), {
      timeout: 60_000,
    })
    .toBe(true);
  if (!(await p.evaluate(() => !!navigator.serviceWorker.controller))) await p.reload();
  await expect
    .poll(() => p.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 15_000 })
    .toBe(true);
  const OFFLINE_SCREENS = ['positions-page', 'markets-page', 'assets-page', 'trade-page'];
  await expect
    .poll(
      async () => {
        const have = await p.evaluate(async () => {
          const cache = await caches.open('pk-trade-precache-v1');
          return (await cache.keys()).map((r) => new URL(r.url).pathname);
        });
        return OFFLINE_SCREENS.filter((c) => !have.some((path) => path.includes(`/${c}-`)));
      },
      { timeout: 60_000 },
    )
    .toEqual([]);
}

/** ms from the navigation's start until `testId` is on screen (measured in the page, frame by frame). */
async function shownAfter(p: Page, testId: string): Promise<number> {
  const handle = await p.waitForFunction(
    (id) => (document.querySelector(`[data-testid="${id}"]`) ? performance.now() : 0),
    testId,
    { polling: 'raf', timeout: 15_000 },
  );
  return (await handle.jsonValue()) as number;
}

async function shot(name: string) {
  // A sheet still sliding in would be caught half-way.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await page.screenshot({ path: `${OUT}/offline-${name}.png` });
}

const accountKey = () => `${login.user.id}:demo`;

describe('useful offline, honestly (360×800)', () => {
  it('keeps the live portfolio and the watchlist on the device, per account, in exact strings', async () => {
    await page.goto(`${server.url}/pages/tabbar/position`);
    await swControls(page);
    await page.getByTestId('positions-totals').waitFor();
    await page.locator('[data-testid="position-row"]').first().waitFor();
    await page.goto(`${server.url}/pages/tabbar/markets?tab=watch`);
    await page.getByTestId('list-watch').getByText('ENGRO').first().waitFor();
    // Written within the 2 s save gap (a full page load, unlike the app's own navigation, ends the worker).
    // The first save may come before ENGRO's ticker does: wait for the one that has both.
    await expect
      .poll(
        async () => {
          const r = await savedRecord(page, accountKey());
          const tickers = r?.tickers.flatMap((m) => m.tickers.map((t) => t.s)) ?? [];
          return { watched: r?.watchlist?.stocks ?? null, priced: tickers.includes('ENGRO') };
        },
        { timeout: 15_000 },
      )
      .toEqual({ watched: ['ENGRO'], priced: true });
    await page.goto(`${server.url}/pages/tabbar/position`);
    await page.locator('[data-testid="position-row"]').first().waitFor();
    const rec = (await savedRecord(page, accountKey()))!;
    expect(rec.positions.map((p) => [p.symbol, p.qty]).sort()).toEqual([
      ['HBL', '500'],
      ['OGDC', '100'],
    ]);
    for (const p of rec.positions) expect(p.lastPrice).toMatch(/^\d+\.\d+$/);
    const kept = rec.tickers.flatMap((m) => m.tickers.map((t) => t.s)).sort();
    expect(kept).toEqual(['ENGRO', 'HBL', 'OGDC']);
    expect(await savedRecord(page, `${login.user.id}:real`)).toBeNull();
    // Online, a start may show the kept figures for a moment ("as of"): live data replaces them.
    await expect.poll(() => page.getByTestId('totals-as-of').count(), { timeout: 15_000 }).toBe(0);
    expect(await page.getByTestId('totals-value').textContent()).toMatch(/\d/);
  });

  it('turns the badge Offline within 3 s of the server and the network going', async () => {
    await page.goto(`${server.url}/pages/tabbar/markets`);
    const badge = page.getByTestId('feed-badge');
    await expect.poll(() => badge.getAttribute('data-status'), { timeout: 20_000 }).toBe('live');
    beforeOffline = errors.length;
    await server.kill('SIGTERM');
    await context.setOffline(true);
    const lost = Date.now();
    await expect
      .poll(() => badge.getAttribute('data-status'), { timeout: 10_000, interval: 50 })
      .toBe('offline');
    const took = Date.now() - lost;
    console.info(`feed badge Offline ${took} ms after the server and the network went`);
    expect(took).toBeLessThanOrEqual(3000);
    // The lists say how old their figures are.
    await page.getByTestId('market-as-of').waitFor();
  });

  it('reloaded offline, shows the last portfolio "as of HH:MM" within 1.5 s, and nothing can be sent', async () => {
    await page.goto(`${server.url}/pages/tabbar/position`, { waitUntil: 'commit' });
    const asOfAt = await shownAfter(page, 'totals-as-of');
    expect(asOfAt, 'as-of shown, ms after navigation start').toBeLessThanOrEqual(1500);
    // The market value is the kept positions at their kept last prices, exactly (Σ qty × lastPrice).
    const rec = (await savedRecord(page, accountKey()))!;
    const minor = rec.positions.reduce((sum, p) => sum + BigInt(p.qty) * parseMinor(p.lastPrice, 2)!, 0n);
    const whole = (minor / 100n).toLocaleString('en-US');
    const value = `${whole}.${String(minor % 100n).padStart(2, '0')}`;
    expect(await page.getByTestId('totals-value').textContent()).toBe(value);
    console.info(`offline reload: "as of" shown ${Math.round(asOfAt)} ms after navigation start`);
    expect(await page.getByTestId('totals-as-of').textContent()).toMatch(/^As of \d\d:\d\d$/);
    await page.getByTestId('positions-as-of').waitFor();
    expect(await page.locator('[data-testid="position-row"]').count()).toBe(2);
    // The balances come with the positions, not a flush later.
    expect(await page.getByTestId('positions-totals').textContent()).not.toContain('—');
    await shot('en-US-positions');
    expect(await axeSeriousOrCritical(page, '#root')).toEqual([]);

    await page.goto(`${server.url}/pages/user/assets`);
    await page.getByTestId('assets-as-of').waitFor();
    await expect.poll(() => page.getByTestId('assets-total').textContent()).toMatch(/\d/);
    for (const id of ['assets-deposit', 'assets-withdraw'])
      expect(await page.getByTestId(id).isDisabled(), id).toBe(true);
    expect(await page.getByTestId('offline-reason').textContent()).toBe(en.offline.funds);
    await shot('en-US-assets');
    expect(await axeSeriousOrCritical(page, '#root')).toEqual([]);

    await page.goto(`${server.url}/pages/stock/order?symbol=OGDC&side=buy`);
    const submit = page.getByTestId('submit-order');
    await submit.waitFor();
    await expect.poll(() => submit.isDisabled()).toBe(true);
    expect(await page.getByTestId('offline-reason').textContent()).toBe(en.offline.orders);
    expect(await submit.getAttribute('aria-describedby')).toBe(
      await page.getByTestId('offline-reason').getAttribute('id'),
    );
    await page.getByTestId('price-as-of').waitFor();
    await shot('en-US-trade');
    expect(await axeSeriousOrCritical(page, '#root')).toEqual([]);

    await page.goto(`${server.url}/pages/tabbar/markets?tab=watch`);
    await page.getByTestId('list-watch').getByText('ENGRO').first().waitFor();
    await page.getByTestId('market-as-of').waitFor();
    await shot('en-US-watchlist');
    const button = page.getByTestId('feed-badge-button');
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(await page.getByTestId('feed-badge').getAttribute('data-status')).toBe('offline');
    await button.click();
    expect(await page.getByTestId('feed-details-source').getAttribute('data-source')).toBe('saved');
    expect(await page.getByTestId('feed-details-age').textContent()).toMatch(/ago · \d\d:\d\d:\d\d$/);
    await shot('en-US-feed-details');
    expect(await axeSeriousOrCritical(page, 'body')).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('in Urdu too: right to left, the Urdu reasons, the as-of labels', async () => {
    await page.evaluate(() => localStorage.setItem('lang', 'ur-PK'));
    await page.goto(`${server.url}/pages/tabbar/position`);
    await page.getByTestId('totals-as-of').waitFor();
    await page.locator('[data-testid="position-row"]').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shot('ur-PK-positions');
    await page.goto(`${server.url}/pages/user/assets`);
    await page.getByTestId('assets-as-of').waitFor();
    await expect.poll(() => page.getByTestId('assets-total').textContent()).toMatch(/\d/);
    expect(await page.getByTestId('offline-reason').textContent()).toBe(ur.offline.funds);
    await shot('ur-PK-assets');
    await page.goto(`${server.url}/pages/stock/order?symbol=OGDC&side=buy`);
    await page.getByTestId('submit-order').waitFor();
    expect(await page.getByTestId('offline-reason').textContent()).toBe(ur.offline.orders);
    await shot('ur-PK-trade');
    await page.goto(`${server.url}/pages/tabbar/markets?tab=watch`);
    await page.getByTestId('list-watch').waitFor();
    await page.getByTestId('feed-badge-button').click();
    await page.getByTestId('feed-details').waitFor();
    await shot('ur-PK-feed-details');
    await page.keyboard.press('Escape');
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
  });

  it('back online, everything is live again and the labels go', async () => {
    await page.goto(`${server.url}/pages/stock/order?symbol=OGDC&side=buy`);
    await page.getByTestId('submit-order').waitFor();
    // The same server again, on the same address and data.
    server = await startServerProcess({ PSX_ALWAYS_OPEN: '1', PORT: String(server.port), DATA_DIR: dataDir });
    await context.setOffline(false);
    const submit = page.getByTestId('submit-order');
    await expect.poll(() => submit.isDisabled(), { timeout: 20_000 }).toBe(false);
    // The reason goes with the feed's next post, which may come a moment after the button is enabled.
    await expect.poll(() => page.getByTestId('offline-reason').count(), { timeout: 20_000 }).toBe(0);
    await page.goto(`${server.url}/pages/tabbar/position`);
    await page.locator('[data-testid="position-row"]').first().waitFor();
    await expect.poll(() => page.getByTestId('totals-as-of').count(), { timeout: 20_000 }).toBe(0);
    await page.goto(`${server.url}/pages/tabbar/markets`);
    await expect
      .poll(() => page.getByTestId('feed-badge').getAttribute('data-status'), { timeout: 20_000 })
      .toBe('live');
    await expect.poll(() => page.getByTestId('market-as-of').count(), { timeout: 20_000 }).toBe(0);
    // Only the offline phase may have failed requests (the API, the feed); nothing else went wrong. A request
    // that reaches the server while it closes is answered 503 (Fastify's return503OnClosing): offline phase only.
    const failed = (e: string) =>
      /ERR_INTERNET_DISCONNECTED|ERR_CONNECTION_REFUSED|Failed to fetch|net::|WebSocket/i.test(e);
    expect(errors.slice(0, beforeOffline).filter((e) => !failed(e))).toEqual([]);
    expect(errors.slice(beforeOffline).filter((e) => !failed(e) && !/^HTTP 503 \S+\/api\//.test(e))).toEqual(
      [],
    );
  });

  it('the network alone going (the server still up): Offline within 3 s, live again when it returns', async () => {
    await page.goto(`${server.url}/pages/tabbar/markets`);
    const badge = page.getByTestId('feed-badge');
    await expect.poll(() => badge.getAttribute('data-status'), { timeout: 20_000 }).toBe('live');
    await context.setOffline(true);
    const lost = Date.now();
    await expect
      .poll(() => badge.getAttribute('data-status'), { timeout: 10_000, interval: 50 })
      .toBe('offline');
    const took = Date.now() - lost;
    console.info(`feed badge Offline ${took} ms after the network alone went`);
    expect(took).toBeLessThanOrEqual(3000);
    await context.setOffline(false);
    await expect.poll(() => badge.getAttribute('data-status'), { timeout: 20_000 }).toBe('live');
  });
});
