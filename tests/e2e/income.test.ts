// Defect k of the fast/offline issue, in Chromium at 360×800 against the real server, in Urdu and English:
// the income screen says its three windows are realised P&L (shares sold), shows the floating P&L apart as
// unrealised, and its purchase history's "previous trading day" is the PSX trading day before today (named
// with its date), not today: a purchase made today is under Today and not under it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ApiEnvelope, LoginResult } from '../../workers/protocol/api.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { apiPost, registerUser, signInContext } from './support/account.ts';
import { axeSeriousOrCritical, collectPageErrors } from './support/page-checks.ts';

let server: RunningServer;
let browser: Browser;
let login: LoginResult;
let orderId: number;
const errors: string[] = [];
const PIN = '246810';

/** Today in Asia/Karachi (UTC+5), YYYY-MM-DD. */
const pktToday = () => new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  login = await registerUser(server);
  expect(
    (await apiPost(server, 'user/password/trade/set', { password: PIN, password2: PIN }, login.tokenDemo))
      .code,
  ).toBe(0);
  const placed = await apiPost<{ id: number }>(
    server,
    'stock/order/buy',
    { symbol: 'OGDC', type: 'market', qty: '10', clientOrderId: 'e2e-income-buy-1', tradePassword: PIN },
    login.tokenDemo,
  );
  expect(placed.code).toBe(0);
  orderId = placed.data.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const CASES = [
  {
    lang: 'ur-PK',
    realised: 'حاصل شدہ نفع و نقصان',
    floating: 'غیر حاصل شدہ نفع و نقصان، ابھی',
    today: 'آج',
    last1: 'پچھلا کاروباری دن',
    range1: 'PSX کاروباری دن',
    cgt: 'ٹیکس',
  },
  {
    lang: 'en-US',
    realised: 'Realised P&L',
    floating: 'Unrealised P&L now',
    today: 'Today',
    last1: 'Previous trading day',
    range1: 'PSX trading day',
    cgt: 'CGT',
  },
] as const;

describe.each(CASES)('income ($lang)', (c) => {
  it('labels the realised figures, and the previous trading day is the one before today', async () => {
    const context = await phoneContext(browser, c.lang);
    await signInContext(context, login, { accountType: 'demo', lang: c.lang });
    const page = await context.newPage();
    collectPageErrors(page, errors, 500);
    try {
      const answer = (await (
        await fetch(`${server.url}/api/stock/income`, { headers: { accesstoken: login.tokenDemo } })
      ).json()) as ApiEnvelope<{ previousTradingDays: string[] }>;
      const [prev1] = answer.data.previousTradingDays;
      expect(prev1! < pktToday()).toBe(true);
      expect([1, 2, 3, 4, 5]).toContain(new Date(`${prev1}T00:00:00Z`).getUTCDay());

      await page.goto(`${server.url}/pages/stock/income`);
      await page.getByRole('heading', { name: c.realised }).waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('income-cards').getAttribute('aria-label')).toBe(c.realised);
      await expect.poll(() => page.getByTestId('income-today').textContent()).toBe('0.00');
      // Defect m: the CGT NCCPL would withhold sits beside each gross figure (none on no gain), explained.
      expect(await page.getByTestId('income-cgt-today').textContent()).toBe(`${c.cgt} 0.00`);
      expect(await page.getByTestId('income-cgt-note').textContent()).toContain('NCCPL');
      await page.getByText(c.floating).waitFor();
      await expect
        .poll(() => page.getByTestId('income-floating').textContent())
        .toMatch(/^[+-]?[\d,]+\.\d{2}$/);

      // Today: the purchase just made.
      const days = page.getByTestId('purchase-days');
      expect(await days.getByRole('radio', { name: c.today }).getAttribute('aria-checked')).toBe('true');
      await page.locator(`[data-testid=order-row][data-id="${orderId}"]`).waitFor();
      // The previous trading day: its date, and not today's purchase.
      await days.getByRole('radio', { name: c.last1 }).click();
      await expect.poll(() => page.getByTestId('purchases-days').textContent()).toBe(`${c.range1} ${prev1}`);
      await page.getByTestId('purchases-empty').waitFor();
      expect(await page.locator(`[data-testid=order-row][data-id="${orderId}"]`).count()).toBe(0);
      expect(await axeSeriousOrCritical(page, '[data-testid=income-page]')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('page health', () => {
  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
