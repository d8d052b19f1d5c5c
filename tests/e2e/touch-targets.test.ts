// Every control of the screens built on the shared UI kit is at least 44 × 44 CSS px (the kit's rule), in
// Urdu and in English at 360 × 800, including the sheets and dialogs they open.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../workers/protocol/api.ts';
import { apiPost, registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { smallTargets } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';

const PIN = '246810';

/** A screen, and what to open on it before measuring. */
const SCREENS: Array<[path: string, open?: (p: Page) => Promise<unknown>]> = [
  ['/pages/tabbar/home'],
  ['/pages/tabbar/home', (p) => p.getByTestId('open-drawer').click()],
  ['/pages/tabbar/markets'],
  ['/pages/stock/list?type=losers'],
  ['/pages/stock/index'],
  ['/pages/stock/search'],
  ['/pages/stock/stockKline?symbol=OGDC'],
  ['/pages/stock/order?symbol=OGDC&side=buy'],
  ['/pages/stock/order?symbol=OGDC&side=buy', (p) => p.getByTestId('symbol-picker').click()],
  ['/pages/tabbar/position'],
  ['/pages/tabbar/position', (p) => p.getByTestId('position-row').first().click()],
  ['/pages/tabbar/position', (p) => p.getByTestId('tab-orders').click()],
  ['/pages/stock/income'],
  ['/pages/user/assets'],
  ['/pages/fundsDetail/stockFundsDetail'],
  ['/pages/tabbar/mine', (p) => p.getByTestId('mine-sign-out').click()],
  ['/pages/common/download'],
];

let server: RunningServer;
let browser: Browser;
let login: LoginResult;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  login = await registerUser(server);
  // The demo account holds a stock, so the positions list and its sheet have a row.
  await apiPost(server, 'user/password/trade/set', { password: PIN, password2: PIN }, login.tokenDemo);
  const buy = await apiPost(
    server,
    'stock/order/buy',
    { symbol: 'OGDC', type: 'market', qty: '10', clientOrderId: 'targets-1', tradePassword: PIN },
    login.tokenDemo,
  );
  expect(buy.code).toBe(0);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(['ur-PK', 'en-US'] as const)('touch targets in %s', (lang) => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await phoneContext(browser, lang);
    await signInContext(ctx, login, { accountType: 'demo', lang });
    page = await ctx.newPage();
  });
  afterAll(() => ctx?.close());

  it.each(SCREENS)('%s', async (path, open) => {
    await page.goto(server.url + path);
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    if (open) {
      await open(page);
      await page.locator('[aria-modal="true"], [data-testid="order-centre"]').first().waitFor();
    }
    expect(await smallTargets(page)).toEqual([]);
  });
});
