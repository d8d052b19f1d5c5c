// Defect i of the fast/offline issue, in Chromium at 360×800: every built page has exactly one <main>
// landmark and no content outside landmarks (axe's landmark-one-main, region and the other landmark rules),
// in Urdu and in English, for a guest and for a signed-in user.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../workers/protocol/api.ts';
import { registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const GUEST = [
  '/pages/account/login',
  '/pages/account/reg',
  '/pages/account/resetPassword',
  '/pages/common/lang',
  '/pages/common/download',
  '/pages/common/privacyPolicy',
];
const SIGNED_IN = [
  '/pages/tabbar/home',
  '/pages/tabbar/markets',
  '/pages/stock/list?type=losers',
  '/pages/stock/index',
  '/pages/stock/search',
  '/pages/stock/stockKline?symbol=OGDC',
  '/pages/tabbar/trade',
  '/pages/stock/order?symbol=OGDC&side=buy',
  '/pages/tabbar/position',
  '/pages/stock/income',
  '/pages/user/assets',
  '/pages/fundsDetail/stockFundsDetail',
  '/pages/tabbar/mine',
  '/pages/user/security',
  '/pages/user/loginPassword',
  '/pages/user/tradePassword',
  '/pages/user/about',
  '/pages/stockIPO/ipoList',
];
const RULES = [
  'landmark-one-main',
  'region',
  'landmark-no-duplicate-main',
  'landmark-unique',
  'landmark-main-is-top-level',
];

let server: RunningServer;
let browser: Browser;
let login: LoginResult;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  login = await registerUser(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function landmarkFindings(page: Page, path: string): Promise<string[]> {
  await page.goto(server.url + path);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  const res = await new AxeBuilder({ page }).withRules(RULES).analyze();
  return res.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe.each(['ur-PK', 'en-US'] as const)('landmarks in %s', (lang) => {
  let guest: BrowserContext;
  let user: BrowserContext;
  let guestPage: Page;
  let userPage: Page;
  beforeAll(async () => {
    guest = await phoneContext(browser, lang);
    await guest.addInitScript((l) => localStorage.setItem('lang', l), lang);
    guestPage = await guest.newPage();
    user = await phoneContext(browser, lang);
    await signInContext(user, login, { accountType: 'demo', lang });
    userPage = await user.newPage();
  });
  afterAll(async () => {
    await guest?.close();
    await user?.close();
  });

  it.each(GUEST)('guest %s', async (path) => {
    expect(await landmarkFindings(guestPage, path)).toEqual([]);
  });
  it.each(SIGNED_IN)('signed in %s', async (path) => {
    expect(await landmarkFindings(userPage, path)).toEqual([]);
  });
});
