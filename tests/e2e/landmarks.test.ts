// Defect i of the fast/offline issue, in Chromium at 360×800: a page has exactly one <main> landmark and no
// content outside landmarks (axe's landmark-one-main, region and the other landmark rules). Every built screen is
// checked signed in, in Urdu, by every-screen-targets.test.ts (and in English by `npm run bench`); this file
// checks the screens a guest sees, in both languages.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { LANDMARK_RULES, axeLines, axeViolations } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';

const GUEST = [
  '/pages/account/login',
  '/pages/account/reg',
  '/pages/account/resetPassword',
  '/pages/common/lang',
  '/pages/common/download',
  '/pages/common/privacyPolicy',
  '/pages/tabbar/markets',
];

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

async function landmarkFindings(page: Page, path: string): Promise<string[]> {
  await page.goto(server.url + path);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  return axeLines(await axeViolations(page, { rules: LANDMARK_RULES }));
}

describe.each(['ur-PK', 'en-US'] as const)('landmarks in %s', (lang) => {
  let guest: BrowserContext;
  let guestPage: Page;
  beforeAll(async () => {
    guest = await phoneContext(browser, lang);
    await guest.addInitScript((l) => localStorage.setItem('lang', l), lang);
    guestPage = await guest.newPage();
  });
  afterAll(async () => {
    await guest?.close();
  });

  it.each(GUEST)('guest %s', async (path) => {
    expect(await landmarkFindings(guestPage, path)).toEqual([]);
  });
});
