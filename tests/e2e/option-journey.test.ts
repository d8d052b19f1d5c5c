// Options in Chromium at 360×800 against the real server (simulated PSX always open; a day of an option's term
// lasts 4 s, OPTION_DAY_MS, since a test cannot wait a day), in Urdu and in English: a demo user opens OGDC's
// stock screen, taps Options beside Buy / Sell, sees that these are the broker's own cash-settled contracts with
// the model's inputs and the most they can lose, buys a 1-day call with the transaction password, and — once
// the term runs out — sees it settled in My options with the price at expiry, the payoff and the P&L ratio.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../workers/protocol/api.ts';
import { apiPost, registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { collectPageErrors } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
const PIN = '246810';
const SHOTS = process.env.OPTION_SHOTS;
const WAIT = { timeout: 30_000 };

beforeAll(async () => {
  server = await startServer({ OPTION_DAY_MS: '4000' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const TEXT = {
  'ur-PK': { call: 'کال (قیمت اوپر)', day: '1 دن', broker: 'بروکر کے اپنے', settled: 'طے شدہ' },
  'en-US': { call: 'Call (price up)', day: '1 day', broker: "broker's own", settled: 'Settled' },
} as const;

describe.each(['ur-PK', 'en-US'] as const)('options in %s', (lang) => {
  let ctx: BrowserContext;
  let page: Page;
  let login: LoginResult;
  const errors: string[] = [];
  beforeAll(async () => {
    login = await registerUser(server);
    const set = await apiPost(
      server,
      'user/password/trade/set',
      { password: PIN, password2: PIN },
      login.tokenDemo,
    );
    expect(set.code).toBe(0);
    ctx = await phoneContext(browser, lang);
    await signInContext(ctx, login, { accountType: 'demo', lang });
    page = await ctx.newPage();
    collectPageErrors(page, errors, 500);
  });
  afterAll(() => ctx?.close());

  const shot = async (name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.${lang}.png`, fullPage: true });
  };

  it('buys a call from the stock screen, and sees it settled at expiry', async () => {
    await page.goto(`${server.url}/pages/stock/stockKline?symbol=OGDC`);
    await page.getByTestId('kline-options').click(WAIT);
    const ticket = page.getByTestId('option-ticket');
    await ticket.waitFor(WAIT);
    await expect
      .poll(() => page.getByTestId('option-disclosure').textContent(), WAIT)
      .toContain(TEXT[lang].broker);
    await page.getByTestId('option-direction').getByRole('radio', { name: TEXT[lang].call }).click();
    await page.getByTestId('option-term').getByRole('radio', { name: TEXT[lang].day, exact: true }).click();
    // the quote: strike (the price now), a price per contract, and the premium = the most that can be lost
    await expect.poll(() => page.getByTestId('option-unit-price').textContent(), WAIT).toMatch(/\d/);
    await expect.poll(() => page.getByTestId('option-premium').textContent(), WAIT).toMatch(/[1-9]/);
    const premium = await page.getByTestId('option-premium').textContent();
    expect(await page.getByTestId('option-max-loss').textContent()).toBe(premium);
    await expect.poll(() => page.getByTestId('option-model').textContent(), WAIT).toContain('%');
    await shot('ticket');
    await page.getByTestId('option-buy').click();
    const keypad = page.getByTestId('keypad');
    await keypad.waitFor(WAIT);
    for (const d of PIN) await keypad.locator(`[data-key="${d}"]`).click();

    // My options: the purchase, open, then settled once the 1-day (4 s) term runs out
    await page.getByTestId('option-records').waitFor(WAIT);
    const record = page.getByTestId('option-record').first();
    await record.waitFor(WAIT);
    await expect
      .poll(() => record.getAttribute('data-state'), { timeout: 60_000, interval: 1000 })
      .toBe('settled');
    await expect
      .poll(() => record.getByTestId('option-record-state').textContent(), WAIT)
      .toBe(TEXT[lang].settled);
    await expect
      .poll(() => record.getByTestId('option-record-expiry-price').textContent(), WAIT)
      .toMatch(/\d/);
    await expect.poll(() => record.getByTestId('option-record-payoff').textContent(), WAIT).toMatch(/\d/);
    await expect.poll(() => record.getByTestId('option-record-ratio').textContent(), WAIT).toMatch(/%/);
    await expect.poll(() => page.getByTestId('option-stats-settled').textContent(), WAIT).toBe('1');
    await shot('records');
    expect(errors).toEqual([]);
  });
});
