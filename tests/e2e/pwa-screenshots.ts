// `npx tsx tests/e2e/pwa-screenshots.ts` (after `npx vite build`): 360×800 screenshots of the download pages
// and of the update banner (a new release published into a private copy of dist/) in Urdu and English,
// written to tests/e2e/screenshots/pwa-*.png for a look by eye.
import fs from 'node:fs';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { copyDist, publishRelease } from './support/release.ts';
import { startServer } from './support/server.ts';

const OUT = 'tests/e2e/screenshots';
const PAGES: Array<[name: string, path: string]> = [
  ['download', '/pages/common/download'],
  ['android', '/pages/common/androidAPP'],
  ['ios', '/pages/common/iosAPP'],
];

fs.mkdirSync(OUT, { recursive: true });
const dist = copyDist();
const server = await startServer({ STATIC_DIR: dist });
const browser = await launchBrowser();
try {
  for (const [i, lang] of (['ur-PK', 'en-US'] as const).entries()) {
    const context = await phoneContext(browser, lang, { reducedMotion: 'reduce' });
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    const page = await context.newPage();
    for (const [name, path] of PAGES) {
      await page.goto(`${server.url}${path}`);
      await page.getByTestId('install-intro').waitFor();
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${OUT}/pwa-${name}-${lang}.png` });
      await page.screenshot({ path: `${OUT}/pwa-${name}-${lang}-full.png`, fullPage: true });
    }
    // The update banner on a tab page: the service worker in control, then a new release.
    await page.goto(`${server.url}/pages/tabbar/home`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    publishRelease(dist, `shots-${i}`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await page.getByTestId('update-banner').waitFor({ timeout: 60_000 });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${OUT}/pwa-update-banner-${lang}.png` });
    await context.close();
  }
  console.log(`screenshots in ${OUT}/pwa-*.png`);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dist, { recursive: true, force: true });
}
