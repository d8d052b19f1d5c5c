// Spot trading in Chromium at 360×800 against the real server, in Urdu and in English: a demo user granted
// 10,000 USDT (a test_grant straight into the ledger, as the server tests do) opens BTC/USDT from the coin
// k-line's Buy button, buys BTC at market (each order confirmed with the transaction password), sees the BTC balance and the filled order in the history, places a
// limit buy far below the market, sees it open with its USDT frozen, cancels it, and sees the USDT back.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { launchBrowser } from './support/browser.ts';
import { axeSeriousOrCritical } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { demoUsdtTrader } from './support/trader.ts';

let server: RunningServer;
let browser: Browser;
let database: Database;
const errors: string[] = [];

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
  'ur-PK': {
    buy: 'خریدیں',
    market: 'مارکیٹ',
    limit: 'لمٹ',
    history: 'آرڈر کی تاریخ',
    open: 'کھلے آرڈر',
    cancel: 'منسوخ کریں',
    filled: 'پورا ہو گیا',
    pending: 'کھلا',
  },
  'en-US': {
    buy: 'Buy',
    market: 'Market',
    limit: 'Limit',
    history: 'Order history',
    open: 'Open orders',
    cancel: 'Cancel',
    filled: 'Filled',
    pending: 'Open',
  },
} as const;
type Lang = keyof typeof TEXT;

const PIN = '246810';
const demoTrader = (lang: Lang) =>
  demoUsdtTrader({ server, browser, database, errors, refTag: 'spot', tradePassword: PIN }, lang);

async function confirm(page: Page): Promise<void> {
  const keypad = page.getByTestId('keypad');
  await keypad.waitFor();
  for (const d of PIN) await keypad.locator(`[data-key="${d}"]`).click();
}

describe.each(['ur-PK', 'en-US'] as const)('spot trading in %s', (lang) => {
  it('buys BTC at market, places and cancels a limit buy, and shows balances and history', async () => {
    const T = TEXT[lang];
    const { context, page } = await demoTrader(lang);
    await page.goto(`${server.url}/pages/coin/coinKline?symbol=BTCUSDT`);
    await page.getByRole('link', { name: T.buy, exact: true }).click();
    await page.waitForURL(/\/pages\/coin\/index\?symbol=BTCUSDT&side=buy/);
    const available = page.getByTestId('spot-available');
    await expect.poll(() => available.textContent(), { timeout: 15_000 }).toBe('10000.000000 USDT');
    await page.getByTestId('spot-last').filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });

    // market buy of 0.01 BTC
    await page.getByTestId('spot-type').getByRole('radio', { name: T.market }).click();
    await page.getByTestId('spot-qty').fill('0.01');
    await expect.poll(() => page.getByTestId('spot-total').textContent()).toMatch(/^\d+\.\d{6} USDT$/);
    await page.getByTestId('spot-submit').click();
    await confirm(page);
    await page.getByTestId('spot-done').waitFor();
    await page.getByRole('tab', { name: T.history }).click();
    await expect
      .poll(() => page.getByTestId('spot-history').getByTestId('spot-order-status').first().textContent())
      .toBe(T.filled);
    // the BTC balance: 0.01 less the 0.1 % fee (in BTC)
    await page.getByTestId('spot-side').getByRole('radio').nth(1).click();
    await expect.poll(() => available.textContent()).toBe('0.00999 BTC');

    // a limit buy far below the market rests with USDT frozen, and is cancelled
    await page.getByTestId('spot-side').getByRole('radio').nth(0).click();
    await page.getByTestId('spot-type').getByRole('radio', { name: T.limit }).click();
    await page.getByTestId('spot-price').fill('1000');
    await page.getByTestId('spot-qty').fill('0.01');
    await expect.poll(() => page.getByTestId('spot-total').textContent()).toBe('10.000000 USDT');
    const before = await available.textContent();
    await page.getByTestId('spot-submit').click();
    await confirm(page);
    await page.getByTestId('spot-done').waitFor();
    await page.getByRole('tab', { name: T.open }).click();
    const open = page.getByTestId('spot-open');
    await expect.poll(() => open.getByTestId('spot-order-status').first().textContent()).toBe(T.pending);
    await expect.poll(() => available.textContent()).not.toBe(before);
    await open.getByRole('button', { name: T.cancel }).first().click();
    await expect.poll(() => page.getByTestId('spot-open').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => available.textContent()).toBe(before);
    expect(await axeSeriousOrCritical(page, '[data-testid=spot-page]')).toEqual([]);
    await context.close();
  });
});

it('no page errors', () => {
  expect(errors).toEqual([]);
});
