// The console's content page in Chromium: a support operator signs in at /admin/, writes a platform notice
// and publishes it, uploads a banner image and adds a banner to the markets tab; the app's public calls then
// answer both, and a banner with a target outside the app is refused with the server's message.
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { createOperator } from '../../server/domain/console/operators-repo.ts';
import { totpCode } from '../../server/domain/console/totp.ts';
import type { ApiEnvelope } from '../../workers/protocol/api.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { collectPageErrors } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let database: Database;
const errors: string[] = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  database = await openDatabase({ dataDir: server.dataDir });
});
afterAll(async () => {
  await database?.close();
  await browser?.close();
  await server?.stop();
});

const publicGet = async <T>(path: string) =>
  (
    (await (
      await fetch(`${server.url}/api/${path}`, { headers: { 'accept-language': 'en-US' } })
    ).json()) as ApiEnvelope<T>
  ).data;

describe('console content page (English)', () => {
  it('publishes a notice and adds a banner through the screens', async () => {
    const password = 'content-operator-password';
    const { totpSecret } = await createOperator(
      database.db,
      CLI_ACTOR,
      { username: 'content.editor', password, roles: 'support' },
      Date.now(),
    );
    const context = await phoneContext(browser, 'en-US', { reducedMotion: 'reduce' });
    await context.addInitScript(() => localStorage.setItem('console.lang', 'en-US'));
    const page = await context.newPage();
    collectPageErrors(page, errors, 500);
    await page.goto(`${server.url}/admin/`);
    await page.locator('input[name="username"]').fill('content.editor');
    await page.locator('input[name="password"]').fill(password);
    await page.locator('input[name="code"]').fill(totpCode(totpSecret, Date.now()));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'News, notices and banners' }).click();

    const notices = page.getByTestId('content-form-notices');
    await notices.getByLabel('Title (Urdu)').fill('نیا اعلان');
    await notices.getByLabel('Title (English)').fill('Console notice');
    await notices.getByLabel('Text (Urdu)').fill('متن');
    await notices.getByLabel('Text (English)').fill('Body text');
    await notices.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('listitem').filter({ hasText: 'Console notice' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Draft');
    await row.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Published');
    const shown = await publicGet<{ list: { title: string }[] }>('index/notice');
    expect(shown.list.map((n) => n.title)).toContain('Console notice');

    const banners = page.getByTestId('content-form-banners');
    const png = await sharp({ create: { width: 640, height: 240, channels: 3, background: '#16a34a' } })
      .png()
      .toBuffer();
    await banners.getByLabel('Image (JPEG, PNG or WebP)').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: png,
    });
    // The banner section's own status: the notice section above still says "Saved." from the publish.
    await page
      .getByRole('region', { name: 'Home banners' })
      .getByRole('status')
      .filter({ hasText: 'Saved.' })
      .waitFor();
    await banners.getByLabel('Image description (Urdu)').fill('سبز بینر');
    await banners.getByLabel('Image description (English)').fill('Green banner');
    const target = banners.getByLabel('Leads to (a page of the app, e.g. /pages/tabbar/markets)');
    await target.fill('https://example.com/');
    await banners.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The link must be a page of the app').first().waitFor();
    await target.fill('/pages/tabbar/markets');
    await banners.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Green banner' }).waitFor();
    const ads = await publicGet<{ alt: string; target: string; image: string }[]>('index/ads');
    const ad = ads.find((a) => a.alt === 'Green banner');
    expect(ad?.target).toBe('/pages/tabbar/markets');
    const img = await fetch(`${server.url}${ad?.image ?? ''}`);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    await context.close();
  });

  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
