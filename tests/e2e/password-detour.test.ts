// Defect c of the fast/offline issue, in Chromium at 360×800 in Urdu and English: a user without a
// transaction password types an order, is asked to set one, sets it, and comes back to the same order with
// its type, price and quantity, ready to confirm.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(['ur-PK', 'en-US'] as const)('setting the transaction password mid-order (%s)', (lang) => {
  it('comes back to the same order with its type, price and quantity', async () => {
    const login = await registerUser(server);
    const context = await phoneContext(browser, lang);
    await signInContext(context, login, { accountType: 'demo', lang });
    const page = await context.newPage();
    await page.goto(`${server.url}/pages/stock/order?symbol=OGDC&side=buy`);
    await page.getByTestId('live-price').waitFor({ timeout: 15_000 });
    await page.getByTestId('type-switch').getByRole('radio').nth(1).click();
    await page.getByTestId('band').waitFor({ timeout: 10_000 });
    // The live price block also shows the change: take its first figure, the price.
    const shown = /\d[\d,]*\.\d{2}/.exec((await page.getByTestId('live-price').textContent()) ?? '');
    const price = shown?.[0].replace(/,/g, '') ?? '';
    expect(price).toMatch(/^\d+\.\d{2}$/);
    await page.getByTestId('price').fill(price);
    await page.getByTestId('qty').fill('300');
    await expect.poll(() => page.getByTestId('net').textContent(), { timeout: 10_000 }).toMatch(/\d/);
    await page.getByTestId('submit-order').click();

    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await dialog.waitFor();
    await dialog.getByRole('button').last().click();
    await page.waitForURL(/\/pages\/user\/tradePassword/);
    const pins = page.getByTestId('trade-password-form').locator('input');
    await pins.nth(0).fill('135790');
    await pins.nth(1).fill('135790');
    await page.getByTestId('trade-password-submit').click();

    await page.waitForURL(/\/pages\/stock\/order\?symbol=OGDC&side=buy/);
    await page.getByTestId('qty').waitFor();
    expect(await page.getByTestId('qty').inputValue()).toBe('300');
    expect(await page.getByTestId('price').inputValue()).toBe(price);
    expect(await page.getByTestId('type-switch').getByRole('radio').nth(1).getAttribute('aria-checked')).toBe(
      'true',
    );
    // Ready to confirm: the PIN keypad opens now that a password is set.
    await page.getByTestId('submit-order').click();
    await page.getByTestId('keypad').waitFor();
    await context.close();
  });
});
