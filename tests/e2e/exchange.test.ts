// The crypto accounts in Chromium at 360×800, in Urdu and English, against the real server: a demo user opens
// Assets → Exchange, exchanges PKR 10,000 to USDT at a live quote (rate, spread, what they receive, countdown),
// transfers part of it from the spot account to the contract account (no fee), and the hub's balances, the
// crypto funds detail (spot and contract) and the stock funds detail show each step. Every control is at least
// 44 px; axe finds nothing serious or critical on the quote or the transfer form.
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { axeSeriousOrCritical, collectPageErrors, smallTargets } from './support/page-checks.ts';
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

const TEXT = {
  'ur-PK': { exchange: 'کرنسی تبادلہ', transfer: 'منتقلی', receive: 'آپ کو ملیں گے' },
  'en-US': { exchange: 'Exchange', transfer: 'Transfer', receive: 'You receive' },
} as const;

const digits = (s: string | null) => (s ?? '').replace(/[^\d.]/g, '');

async function text(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).textContent()) ?? '';
}

describe.each(['ur-PK', 'en-US'] as const)('exchange and transfer in %s (360×800)', (lang) => {
  it('a demo user exchanges PKR → USDT, moves USDT to the contract account, and the records show it', async () => {
    const login = await registerUser(server);
    const context = await phoneContext(browser, lang, { reducedMotion: 'reduce' });
    await signInContext(context, login, { accountType: 'demo', lang });
    const page = await context.newPage();
    const errors: string[] = [];
    collectPageErrors(page, errors, 500);
    try {
      // Assets → Exchange hub
      await page.goto(`${server.url}/pages/user/assets`);
      await page.getByTestId('to-exchange').click();
      await page.getByTestId('account-stock').waitFor();
      expect(digits(await text(page, 'account-spot'))).toMatch(/^0\.00/);

      // PKR → USDT with a live quote
      await page.getByTestId('hub-to-usdt').click();
      const amount = page.locator('input[name="amount"]');
      await amount.waitFor();
      await amount.fill('10000');
      await page.getByTestId('exchange-quote-submit').click();
      const quote = page.getByTestId('exchange-quote');
      await quote.waitFor();
      const summary = await text(page, 'quote-summary');
      expect(summary).toContain(TEXT[lang].receive);
      expect(summary).toContain('0.50');
      expect(await text(page, 'quote-countdown')).toMatch(/\d/);
      expect(await smallTargets(page, 'main')).toEqual([]);
      expect(await axeSeriousOrCritical(page, 'main')).toEqual([]);
      await page.getByTestId('exchange-confirm').click();
      const done = page.getByTestId('exchange-done');
      await done.waitFor();
      expect(await done.getAttribute('data-status')).toBe('success');
      await page.getByTestId('exchange-to-hub').click();
      await page.getByTestId('account-spot').waitFor();
      await expect
        .poll(async () => Number(digits(await text(page, 'account-spot')).slice(0, 5)))
        .toBeGreaterThan(30);

      // spot → contract, no fee
      await page.getByTestId('hub-transfer').click();
      await page.getByTestId('transfer-form').waitFor();
      await page.locator('input[name="amount"]').fill('12.5');
      expect(await smallTargets(page, 'main')).toEqual([]);
      expect(await axeSeriousOrCritical(page, 'main')).toEqual([]);
      await page.getByTestId('transfer-submit').click();
      await page.getByTestId('transfer-done').waitFor();
      await page.getByTestId('transfer-to-hub').click();
      await page.getByTestId('account-contract').waitFor();
      await expect.poll(async () => text(page, 'account-contract')).toContain('12.50 USDT');

      // the crypto funds detail: the spot account shows the exchange and the transfer out, the contract the in
      await page.getByTestId('hub-records').click();
      await page.getByTestId('coin-tx-row').first().waitFor();
      const spotTypes = await page
        .getByTestId('coin-tx-row')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type')));
      expect(spotTypes).toEqual(['transfer', 'exchange']);
      expect(await page.getByTestId('coin-tx-row').first().textContent()).toContain(TEXT[lang].transfer);
      await page.getByTestId('coin-records-account').getByRole('radio').nth(1).click();
      await expect
        .poll(async () =>
          page.getByTestId('coin-tx-row').evaluateAll((rows) => rows.map((r) => r.textContent ?? '')),
        )
        .toEqual([expect.stringContaining('+12.50 USDT')]);

      // the stock funds detail shows the PKR side of the exchange
      await page.goto(`${server.url}/pages/fundsDetail/stockFundsDetail`);
      await page.getByTestId('tx-row').first().waitFor();
      const first = page.getByTestId('tx-row').first();
      expect(await first.getAttribute('data-type')).toBe('exchange');
      expect(await first.textContent()).toContain(TEXT[lang].exchange);
      expect(await first.textContent()).toContain('10,000.00');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
