// AI robots in Chromium at 360×800 against the real server (simulated PSX, always open), in Urdu and in
// English: a demo user (funded as every demo account is) opens the AI tab, sees the robots with the
// capital-at-risk warning, allocates to the DCA robot through the confirm step and the transaction password,
// lands on the robot order, sees it in "my robots", and, as the market steps, sees the robot's own engine
// orders and its report (trades, fees, net P&L) on the order page and on its record page.
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
const SHOTS = process.env.ROBOT_SHOTS;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const TEXT = {
  'ur-PK': { running: 'جاری', amount: 'رقم' },
  'en-US': { running: 'In progress', amount: 'Amount' },
} as const;

describe.each(['ur-PK', 'en-US'] as const)('AI robots in %s', (lang) => {
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

  it('allocates to a robot from the AI tab and finds it in my robots', async () => {
    await page.goto(`${server.url}/pages/tabbar/home`);
    await page.getByTestId('tab-ai').click();
    await page.getByTestId('ai-page').waitFor();
    await page.getByTestId('robot-risk').waitFor();
    await page.getByTestId('robot-products').waitFor();
    await shot('list');
    await page.locator('[data-testid^="robot-product-dca"]').first().click();
    await page.getByTestId('robot-tiers').waitFor();
    await page.getByLabel(TEXT[lang].amount, { exact: true }).fill('20000');
    await page.getByTestId('robot-allocate-next').click();
    await page.getByTestId('robot-confirm').waitFor();
    await shot('confirm');
    await page.getByTestId('robot-confirm-go').click();
    const keypad = page.getByTestId('keypad');
    await keypad.waitFor();
    for (const d of PIN) await keypad.locator(`[data-key="${d}"]`).click();
    await page.waitForURL(/\/pages\/robot\/orderDetail\?id=\d+/);
    await page.getByTestId('robot-order').waitFor();
    expect(await page.getByTestId('robot-state').first().getAttribute('data-state')).toBe('running');

    await page.goto(`${server.url}/pages/robot/list`);
    const mine = page.getByTestId('my-robot').first();
    await mine.waitFor();
    expect(await mine.textContent()).toContain(TEXT[lang].running);
    await shot('list-mine');
  });

  it('shows the robot’s trades and report after market steps', async () => {
    await page.getByTestId('my-robot').first().click();
    await page.getByTestId('robot-order').waitFor();
    // The robot trades on market steps: reload until its first engine order shows (the page also refreshes).
    const deadline = Date.now() + 90_000;
    while ((await page.getByTestId('robot-trade').count()) === 0) {
      expect(Date.now() < deadline, 'the robot placed an order within 90 s').toBe(true);
      await page.waitForTimeout(3000);
      await page.reload();
      await page.getByTestId('robot-order').waitFor();
    }
    expect(await page.getByTestId('robot-report').textContent()).toMatch(/\d/);
    expect(await page.getByTestId('robot-fees').textContent()).toContain('PKR');
    await shot('order');
    await page.getByTestId('robot-record-link').click();
    await page.waitForURL(/\/pages\/robot\/record\?id=\d+/);
    await page.getByTestId('robot-trade').first().waitFor();
    await shot('record');
    expect(errors).toEqual([]);
  });
});
