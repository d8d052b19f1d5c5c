// The block-trade journey in Chromium at 360×800 against the real server, in Urdu and in English (a fresh VIP
// user on the demo account and a fresh block each): the block appears in the VIP page's section and on the
// block list; its detail shows the discount, the overflow price and the unlock date a buy now would get; the
// user buys two lots with the transaction password, the block order shows the allocated quantity locked until
// the date, and Positions shows the shares locked (block trade) until that date. No page error on the way; axe
// finds nothing serious or critical on the list, the detail and the orders. SHOT_OUT=/dir writes screenshots.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { apiPost, registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { axeSeriousOrCritical, collectPageErrors } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let database: Database;
const errors: string[] = [];
const PIN = '246810';
const HOUR = 60 * 60 * 1000;
const WAIT = { timeout: 30_000 };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  database = await openDatabase({ dataDir: server.dataDir });
});
afterAll(async () => {
  await database?.close();
  await browser?.close();
  await server?.stop();
});

const TEXT = {
  'ur-PK': { locked: 'لاک', blockLock: 'بلاک ٹریڈ' },
  'en-US': { locked: 'Locked', blockLock: 'block trade' },
} as const;
type Lang = keyof typeof TEXT;

async function shot(page: Page, name: string, lang: Lang): Promise<void> {
  const dir = process.env.SHOT_OUT;
  if (dir) await page.screenshot({ path: `${dir}/bulk-${name}.${lang}.png`, fullPage: true });
}

async function noSerious(page: Page, what: string): Promise<void> {
  expect(await axeSeriousOrCritical(page, 'body'), what).toEqual([]);
}

/** A day as the screens show it: Pakistan time (UTC+5, no DST), YYYY-MM-DD. */
const pktDay = (ms: number): string => new Date(ms + 5 * HOUR).toISOString().slice(0, 10);

describe.each(['ur-PK', 'en-US'] as const)('block trade journey in %s (demo account, 360×800)', (lang) => {
  let context: BrowserContext;
  let page: Page;
  afterAll(async () => context?.close());

  it('a VIP user buys two lots of a block and sees them locked until the date', async () => {
    const login = await registerUser(server);
    expect(
      (await apiPost(server, 'user/password/trade/set', { password: PIN, password2: PIN }, login.tokenDemo))
        .code,
    ).toBe(0);
    const trial = await apiPost(
      server,
      'user/vip/buy',
      { plan: 'trial', clientId: `trial-${lang}-${Date.now()}` },
      login.tokenDemo,
    );
    expect(trial.code).toBe(0);
    context = await phoneContext(browser, lang);
    await signInContext(
      context,
      { ...login, user: { ...login.user, hasTradePassword: true } },
      { accountType: 'demo', lang },
    );
    page = await context.newPage();
    collectPageErrors(page, errors, 500);

    // the operator's block: 1,000 OGDC in lots of 100 at PKR 180.00, 10% under a close of 200.00, locked 7 days
    const now = Date.now();
    const block = await database.db
      .insertInto('bulk_blocks')
      .values({
        symbol: 'OGDC',
        shares: 1000,
        lot: 100,
        price_mode: 'discount',
        discount_bps: 1000,
        ref_close: 20_000n,
        price: 18_000n,
        opens_at: now - HOUR,
        closes_at: now + 2 * HOUR,
        lock_days: 7,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();

    // the VIP page's block-trade section lists it
    await page.goto(`${server.url}/pages/stock/vip`);
    await page.locator(`[data-testid="vip-bulk-row"][href$="id=${block.id}"]`).waitFor(WAIT);

    // the list, then the detail: price, discount, overflow, the unlock date a buy now would get
    await page.goto(`${server.url}/pages/stockBulk/bulkList`);
    const card = page.getByTestId('bulk-list').locator(`[data-id="${block.id}"]`);
    await card.waitFor(WAIT);
    await noSerious(page, 'bulk list');
    await shot(page, 'list', lang);
    await card.click();
    await page.waitForURL(/\/pages\/stockBulk\/bulkDetail\?id=/);
    await page.getByTestId('bulk-detail').waitFor(WAIT);
    expect(await page.getByTestId('bulk-price').textContent()).toContain('180.00');
    expect(await page.getByTestId('bulk-discount').textContent()).toContain('10.00%');
    expect(await page.getByTestId('bulk-overflow').textContent()).toMatch(/PKR \(-?\d+\.\d\d%\)/);
    expect(await page.getByTestId('bulk-qty').textContent()).toBe('100');
    await page.getByTestId('bulk-more').click();
    await expect.poll(() => page.getByTestId('bulk-qty').textContent(), WAIT).toBe('200');
    expect(await page.getByTestId('bulk-cost').textContent()).toContain('36,000.00');
    await noSerious(page, 'bulk detail');
    await shot(page, 'detail', lang);
    await page.getByTestId('bulk-buy').click();
    const keypad = page.getByTestId('keypad');
    await keypad.waitFor(WAIT);
    for (const d of PIN) await keypad.locator(`[data-key="${d}"]`).click();

    // the block orders: 200 allocated, locked until the date the server set
    await page.waitForURL(/\/pages\/stockBulk\/bulkOrder/, WAIT);
    const order = page.getByTestId('bulk-order').first();
    await order.waitFor(WAIT);
    const row = await database.db
      .selectFrom('bulk_orders')
      .selectAll()
      .where('block_id', '=', block.id)
      .executeTakeFirstOrThrow();
    const until = pktDay(row.unlock_at);
    expect(row.unlock_at).toBeGreaterThan(now + 6 * 24 * HOUR);
    expect(await order.getByTestId('bulk-order-qty').textContent()).toBe('200');
    expect(await order.getByTestId('bulk-order-lock').textContent()).toBe(TEXT[lang].locked);
    expect(await order.getByTestId('bulk-order-unlock').textContent()).toBe(until);
    await noSerious(page, 'bulk orders');
    await shot(page, 'orders', lang);

    // Positions: the OGDC position, and in its sheet the 200 shares locked (block trade) until that date
    await page.goto(`${server.url}/pages/tabbar/position`);
    const position = page.locator('[data-testid="position-row"][data-symbol="OGDC"]');
    await position.waitFor(WAIT);
    await position.click();
    const lock = page.locator('[data-testid="position-lock"][data-kind="block"]');
    await expect.poll(() => lock.textContent(), WAIT).toContain(until);
    const text = (await lock.textContent()) ?? '';
    expect(text).toContain('200');
    expect(text).toContain(TEXT[lang].blockLock);
    await shot(page, 'positions', lang);
    expect(errors).toEqual([]);
  });
});
