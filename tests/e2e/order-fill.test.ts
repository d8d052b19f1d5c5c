// Defect b of the fast/offline issue, in Chromium at 360×800 against the real server (simulated PSX, always
// open), in Urdu and in English: after a market order fills, a toast says what filled with the fill's own
// figures ("Bought 100 OGDC at 281.40"), and the order centre opens on History, where the filled order is,
// outlined; its average price is the toast's. A limit order that rests opens In progress instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ApiEnvelope, LoginResult } from '../../workers/protocol/api.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { registerUser, setTradePassword, signInContext, typePin } from './support/account.ts';
import { collectPageErrors } from './support/page-checks.ts';

let server: RunningServer;
let browser: Browser;
const errors: string[] = [];
const PIN = '246810';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A demo trader with a transaction password, signed in on a phone in `lang`. */
async function trader(lang: string): Promise<{ context: BrowserContext; page: Page; login: LoginResult }> {
  const login = await registerUser(server);
  await setTradePassword(server, login.tokenDemo, PIN);
  const context = await phoneContext(browser, lang);
  await signInContext(context, login, { accountType: 'demo', lang });
  const page = await context.newPage();
  collectPageErrors(page, errors, 500);
  return { context, page, login };
}

async function placeOrder(page: Page, symbol: string, qty: string, limit?: string): Promise<void> {
  await page.goto(`${server.url}/pages/stock/order?symbol=${symbol}&side=buy`);
  await page.getByTestId('live-price').waitFor({ timeout: 15_000 });
  if (limit) {
    await page.getByTestId('type-switch').getByRole('radio').nth(1).click();
    await page.getByTestId('band').waitFor({ timeout: 10_000 });
    await page.getByTestId('price').fill(limit);
  }
  await page.getByTestId('qty').fill(qty);
  await expect.poll(() => page.getByTestId('net').textContent(), { timeout: 10_000 }).toMatch(/\d/);
  await page.getByTestId('submit-order').click();
  await typePin(page, PIN);
  await page.waitForURL(/\/pages\/tabbar\/position/);
}

const CASES = [
  {
    lang: 'ur-PK',
    // "OGDC کے 100 حصص 281.40 پر خریدے گئے"
    toast: /^OGDC کے 100 حصص ([\d,]+\.\d{2}) پر خریدے گئے$/,
    placed: 'آرڈر لگ گیا',
  },
  { lang: 'en-US', toast: /^Bought 100 OGDC at ([\d,]+\.\d{2})$/, placed: 'Order placed' },
] as const;

describe.each(CASES)('a market order that fills ($lang)', ({ lang, toast, placed }) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await trader(lang));
  });
  afterAll(async () => context?.close());

  it('is told in a toast with its figures, and the order centre opens on History with the fill outlined', async () => {
    await placeOrder(page, 'OGDC', '100');
    const shown = page.getByTestId('toast').filter({ hasText: toast });
    await shown.waitFor({ timeout: 10_000 });
    const price = toast.exec((await shown.textContent()) ?? '')![1]!;
    await page.getByTestId('order-centre').waitFor();
    expect(await page.getByTestId('orders-tab-filled').getAttribute('aria-selected')).toBe('true');
    const row = page.locator('[data-testid=order-row][data-fresh=true]');
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-status')).toBe('filled');
    // The row's average price is the toast's (the same fill, the same truncation).
    expect(await row.locator('dd').nth(2).textContent()).toBe(price);
    expect(await row.locator('dd').nth(1).textContent()).toBe('100/100');
  });

  it('a limit order that rests says it was placed and opens In progress', async () => {
    const band = await fetch(`${server.url}/api/stock/info?symbol=HBL`).then(
      (r) => r.json() as Promise<ApiEnvelope<{ limitDown: string }>>,
    );
    await placeOrder(page, 'HBL', '5', band.data.limitDown);
    await page.getByTestId('toast').filter({ hasText: placed }).waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('orders-tab-pending').getAttribute('aria-selected')).toBe('true');
    const row = page.locator('[data-testid=order-row][data-fresh=true]');
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-status')).toBe('pending');
  });
});

describe('page health', () => {
  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
