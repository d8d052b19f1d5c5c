// Stock trading in Chromium at 360×800 against the real server (simulated PSX, always open): a demo user sets
// the transaction password in the security centre, buys 100 OGDC at market with the 6-digit keypad, sees the
// position with a T+1 badge and a floating and today's P&L that move with the market, is refused a same-day
// sell with the T+1 message (on screen and by the server), then places a limit order at the lower band, sees
// its cash frozen (and today's P&L) on the assets page, cancels it in the order centre and sees the frozen
// amount return.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ApiEnvelope, LoginResult } from '../../workers/protocol/api.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { apiPost, registerUser, signInContext, typePin } from './support/account.ts';
import { axeSeriousOrCritical, collectPageErrors } from './support/page-checks.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let login: LoginResult;
const errors: string[] = [];
const PIN = '246810';

const post = <T>(path: string, body: Record<string, string>, token?: string): Promise<ApiEnvelope<T>> =>
  apiPost<T>(server, path, body, token);

const text = async (p: Page, testId: string) => (await p.getByTestId(testId).first().textContent()) ?? '';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  login = await registerUser(server);
  context = await phoneContext(browser, 'en-US');
  await signInContext(context, login, { accountType: 'demo', lang: 'en-US' });
  page = await context.newPage();
  collectPageErrors(page, errors, 500);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('stock trading (demo account, 360×800)', () => {
  it('asks for a transaction password first, and sets one in the security centre', async () => {
    await page.goto(`${server.url}/pages/stock/order?symbol=OGDC&side=buy`);
    await page.getByTestId('qty').fill('100');
    await page.getByTestId('submit-order').click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Set now' }).click();
    await page.waitForURL(/\/pages\/user\/tradePassword/);

    await page.goto(`${server.url}/pages/user/security`);
    await page.getByTestId('security-trade-password').click();
    await page.waitForURL(/\/pages\/user\/tradePassword/);
    await page.getByLabel('New transaction password').fill('12345');
    await page.getByLabel('Repeat the transaction password').fill('12345');
    await page.getByTestId('trade-password-submit').click();
    await page.getByText('exactly 6 digits').waitFor();
    await page.getByLabel('New transaction password').fill(PIN);
    await page.getByLabel('Repeat the transaction password').fill(PIN);
    await page.getByTestId('trade-password-submit').click();
    await page.getByTestId('toast').filter({ hasText: 'Transaction password set' }).waitFor();
  });

  it('buys 100 OGDC at market with the keypad and lands in the order centre', async () => {
    await page.goto(`${server.url}/pages/stock/order?symbol=OGDC&side=buy`);
    await page.getByTestId('live-price').waitFor({ timeout: 15_000 });
    await page.getByTestId('qty').fill('100');
    // The server's preview: value, fees and the net amount to pay.
    await expect.poll(() => text(page, 'net'), { timeout: 10_000 }).toMatch(/^[\d,]+\.\d{2}$/);
    await expect.poll(() => page.getByTestId('fee-breakdown').getAttribute('aria-busy')).toBe('false');
    expect(await axeSeriousOrCritical(page, '[data-testid=trade-page]')).toEqual([]);
    await page.getByTestId('submit-order').click();
    await page.getByTestId('keypad').waitFor();
    // A wrong password is the server's message; the boxes clear for another try.
    await page.keyboard.type('000000');
    await page.getByTestId('toast').filter({ hasText: 'transaction password is incorrect' }).waitFor();
    await expect.poll(() => page.getByTestId('pin-boxes').locator('[data-filled]').count()).toBe(0);
    await typePin(page, PIN);
    await page.waitForURL(/\/pages\/tabbar\/position/);
    // The fill is told with its own figures, and the order centre opens on History, where the fill is.
    const toast = page.getByTestId('toast').filter({ hasText: /^Bought 100 OGDC at [\d,]+\.\d{2}$/ });
    await toast.waitFor();
    await expect.poll(() => page.getByTestId('order-centre').isVisible()).toBe(true);
    expect(await page.getByTestId('orders-tab-filled').getAttribute('aria-selected')).toBe('true');
    await page.locator('[data-testid=order-row][data-status=filled]').first().waitFor();
  });

  it("shows the position locked until T+1 with a floating and today's P&L that move with the market", async () => {
    await page.getByTestId('tab-positions').click();
    const row = page.locator('[data-testid=position-row][data-symbol=OGDC]');
    await row.waitFor({ timeout: 15_000 });
    await row.getByTestId('t1-badge').waitFor();
    await expect.poll(() => row.getByTestId('position-pnl').textContent()).toMatch(/[\d,]+\.\d{2}/);
    // Today's P&L: all 100 shares were bought today, so it is their market value against what they cost.
    const today = row.getByTestId('position-today');
    await expect.poll(() => today.textContent()).toMatch(/^Today[+-]?[\d,]+\.\d{2}[+-]?[\d.]+%$/);
    const first = await row.getByTestId('position-pnl').textContent();
    const firstToday = await today.textContent();
    await expect
      .poll(() => row.getByTestId('position-pnl').textContent(), { timeout: 30_000, interval: 500 })
      .not.toBe(first);
    await expect.poll(() => today.textContent(), { timeout: 10_000 }).not.toBe(firstToday);
    await expect.poll(() => text(page, 'totals-pnl')).toMatch(/\d/);
    await expect.poll(() => text(page, 'totals-today')).toMatch(/^[+-]?[\d,]+\.\d{2}$/);
    expect(await axeSeriousOrCritical(page, '[data-testid=positions-page]')).toEqual([]);
  });

  it('refuses to sell the shares bought today with the T+1 message', async () => {
    await page.goto(`${server.url}/pages/stock/order?symbol=OGDC&side=sell`);
    await page.getByTestId('qty').fill('100');
    await expect.poll(() => text(page, 'net'), { timeout: 10_000 }).toMatch(/\d/);
    await page.getByTestId('submit-order').click();
    await expect.poll(() => text(page, 'form-error')).toContain('(T+1)');
    expect(await page.getByTestId('keypad').count()).toBe(0);
    // The server refuses it the same way, whatever the client shows.
    const res = await post(
      'stock/order/sell',
      { symbol: 'OGDC', type: 'market', qty: '100', clientOrderId: 'e2e-sell-same-day', tradePassword: PIN },
      login.tokenDemo,
    );
    expect(res.code).not.toBe(0);
    expect(res.msg).toContain('T+1');
  });

  it('places a limit order, freezes its cash, cancels it and the frozen amount returns', async () => {
    await page.goto(`${server.url}/pages/user/assets`);
    await expect.poll(() => text(page, 'assets-frozen'), { timeout: 10_000 }).toBe('0.00');
    await expect.poll(() => text(page, 'assets-today')).toMatch(/^-?[\d,]+\.\d{2}$/);

    await page.goto(`${server.url}/pages/stock/order?symbol=OGDC&side=buy`);
    await page.getByTestId('type-switch').getByRole('radio', { name: 'Limit' }).click();
    await page.getByTestId('band').waitFor({ timeout: 10_000 });
    const low = ((await page.getByTestId('band-low').textContent()) ?? '').replace(/,/g, '');
    await page.getByTestId('price').fill(low);
    await page.getByTestId('qty').fill('10');
    await expect.poll(() => text(page, 'net'), { timeout: 10_000 }).toMatch(/\d/);
    await page.getByTestId('submit-order').click();
    await page.getByTestId('keypad').waitFor();
    await page.keyboard.type(PIN);
    await page.waitForURL(/\/pages\/tabbar\/position/);
    const open = page.locator('[data-testid=order-row][data-status=pending]');
    await open.first().waitFor({ timeout: 10_000 });
    expect(await open.first().getByTestId('order-frozen').textContent()).toMatch(/^[1-9][\d,]*\.\d{2}$/);

    await page.goto(`${server.url}/pages/user/assets`);
    await expect.poll(() => text(page, 'assets-frozen'), { timeout: 10_000 }).toMatch(/^[1-9][\d,]*\.\d{2}$/);

    await page.goto(`${server.url}/pages/tabbar/position`);
    await page.getByTestId('tab-orders').click();
    await open.first().getByTestId('cancel-order').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel order' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Order cancelled' }).waitFor();
    await page.getByTestId('orders-empty').waitFor();
    await page.getByTestId('orders-tab-cancelled').click();
    await page.locator('[data-testid=order-row][data-status=cancelled]').first().waitFor();

    await page.goto(`${server.url}/pages/user/assets`);
    await expect.poll(() => text(page, 'assets-frozen'), { timeout: 10_000 }).toBe('0.00');
    expect(await axeSeriousOrCritical(page, '[data-testid=assets-page]')).toEqual([]);
  });

  it('shows order changes pushed on the account channel without a reload', async () => {
    await page.goto(`${server.url}/pages/tabbar/position`);
    await page.getByTestId('tab-orders').click();
    await page.getByTestId('orders-empty').waitFor();
    const band = await fetch(`${server.url}/api/stock/info?symbol=HBL`).then(
      (r) => r.json() as Promise<ApiEnvelope<{ limitDown: string }>>,
    );
    const placed = await post<{ id: number }>(
      'stock/order/buy',
      {
        symbol: 'HBL',
        type: 'limit',
        qty: '5',
        price: band.data.limitDown,
        clientOrderId: 'e2e-live-order-1',
        tradePassword: PIN,
      },
      login.tokenDemo,
    );
    expect(placed.code).toBe(0);
    await page.locator('[data-testid=order-row][data-status=pending]').first().waitFor({ timeout: 10_000 });
    const cancel = await fetch(`${server.url}/api/stock/order/cancel?id=${placed.data.id}`, {
      headers: { accesstoken: login.tokenDemo },
    });
    expect(((await cancel.json()) as ApiEnvelope<unknown>).code).toBe(0);
    await page.getByTestId('orders-empty').waitFor({ timeout: 10_000 });
  });

  it('updates the Assets balances after an order without a reload (the worker keeps the account channel)', async () => {
    await page.goto(`${server.url}/pages/user/assets`);
    await expect.poll(() => text(page, 'assets-frozen'), { timeout: 10_000 }).toBe('0.00');
    const before = await text(page, 'assets-available');
    const band = await fetch(`${server.url}/api/stock/info?symbol=HBL`).then(
      (r) => r.json() as Promise<ApiEnvelope<{ limitDown: string }>>,
    );
    const placed = await post<{ id: number }>(
      'stock/order/buy',
      {
        symbol: 'HBL',
        type: 'limit',
        qty: '5',
        price: band.data.limitDown,
        clientOrderId: 'e2e-assets-live-1',
        tradePassword: PIN,
      },
      login.tokenDemo,
    );
    expect(placed.code).toBe(0);
    // Same page, no navigation: the frozen cash appears and the available balance drops.
    await expect.poll(() => text(page, 'assets-frozen'), { timeout: 10_000 }).toMatch(/^[1-9][\d,]*\.\d{2}$/);
    expect(await text(page, 'assets-available')).not.toBe(before);
    const cancel = await fetch(`${server.url}/api/stock/order/cancel?id=${placed.data.id}`, {
      headers: { accesstoken: login.tokenDemo },
    });
    expect(((await cancel.json()) as ApiEnvelope<unknown>).code).toBe(0);
    await expect.poll(() => text(page, 'assets-frozen'), { timeout: 10_000 }).toBe('0.00');
    await expect.poll(() => text(page, 'assets-available')).toBe(before);
  });

  it('lists every money movement in the funds detail, filterable by type', async () => {
    await page.goto(`${server.url}/pages/fundsDetail/stockFundsDetail`);
    await page.getByTestId('tx-row').first().waitFor();
    await page.getByTestId('tx-filter-unfreeze').click();
    await expect
      .poll(async () => {
        const types = await page
          .getByTestId('tx-row')
          .evaluateAll((rs) => rs.map((r) => r.getAttribute('data-type')));
        return types.length > 0 && types.every((t) => t === 'unfreeze');
      })
      .toBe(true);
    expect(errors).toEqual([]);
  });
});
