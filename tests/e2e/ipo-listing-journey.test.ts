// An IPO that lists trades in the market, in Chromium at 360×800 against the real server, in Urdu and in
// English (a fresh user and offering each): the user applies for two lots on the demo account, the operator
// allots (the console's own functions, as in ipo-journey.test.ts) and marks the offering listed; the leader
// adds the stock to the market (MARKET_LISTINGS_MS=1000: the back-office path, no bus from this process);
// the user finds it with the Markets search, opens it, and sells 300 of the 1,000 allotted shares at market.
// The position left is 700 shares. No page error on the way.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { createOffering, markListed, payDue, runAllotment } from '../../server/domain/ipo/ipo-operator.ts';
import { apiPost, registerUser, signInContext, typePin } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { collectPageErrors } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let database: Database;
const errors: string[] = [];
const PIN = '246810';
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  server = await startServer({ MARKET_LISTINGS_MS: '1000' });
  browser = await launchBrowser();
  database = await openDatabase({ dataDir: server.dataDir });
});
afterAll(async () => {
  await database?.close();
  await browser?.close();
  await server?.stop();
});

/** The server's answer to a GET (English), for the checks behind the screens. */
async function apiGet<T>(path: string, query: Record<string, string>, token?: string): Promise<T> {
  const res = await fetch(`${server.url}/api/${path}?${new URLSearchParams(query).toString()}`, {
    headers: { 'accept-language': 'en-US', ...(token ? { accesstoken: token } : {}) },
  });
  return ((await res.json()) as { data: T }).data;
}

describe.each(['ur-PK', 'en-US'] as const)('IPO listing journey in %s (demo account, 360×800)', (lang) => {
  let context: BrowserContext;
  let page: Page;
  afterAll(async () => context?.close());

  it('the listed stock is in Markets and the user sells part of the allotment', async () => {
    const login = await registerUser(server);
    const set = await apiPost(
      server,
      'user/password/trade/set',
      { password: PIN, password2: PIN },
      login.tokenDemo,
    );
    expect(set.code).toBe(0);
    context = await phoneContext(browser, lang);
    await signInContext(
      context,
      { ...login, user: { ...login.user, hasTradePassword: true } },
      { accountType: 'demo', lang },
    );
    page = await context.newPage();
    collectPageErrors(page, errors, 500);

    const now = Date.now();
    const symbol = lang === 'ur-PK' ? 'LSTURDU' : 'LSTENGL';
    const o = await createOffering(
      database.db,
      CLI_ACTOR,
      {
        symbol,
        company: lang === 'ur-PK' ? 'Chenab Textiles Limited' : 'Potohar Cement Limited',
        sector: 'Textile',
        shariah: true,
        price: 1250n,
        priceFloor: null,
        priceCap: null,
        // shares outstanding set the simulated book's depth: enough for a market sell of 300
        totalShares: 100_000_000,
        retailShares: 5_000,
        lot: 500,
        minQty: 500,
        maxQty: 5_000,
        opensAt: now - HOUR,
        closesAt: now + 2 * HOUR,
        allotAt: now + 3 * HOUR,
        payBy: now + 4 * HOUR,
        listAt: now + 5 * HOUR,
        prospectus: 'A company raising money for a new plant.',
      },
      now,
    );
    const applied = await apiPost(
      server,
      'stock/order/new/apply',
      {
        action: 'apply',
        offeringId: String(o.id),
        qty: '1000',
        clientId: `e2e-listing-${lang}-${now}`,
        tradePassword: PIN,
      },
      login.tokenDemo,
    );
    expect(applied.code).toBe(0);
    await runAllotment(database.db, CLI_ACTOR, o.id, `e2e-listing-${lang}`, o.closes_at);
    await payDue(database.db, o.pay_by, o.id);
    await markListed(database.db, CLI_ACTOR, o.id, o.list_at);

    // the leader picks the listing up and the next step adds it
    await expect
      .poll(
        async () => (await apiGet<{ symbol: string }[]>('stock/search', { q: symbol })).map((q) => q.symbol),
        { timeout: 30_000, interval: 500 },
      )
      .toContain(symbol);

    // Markets → search: the new stock, by its symbol, opens its page
    await page.goto(`${server.url}/pages/tabbar/markets`);
    await page.getByTestId('markets-page').waitFor();
    await page.goto(`${server.url}/pages/stock/search`);
    await page.getByTestId('search-input').fill(symbol);
    const hit = page.getByTestId('search-results').getByText(symbol, { exact: true }).first();
    await hit.waitFor({ timeout: 30_000 });
    await hit.click();
    await page.waitForURL(new RegExp(`/pages/stock/stockKline\\?symbol=${symbol}`));

    // a market sell of 300 of the 1,000 allotted shares
    await page.goto(`${server.url}/pages/stock/order?symbol=${symbol}&side=sell`);
    await page.getByTestId('live-price').waitFor({ timeout: 30_000 });
    await page.getByTestId('qty').fill('300');
    await expect.poll(() => page.getByTestId('net').textContent(), { timeout: 15_000 }).toMatch(/\d/);
    await page.getByTestId('submit-order').click();
    await typePin(page, PIN);
    await page.waitForURL(/\/pages\/tabbar\/position/, { timeout: 30_000 });
    await expect
      .poll(
        async () => {
          const holds = await apiGet<
            { list?: { symbol: string; qty: string }[] } | { symbol: string; qty: string }[]
          >('stock/hold/list', {}, login.tokenDemo);
          const list = Array.isArray(holds) ? holds : (holds.list ?? []);
          return list.find((h) => h.symbol === symbol)?.qty;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe('700');
    expect(errors).toEqual([]);
  });
});
