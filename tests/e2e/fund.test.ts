// AI funds in Chromium at 360×800 against the real server (simulated PSX always open; the funds deal every
// 10 s of clock time, FUND_DEALING_MS, since a test cannot wait for a PSX close), in Urdu and in English: a demo
// user opens the AI tab, switches to Funds, opens the no-lock-in fund, subscribes through the confirm step
// (cut-off and what happens) and the transaction password, sees the request pending, then confirmed at a NAV
// with units once a dealing point passes, the units in "my units", and redeems some, paid at the next one.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../workers/protocol/api.ts';
import { apiPost, registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { collectPageErrors } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
const PIN = '246810';
const SHOTS = process.env.FUND_SHOTS;
const WAIT = { timeout: 60_000 };

beforeAll(async () => {
  server = await startServer({ FUND_DEALING_MS: '10000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const TEXT = {
  'ur-PK': { funds: 'فنڈ', amount: 'رقم', units: 'یونٹ', redeem: 'واپسی' },
  'en-US': { funds: 'Funds', amount: 'Amount', units: 'Units', redeem: 'Redeem' },
} as const;

/** Some units held, with 4 decimals (a PKR figure has 2). */
const SOME_UNITS = /[1-9][\d,]*\.\d{4}/;

describe.each(['ur-PK', 'en-US'] as const)('AI funds in %s', (lang) => {
  let ctx: BrowserContext;
  let page: Page;
  let login: LoginResult;
  const errors: string[] = [];
  beforeAll(async () => {
    login = await registerUser(server);
    const set = await apiPost(
      server,
      'user/password/trade/set',
      { password: PIN, password2: PIN },
      login.tokenDemo,
    );
    expect(set.code).toBe(0);
    ctx = await phoneContext(browser, lang);
    await signInContext(ctx, login, { accountType: 'demo', lang });
    page = await ctx.newPage();
    collectPageErrors(page, errors, 500);
  });
  afterAll(() => ctx?.close());

  const shot = async (name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.${lang}.png`, fullPage: true });
  };

  const confirmWithPin = async () => {
    await page.getByTestId('fund-confirm').waitFor();
    await shot('confirm');
    await page.getByTestId('fund-confirm-go').click();
    const keypad = page.getByTestId('keypad');
    await keypad.waitFor();
    for (const d of PIN) await keypad.locator(`[data-key="${d}"]`).click();
  };

  it('subscribes from the AI tab, and the units show once a dealing point passes', async () => {
    await page.goto(`${server.url}/pages/tabbar/home`);
    await page.getByTestId('tab-ai').click();
    await page.getByTestId('ai-page').waitFor();
    await page.getByTestId('ai-switch').getByRole('radio', { name: TEXT[lang].funds }).click();
    await page.getByTestId('funds').waitFor();
    await shot('list');
    await page.getByTestId('fund-psx-balanced').click();
    await page.getByTestId('fund-detail').waitFor();
    await page.getByLabel(TEXT[lang].amount, { exact: true }).fill('5000');
    await page.getByTestId('fund-next').click();
    await confirmWithPin();
    await page.locator('[data-testid="fund-order"]').first().waitFor(WAIT);
    await page.locator('[data-testid="fund-order"][data-state="confirmed"]').first().waitFor(WAIT);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('fund-my-units').waitFor(WAIT);
          return (await page.getByTestId('fund-my-units').textContent()) ?? '';
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toMatch(SOME_UNITS);
    await shot('detail');
  });

  it('redeems units, paid at the next dealing point', async () => {
    await page.getByTestId('fund-mode').getByRole('radio', { name: TEXT[lang].redeem }).click();
    await page.getByLabel(TEXT[lang].units, { exact: true }).fill('100');
    await page.getByTestId('fund-next').click();
    await confirmWithPin();
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('my-fund-orders').waitFor(WAIT);
          return page.locator('[data-testid="fund-order"][data-state="confirmed"]').count();
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toBe(2);
    await shot('redeemed');
    expect(errors).toEqual([]);
  });
});
