// The IPO journey in Chromium at 360×800 against the real server, in Urdu and in English (a fresh user and a
// fresh offering each): an operator creates an offering (the console's own function, as the server tests do),
// the user finds it on the IPO hub, reads its detail and the allotment rule, applies for two lots on the demo
// account with the transaction password, sees the application frozen in the records; the operator runs the
// allotment; the user sees the won quantity and the amount due, pays, and the record shows it paid. No page
// error on the way; axe finds nothing serious or critical on the hub, the order and the records.
// SHOT_OUT=/dir also writes a screenshot of each screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { createOffering } from '../../server/domain/ipo/ipo-operator.ts';
import { runAllotment } from '../../server/domain/ipo/ipo-operator.ts';
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
  'ur-PK': { pay: 'ادائیگی کریں', paid: 'ادا شدہ' },
  'en-US': { pay: 'Pay', paid: 'Paid' },
} as const;
type Lang = keyof typeof TEXT;

async function shot(page: Page, name: string, lang: Lang): Promise<void> {
  const dir = process.env.SHOT_OUT;
  if (dir) await page.screenshot({ path: `${dir}/ipo-${name}.${lang}.png`, fullPage: true });
}

async function noSerious(page: Page, what: string): Promise<void> {
  expect(await axeSeriousOrCritical(page, 'body'), what).toEqual([]);
}

describe.each(['ur-PK', 'en-US'] as const)('IPO journey in %s (demo account, 360×800)', (lang) => {
  let context: BrowserContext;
  let page: Page;
  afterAll(async () => context?.close());

  it('applies in lots, is allotted, pays, and the record shows each step', async () => {
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
      {
        accountType: 'demo',
        lang,
      },
    );
    page = await context.newPage();
    collectPageErrors(page, errors, 500);

    const now = Date.now();
    const symbol = lang === 'ur-PK' ? 'IPOURDU' : 'IPOENGL';
    const o = await createOffering(
      database.db,
      CLI_ACTOR,
      {
        symbol,
        company: lang === 'ur-PK' ? 'Indus Dairies Limited' : 'Margalla Foods Limited',
        sector: 'Food',
        shariah: true,
        price: 1250n,
        priceFloor: null,
        priceCap: null,
        totalShares: 20_000,
        retailShares: 5_000,
        lot: 500,
        minQty: 500,
        maxQty: 5_000,
        opensAt: now - HOUR,
        closesAt: now + 2 * HOUR,
        allotAt: now + 3 * HOUR,
        payBy: now + 4 * HOUR,
        listAt: now + 5 * HOUR,
        prospectus: 'A dairy in Punjab raising money for a new plant.',
      },
      now,
    );

    // the hub: open offerings first
    await page.goto(`${server.url}/pages/tabbar/ipo`);
    const card = page.getByTestId('ipo-list').locator(`[data-id="${o.id}"]`);
    await card.waitFor();
    await noSerious(page, 'ipo hub');
    await shot(page, 'hub', lang);
    await card.click();

    // the detail: the rule in plain words, then Subscribe
    await page.waitForURL(/\/pages\/stockIPO\/ipoDetail\?id=/);
    await page.getByTestId('ipo-detail').waitFor();
    expect(await page.getByTestId('ipo-rule').textContent()).not.toBe('');
    await shot(page, 'detail', lang);
    await page.getByTestId('ipo-subscribe').click();

    // the order: two lots, 1,000 × 12.50 = 12,500.00 frozen
    await page.waitForURL(/\/pages\/stockIPO\/ipoOrder\?id=/);
    await page.getByTestId('ipo-order').waitFor();
    expect(await page.getByTestId('ipo-qty').textContent()).toBe('500');
    await expect.poll(() => page.getByTestId('ipo-less').isDisabled()).toBe(true);
    await page.getByTestId('ipo-more').click();
    expect(await page.getByTestId('ipo-qty').textContent()).toBe('1,000');
    expect(await page.getByTestId('ipo-cost').textContent()).toContain('12,500.00');
    await noSerious(page, 'ipo order');
    await shot(page, 'order', lang);
    await page.getByTestId('ipo-apply').click();
    const keypad = page.getByTestId('keypad');
    await keypad.waitFor();
    for (const d of PIN) await keypad.locator(`[data-key="${d}"]`).click();

    // the records: applied, 12,500.00 frozen
    await page.waitForURL(/\/pages\/stockIPO\/list/);
    const app = page.getByTestId('ipo-application').first();
    await expect.poll(() => app.getAttribute('data-state')).toBe('applied');
    expect(await app.getByTestId('ipo-app-frozen').textContent()).toContain('12,500.00');
    expect(await app.getByTestId('ipo-cancel').count()).toBe(1);

    // the operator runs the allotment (the only applicant: everything asked for)
    const run = await runAllotment(database.db, CLI_ACTOR, o.id, `e2e-${lang}`, o.closes_at);
    expect(run.allotted).toBe(1000);
    await page.reload();
    await expect.poll(() => app.getAttribute('data-state')).toBe('allotted');
    expect(await app.getByTestId('ipo-app-won').textContent()).toBe('1,000');
    expect(await app.getByTestId('ipo-app-frozen').textContent()).toContain('12,500.00');
    await noSerious(page, 'ipo records');
    await shot(page, 'records-allotted', lang);

    // the user pays before the deadline
    await app.getByTestId('ipo-pay').click();
    await page.getByRole('alertdialog').getByRole('button', { name: TEXT[lang].pay }).click();
    await expect.poll(() => app.getAttribute('data-state')).toBe('paid');
    expect(await app.getByTestId('ipo-app-paid').textContent()).toContain('12,500.00');
    expect(await app.getByTestId('ipo-app-state').textContent()).toBe(TEXT[lang].paid);
    expect(await app.getByTestId('ipo-pay').count()).toBe(0);
    await shot(page, 'records-paid', lang);

    // the hub's allotted tab shows the offering
    await page.goto(`${server.url}/pages/stockIPO/ipoList?state=allotted`);
    await page.getByTestId('ipo-list').locator(`[data-id="${o.id}"]`).waitFor();
    expect(errors).toEqual([]);
  });
});
