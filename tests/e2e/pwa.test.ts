// The installable, offline app in Chromium at 360×800 against the real server: the manifest is linked and
// valid (Chrome reports no manifest or installability error) and follows the language; the service worker
// installs and controls the page; the download pages explain installing in Urdu and English and offer the
// browser's install dialog when it fires `beforeinstallprompt`; a new release shows the update banner,
// whose Reload brings the new release in; and with the server gone and the browser offline, a reload shows
// the app and routes never opened before render their pages.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { collectPageErrors } from './support/page-checks.ts';
import { copyDist, publishRelease } from './support/release.ts';
import { startServer, type RunningServer } from './support/server.ts';

const ur = JSON.parse(fs.readFileSync('locales/ur-PK/pwa.json', 'utf8')) as PwaTexts;
const chunkErrorHeading = (
  JSON.parse(fs.readFileSync('locales/ur-PK/common.json', 'utf8')) as { chunkError: { heading: string } }
).chunkError.heading;
const en = JSON.parse(fs.readFileSync('locales/en-US/pwa.json', 'utf8')) as PwaTexts;
interface PwaTexts {
  update: { ready: string; reload: string };
  install: { intro: string; button: string; manual: string };
  android: { step1: string };
  ios: { step2: string };
}

let dist: string;
let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  dist = copyDist();
  server = await startServer({ STATIC_DIR: dist });
  browser = await launchBrowser();
  context = await phoneContext(browser, 'ur-PK');
  page = await context.newPage();
  collectPageErrors(page, errors, 400);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

/** The PNG's width and height from its IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

async function setLang(lang: 'ur-PK' | 'en-US') {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
}

describe('installable PWA (360×800)', () => {
  it('links a valid manifest: names, navy colours, standalone, scope and PNG icons; Chrome finds no error', async () => {
    await page.goto(`${server.url}/`);
    await page.locator('.app-shell').waitFor();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await page.request.get(`${server.url}${href}`);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; purpose: string; type: string }[];
    };
    expect(manifest).toMatchObject({
      id: '/',
      name: 'پی کے ٹریڈ',
      lang: 'ur-PK',
      dir: 'rtl',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#070d1f',
      background_color: '#070d1f',
    });
    for (const purpose of ['any', 'maskable'])
      for (const size of [192, 512]) {
        const icon = manifest.icons.find((i) => i.purpose === purpose && i.sizes === `${size}x${size}`);
        expect(icon, `${purpose} ${size}`).toBeDefined();
        const png = await page.request.get(`${server.url}${icon!.src}`);
        expect(png.headers()['content-type']).toBe('image/png');
        expect(pngSize(await png.body())).toEqual([size, size]);
      }
    const cdp = await context.newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(parsed.url).toBe(`${server.url}/manifest.webmanifest`);
    expect(parsed.errors).toEqual([]);
    // English switches to the English manifest (same id: the same app).
    await setLang('en-US');
    await expect
      .poll(() => page.locator('link[rel="manifest"]').getAttribute('href'))
      .toBe('/manifest.en-US.webmanifest');
    const enManifest = (await (
      await page.request.get(`${server.url}/manifest.en-US.webmanifest`)
    ).json()) as {
      name: string;
      dir: string;
      id: string;
    };
    expect(enManifest).toMatchObject({ id: '/', name: 'PK Trade', dir: 'ltr' });
    await setLang('ur-PK');
  });

  it('installs the service worker, which takes control of the page and precaches every route', async () => {
    await page.goto(`${server.url}/pages/tabbar/home`);
    const controller = () => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
    const registration = () =>
      page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return JSON.stringify({
          installing: r?.installing?.state ?? null,
          waiting: r?.waiting?.state ?? null,
          active: r?.active?.state ?? null,
          page: document.readyState,
        });
      });
    // Installed and active (every route's files precached) within a minute; what it was doing if not.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.active)), {
        timeout: 60_000,
      })
      .toBe(true)
      .catch(async (err: unknown) => {
        throw new Error(`${String(err)}; registration: ${await registration()}`);
      });
    // The first install claims the open page; on a loaded machine the claim can land after this page began,
    // so one reload (how a browser hands any page to a new worker) must find it in control.
    if ((await controller()) === null) {
      await expect
        .poll(controller, { timeout: 5_000 })
        .toBe(`${server.url}/sw.js`)
        .catch(() => page.reload());
    }
    await expect.poll(controller, { timeout: 15_000 }).toBe(`${server.url}/sw.js`);
    const cachedPaths = () =>
      page.evaluate(async () => {
        const cache = await caches.open('pk-trade-precache-v1');
        return (await cache.keys()).map((r) => new URL(r.url).pathname);
      });
    // Installing keeps the shell; every other route follows once the page is idle (a few seconds).
    const chunks = ['download-page', 'ios-page', 'mine-page', 'markets-page', 'noto-nastaliq-urdu'];
    await expect
      .poll(
        async () => {
          const have = await cachedPaths();
          return chunks.filter((c) => !have.some((p) => p.includes(c)));
        },
        { timeout: 60_000 },
      )
      .toEqual([]);
    const cached = await cachedPaths();
    for (const chunk of chunks)
      expect(
        cached.some((p) => p.includes(chunk)),
        chunk,
      ).toBe(true);
    expect(cached).toContain('/index.html');
    expect(cached.some((p) => p.startsWith('/api'))).toBe(false);
    const installability = (await (
      await context.newCDPSession(page)
    ).send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito, where Chrome never installs; nothing else may stand in the way.
    expect(
      installability.installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito'),
    ).toEqual([]);
  });

  it('shows the download pages in Urdu (right to left) and English, and the install button when offered', async () => {
    await page.goto(`${server.url}/pages/common/download`);
    const intro = page.getByText(ur.install.intro);
    await intro.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Headless Chromium never offers installation: the manual steps are pointed to.
    await expect.poll(() => page.getByTestId('install-state').getAttribute('data-state')).toBe('manual');
    await page.getByTestId('to-android').click();
    await page.getByText(ur.android.step1).waitFor();
    // The browser's offer arrives: the button shows it, and is used once.
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => void ((window as unknown as { prompted: number }).prompted = 1),
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(offer);
    });
    const button = page.getByTestId('install-button');
    await button.waitFor();
    expect(await button.textContent()).toContain(ur.install.button);
    const box = await button.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await button.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { prompted?: number }).prompted))
      .toBe(1);
    await expect.poll(() => page.getByTestId('install-state').getAttribute('data-state')).toBe('manual');

    await setLang('en-US');
    await page.getByText(en.android.step1).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.goto(`${server.url}/pages/common/iosAPP`);
    await page.getByText(en.ios.step2).waitFor();
    await page.goto(`${server.url}/pages/common/download`);
    await page.getByText(en.install.intro).waitFor();
    await setLang('ur-PK');
  });

  it('offers a new release in a banner whose Reload brings it in', async () => {
    await page.goto(`${server.url}/pages/tabbar/home`);
    await page.locator('.app-shell').waitFor();
    publishRelease(dist, 'release-2');
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const banner = page.getByTestId('update-banner');
    await banner.waitFor({ timeout: 60_000 });
    expect(await banner.textContent()).toContain(ur.update.ready);
    const reload = banner.getByRole('button', { name: ur.update.reload });
    expect((await reload.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await Promise.all([page.waitForEvent('load'), reload.click()]);
    await page.locator('.app-shell').waitFor();
    expect(await page.content()).toContain('release-2');
    expect(await banner.count()).toBe(0);
  });

  it('works offline with the server gone: the app shell on reload, and routes never opened render', async () => {
    const beforeOffline = errors.length;
    await server.stop();
    await context.setOffline(true);
    expect(
      await page.evaluate(() =>
        fetch('/api/user/info').then(
          () => 'online',
          () => 'offline',
        ),
      ),
    ).toBe('offline');
    await page.reload();
    await page.locator('.app-shell').waitFor();
    await page.getByTestId('tabbar').waitFor();
    const tagline = (
      JSON.parse(fs.readFileSync('locales/ur-PK/info.json', 'utf8')) as { about: { tagline: string } }
    ).about.tagline;
    for (const [path, text] of [
      ['/pages/user/about', tagline], // never opened before in this browser
      ['/pages/common/iosAPP', ur.ios.step2],
      ['/pages/common/download', ur.install.intro],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.getByText(text).waitFor();
      expect(await page.getByText(chunkErrorHeading).count(), path).toBe(0);
    }
    // A private tab a guest has not opened: the guard sends them to the login page, which renders offline too.
    await page.goto(`${server.url}/pages/tabbar/mine`);
    await page.locator('form input[name="phone"]').waitFor();
    expect(await page.getByText(chunkErrorHeading).count()).toBe(0);
    expect((await page.locator('#root').innerText()).trim().length).toBeGreaterThan(20);
    await context.setOffline(false);
    // Only the offline phase may have failed requests (the API, the market feed); none before it. A request
    // that reaches the server while it closes is answered 503 (Fastify's return503OnClosing): that too is the
    // offline phase's, never earlier.
    const failed = (e: string) => /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::|WebSocket/i.test(e);
    expect(errors.slice(0, beforeOffline).filter((e) => !failed(e))).toEqual([]);
    expect(errors.slice(beforeOffline).filter((e) => !failed(e) && !/^HTTP 503 \S+\/api\//.test(e))).toEqual(
      [],
    );
  });
});
