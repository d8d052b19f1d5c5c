// The crypto door of the one sign-in (/pages/account/coinLogin, issue 16) in Chromium at 360×800 against the
// real server, in Urdu and in English: a guest sees the login form under the crypto heading (right-to-left in
// Urdu, its Nastaliq not clipped), a registered user signs in there and lands on the crypto trading screen
// with 'coin' stored as the trade type, and opening the door again, signed in, goes straight back there.
// Screenshots of the door and the screen it leads to go to tests/e2e/screenshots/.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en-US/account.json';
import ur from '../../locales/ur-PK/account.json';
import type { LoginResult } from '../../workers/protocol/api.ts';
import { registerUser, TEST_PASSWORD } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { inkFindings } from './support/ink.ts';
import { axeSeriousOrCritical, collectPageErrors, smallTargets } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';

const SHOTS = 'tests/e2e/screenshots';
const HEADING = { 'ur-PK': ur.coinLogin.heading, 'en-US': en.coinLogin.heading } as const;

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

describe.each(['ur-PK', 'en-US'] as const)('crypto sign-in in %s', (lang) => {
  it('signs a registered user in at coinLogin and lands on the crypto trading screen', async () => {
    const login: LoginResult = await registerUser(server);
    const context = await phoneContext(browser, lang, { reducedMotion: 'reduce' });
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    const page = await context.newPage();
    const errors: string[] = [];
    collectPageErrors(page, errors, 500);
    try {
      await page.goto(`${server.url}/pages/account/coinLogin`);
      const heading = page.getByRole('heading', { name: HEADING[lang] });
      await heading.waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ur-PK' ? 'rtl' : 'ltr');
      await page.screenshot({ path: `${SHOTS}/coin-login.${lang}.png`, fullPage: true });
      expect(await axeSeriousOrCritical(page, 'main')).toEqual([]);
      expect(await smallTargets(page, 'form')).toEqual([]);
      // The hero (heading and the one-account explanation) and the header title: no ink cut off or colliding.
      await expect.poll(() => inkFindings(page, 'header'), { timeout: 15_000 }).toEqual([]);
      expect(await inkFindings(page, `div:has(> h2)`)).toEqual([]);

      await page.fill('input[name="phone"]', login.user.phone);
      await page.fill('input[name="password"]', TEST_PASSWORD);
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL(/\/pages\/coin\/index/);
      await page.getByTestId('spot-page').waitFor();
      expect(await page.evaluate(() => localStorage.getItem('systemTradeType'))).toBe('coin');
      expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeTruthy();
      await page.screenshot({ path: `${SHOTS}/coin-login-landed.${lang}.png`, fullPage: true });

      // Signed in, the door has nothing to ask: it goes straight to the crypto trading screen.
      await page.goto(`${server.url}/pages/account/coinLogin`);
      await page.waitForURL(/\/pages\/coin\/index/);
      await page.getByTestId('spot-page').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
