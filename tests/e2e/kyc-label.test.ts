// Defect d of the fast/offline issue, in Chromium at 360×800 in Urdu and English: the KYC label agrees on
// Home, the drawer and Mine right after the status changes, and until verified the label is a link to KYC.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US/account.json';
import ur from '../../locales/ur-PK/account.json';
import { registerUser, signInContext } from './support/account.ts';
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

function setStatus(userId: number, status: 'pending' | 'succ'): void {
  const db = new Database(join(server.dataDir, 'app.db'), { fileMustExist: true });
  try {
    db.prepare('UPDATE users SET id_status = ? WHERE id = ?').run(status, userId);
  } finally {
    db.close();
  }
}

/** Mine, the drawer and Home each show `want` (each reads the status fresh when it opens: at most a moment). */
async function agree(page: Page, want: string): Promise<void> {
  const shown = (l: ReturnType<Page['getByTestId']>) => l.first().textContent();
  await page.getByTestId('tab-mine').click();
  await expect.poll(() => shown(page.getByTestId('kyc-label')), { timeout: 3_000 }).toBe(want);
  await page.getByTestId('tab-home').click();
  await page.getByTestId('open-drawer').click();
  const drawer = page.getByTestId('drawer-account');
  await expect.poll(() => shown(drawer.getByTestId('kyc-label')), { timeout: 3_000 }).toBe(want);
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  await expect.poll(() => shown(page.getByTestId('kyc-label')), { timeout: 3_000 }).toBe(want);
}

describe.each([
  ['ur-PK', ur],
  ['en-US', en],
] as const)('the KYC label in %s', (lang, texts) => {
  it('links to KYC until verified and agrees everywhere right after a change', async () => {
    const login = await registerUser(server);
    const context = await phoneContext(browser, lang);
    await signInContext(context, login, { accountType: 'real', lang });
    const page = await context.newPage();
    await page.goto(`${server.url}/pages/tabbar/home`);
    await page.getByTestId('kyc-link').waitFor();
    expect(await page.getByTestId('kyc-label').first().textContent()).toBe(texts.kyc.none);
    await page.getByTestId('kyc-link').click();
    await page.waitForURL(/\/pages\/user\/kyc$/);
    await page.goto(`${server.url}/pages/tabbar/home`);

    setStatus(login.user.id, 'pending');
    await agree(page, texts.kyc.pending);
    setStatus(login.user.id, 'succ');
    await agree(page, texts.kyc.succ);
    expect(await page.getByTestId('kyc-link').count()).toBe(0);
    await context.close();
  });
});
