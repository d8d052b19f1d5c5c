// Defect g of the fast/offline issue: Urdu text never collides, in Chromium at 360×800 with the Nastaliq face
// loaded. Text ink (tests/e2e/support/ink.ts) must not run into other text or an icon, nor be cut off by a
// clipping box: Home's quick grid (labels under their icons), the order ticket's fee labels, and the page
// header's title on the screens with the longest Urdu titles (Nastaliq needs more height than its line box).
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PATHS, type RouteName } from '../../src/shared/routing/paths.ts';
import type { LoginResult } from '../../workers/protocol/api.ts';
import { apiPost, registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { inkFindings } from './support/ink.ts';
import { startServer, type RunningServer } from './support/server.ts';

const PIN = '246810';

/** The built screens (the route table's PAGES block) with the longest Urdu titles. */
function longestTitled(count: number): RouteName[] {
  const routes = readFileSync(new URL('../../src/app/routes.ts', import.meta.url), 'utf8');
  const block = routes.slice(
    routes.indexOf('const PAGES'),
    routes.indexOf('\n};', routes.indexOf('const PAGES')),
  );
  const built = [...block.matchAll(/^\s+'?([\w.]+)'?:/gm)].map((m) => m[1] as RouteName);
  const nav = JSON.parse(readFileSync(new URL('../../locales/ur-PK/nav.json', import.meta.url), 'utf8')) as {
    title: Record<string, Record<string, string> | string>;
  };
  const title = (name: string) => {
    const [a, b] = name.split('.') as [string, string];
    const t = nav.title[a];
    return typeof t === 'object' ? (t[b] ?? '') : '';
  };
  return built
    .filter((n) => n in ROUTE_PATHS && !n.startsWith('account.') && n !== 'common.login')
    .sort((a, b) => title(b).length - title(a).length)
    .slice(0, count);
}

let server: RunningServer;
let browser: Browser;
let login: LoginResult;
let ctx: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  login = await registerUser(server);
  await apiPost(server, 'user/password/trade/set', { password: PIN, password2: PIN }, login.tokenDemo);
  ctx = await phoneContext(browser, 'ur-PK');
  await signInContext(ctx, login, { accountType: 'demo', lang: 'ur-PK' });
  page = await ctx.newPage();
});

afterAll(async () => {
  await ctx?.close();
  await browser?.close();
  await server?.stop();
});

async function open(path: string, ready: string) {
  await page.goto(server.url + path);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

describe('Urdu text never collides', () => {
  it('Home: the quick grid labels clear their icons; the header title is not clipped', async () => {
    await open('/pages/tabbar/home', '[data-testid^="quick-"]');
    await expect
      .poll(() => inkFindings(page, 'nav:has([data-testid^="quick-"])'), { timeout: 15_000 })
      .toEqual([]);
    expect(await inkFindings(page, 'header')).toEqual([]);
  });

  it('the order ticket: fee labels and their figures', async () => {
    await open('/pages/stock/order?symbol=OGDC&side=buy', 'h1');
    await page.getByTestId('qty').fill('100');
    // The server's preview fills every figure (Latin digits beside the Nastaliq labels).
    await expect.poll(() => page.getByTestId('net').textContent(), { timeout: 30_000 }).not.toBe('—');
    await expect
      .poll(() => inkFindings(page, '[data-testid="fee-breakdown"]'), { timeout: 15_000 })
      .toEqual([]);
  });

  it.each(longestTitled(8))('the header of %s (a long title)', async (name) => {
    await open(ROUTE_PATHS[name], 'h1');
    await expect.poll(() => inkFindings(page, 'header'), { timeout: 15_000 }).toEqual([]);
  });
});
