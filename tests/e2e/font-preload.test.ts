// Issue 14 §3 in Chromium against the real server: in Urdu the page's answer preloads the Nastaliq regular
// weight (a Link header) and the font arrives; the app keeps a `lang` cookie in step with its language, so once
// a reader has chosen English the next page load neither preloads nor fetches any Nastaliq file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const nastaliqRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (/noto-nastaliq-urdu-arabic-\d+-normal-.*\.woff2$/.test(r.url())) seen.push(r.url());
  });
  return seen;
};

describe('Urdu font preload', () => {
  it('preloads Nastaliq in Urdu and nothing of it in English', async () => {
    const context = await phoneContext(browser, 'ur-PK', { serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const fonts = nastaliqRequests(page);
      const first = await page.goto(`${server.url}/pages/account/login`);
      expect((await first!.allHeaders())['link']).toMatch(
        /^<\/assets\/noto-nastaliq-urdu-arabic-400-normal-[\w-]+\.woff2>; rel=preload; as=font/,
      );
      await page.getByRole('main').waitFor();
      await expect.poll(() => fonts.some((u) => u.includes('-400-normal-'))).toBe(true);
      expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('ur-PK');

      // The reader switches to English (as the language page stores it); the cookie follows on the next start.
      await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
      await page.reload();
      await page.getByRole('main').waitFor();
      await expect
        .poll(async () => (await context.cookies()).find((c) => c.name === 'lang')?.value)
        .toBe('en-US');
    } finally {
      await context.close();
    }
    // A returning English reader, cold cache: no preload, and no Nastaliq file fetched at all.
    const english = await phoneContext(browser, 'en-US', { serviceWorkers: 'block' });
    try {
      await english.addCookies([{ name: 'lang', value: 'en-US', url: server.url }]);
      await english.addInitScript(() => localStorage.setItem('lang', 'en-US'));
      const page = await english.newPage();
      const fonts = nastaliqRequests(page);
      const res = await page.goto(`${server.url}/pages/account/login`);
      expect((await res!.allHeaders())['link']).toBeUndefined();
      await page.getByRole('main').waitFor();
      await page.waitForTimeout(1000);
      expect(fonts).toEqual([]);
    } finally {
      await english.close();
    }
  });
});
