// The VIP journey in Chromium at 360×800, in Urdu and in English: a new user opens VIP from Mine, sees the gate
// text, starts the free trial, sees trading advice with its measured record and the "past results" note, the
// trial then ends (its expiry moved into the past in the server's database: the state is computed from the
// clock, so this is what the next visit after the end sees) and the expired-trial text replaces the advice.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { collectPageErrors } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let database: Database;

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
    gate: 'اسے دیکھنے کے لیے پہلے وی آئی پی ممبر بنیں۔',
    trial: 'مفت ٹرائل',
    expired: 'آپ کا مفت وی آئی پی ٹرائل ختم ہو گیا ہے۔',
    note: 'پچھلے نتائج آئندہ نتائج کی ضمانت نہیں',
  },
  'en-US': {
    gate: 'Please become a VIP member first before you can view it.',
    trial: 'Free trial',
    expired: 'Your free VIP trial has expired.',
    note: 'past results do not predict future results',
  },
} as const;

describe.each(['ur-PK', 'en-US'] as const)('VIP in %s', (lang) => {
  it('trial, advice, expiry', async () => {
    const x = TEXT[lang];
    const login = await registerUser(server);
    const ctx = await phoneContext(browser, lang);
    await signInContext(ctx, login, { accountType: 'demo', lang });
    const page = await ctx.newPage();
    const errors: string[] = [];
    collectPageErrors(page, errors, 500);
    await page.goto(`${server.url}/pages/tabbar/mine`);
    await page.getByTestId('mine-vip').click();
    await page.waitForURL(/\/pages\/stock\/vip/);
    await expect.poll(() => page.getByTestId('vip-gate').textContent()).toBe(x.gate);

    await page.getByTestId('vip-trial').click();
    await expect.poll(() => page.locator('[data-state]').textContent()).toBe(x.trial);
    await page.getByTestId('vip-advice').waitFor();
    expect(await page.getByTestId('vip-advice').locator('li').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('vip-note').textContent()).toContain(x.note);
    await page.getByTestId('vip-strategy-off').waitFor();

    await database.db
      .updateTable('vip_memberships')
      .set({ expires_at: Date.now() - 1000 })
      .where('user_id', '=', login.user.id)
      .execute();
    await page.reload();
    await expect.poll(() => page.getByTestId('vip-gate').textContent()).toContain(x.expired);
    expect(await page.getByTestId('vip-advice').count()).toBe(0);
    expect(await page.getByTestId('vip-trial').count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
