// Nothing jumps under the reader's finger on the first screens (issue 14: Lighthouse weighs layout shift), in
// Chromium against the real server at 360×800, in Urdu and English: Home and Markets, live, for six seconds
// (a dozen re-sorts of the markets list, which keeps its rows in place and moves the symbols through them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
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

const CASES = ['ur-PK', 'en-US'].flatMap((lang) =>
  ['/pages/tabbar/home', '/pages/tabbar/markets'].map((route) => ({ lang, route })),
);

describe.each(CASES)('layout stability $lang $route', ({ lang, route }) => {
  it('shifts less than 0.05 (cumulative layout shift) in six live seconds', async () => {
    const context = await phoneContext(browser, lang);
    try {
      await context.addInitScript((l) => {
        localStorage.setItem('lang', l);
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!e.hadRecentInput) w.__cls += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      }, lang);
      const page = await context.newPage();
      await page.goto(`${server.url}${route}`);
      await page.getByRole('main').waitFor();
      await page.waitForTimeout(6000);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      console.info(`CLS ${lang} ${route}: ${cls.toFixed(4)}`);
      expect(cls).toBeLessThan(0.05);
    } finally {
      await context.close();
    }
  });
});
