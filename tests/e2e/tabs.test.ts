// Defect n of the fast/offline issue, in Chromium at 360×800 in Urdu and English: Markets and Trade are one
// tap from every tab page (Trade, no longer a tab since AI took the middle, by Home's quick grid, the button
// beside Positions' tabs and the header icon of Markets, AI and Mine); Assets, no longer a tab, is one tap from Positions and Mine; the order ticket's sticky
// Buy/Sell button is on screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../workers/protocol/api.ts';
import { registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

const TABS = ['home', 'markets', 'ai', 'position', 'mine'] as const;
/** The one-tap way to the order ticket on each tab page. */
const TRADE_LINK: Record<(typeof TABS)[number], string> = {
  home: 'quick-tabbar-trade',
  markets: 'header-trade',
  ai: 'header-trade',
  position: 'positions-trade',
  mine: 'header-trade',
};

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

describe.each(['ur-PK', 'en-US'] as const)('the tab bar in %s', (lang) => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await phoneContext(browser, lang);
    await signInContext(ctx, login, { accountType: 'demo', lang });
    page = await ctx.newPage();
  });
  afterAll(() => ctx?.close());

  it('reaches Markets and Trade in one tap from every tab', async () => {
    await page.goto(`${server.url}/pages/tabbar/home`);
    for (const from of TABS) {
      await page.getByTestId(`tab-${from}`).click();
      await page.getByTestId(`tab-${from}`).and(page.locator('[aria-current="page"]')).waitFor();
      await page.getByTestId(`tab-${from}`).click();
      await page.getByTestId('tab-markets').click();
      await page.getByTestId('markets-page').waitFor();
      await page.getByTestId(`tab-${from}`).click();
      await page.getByTestId(TRADE_LINK[from]).click();
      await page.getByTestId('trade-page').waitFor();
      // The order ticket is not a tab page: back returns to the tab it was opened from.
      await page.goBack();
      await page.getByTestId(`tab-${from}`).and(page.locator('[aria-current="page"]')).waitFor();
    }
  });

  it('reaches Assets in one tap from Positions and from Mine', async () => {
    await page.goto(`${server.url}/pages/tabbar/position`);
    await page.getByTestId('to-assets').click();
    await page.waitForURL(/\/pages\/user\/assets$/);
    await page.goto(`${server.url}/pages/tabbar/mine`);
    await page.getByTestId('mine-assets').click();
    await page.waitForURL(/\/pages\/user\/assets$/);
  });

  it('keeps the order ticket’s Buy/Sell button on screen, with no tab bar under it', async () => {
    await page.goto(`${server.url}/pages/tabbar/trade`);
    const submit = page.getByTestId('submit-order');
    await submit.waitFor();
    const button = await submit.boundingBox();
    expect(button).toBeTruthy();
    if (button) expect(button.y + button.height).toBeLessThanOrEqual(800 + 0.5);
    expect(await page.getByTestId('tabbar').count()).toBe(0);
  });
});
