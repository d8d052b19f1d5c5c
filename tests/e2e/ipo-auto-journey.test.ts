// Automatic IPO subscription in Chromium at 360×800 against the real server, in Urdu and English (a fresh user
// and a fresh offering each): the user opens /pages/user/ipoSwitch, reads the rule, turns the switch on for
// the demo account (confirming the rule); an operator signs in to the console, opens "IPO offerings" and
// creates an offering whose subscription has begun; the leader's opening pass applies for the user (every
// 5 s); the user finds the automatic application on the switch screen and in the IPO records, and the message
// in the inbox; the console lists the automatic application under the offering. No page error on the way; axe finds nothing
// serious or critical on the switch screen and the console's IPO screen. SHOT_OUT=/dir writes screenshots.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { TEXTS } from '../../src/admin/texts.ts';
import { registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { signInConsole } from './support/console-session.ts';
import { axeSeriousOrCritical, collectPageErrors } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let database: Database;
const errors: string[] = [];
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
  'ur-PK': { turnOn: 'آن کریں', msgTitle: 'خودکار آئی پی او درخواست' },
  'en-US': { turnOn: 'Turn on', msgTitle: 'Automatic IPO application' },
} as const;
type Lang = keyof typeof TEXT;

/** SHOT_OUT=/dir writes a screenshot of each screen, to look at. */
async function shot(page: Page, name: string, lang: Lang): Promise<void> {
  const dir = process.env.SHOT_OUT;
  if (dir) await page.screenshot({ path: `${dir}/ipo-auto-${name}.${lang}.png`, fullPage: true });
}

async function noSerious(page: Page, what: string): Promise<void> {
  expect(await axeSeriousOrCritical(page, 'body'), what).toEqual([]);
}

/** Fills a datetime-local input with `ms` in the page's own time zone. */
async function fillTime(page: Page, name: string, ms: number): Promise<void> {
  const local = await page.evaluate(
    (t) => new Date(t - new Date(t).getTimezoneOffset() * 60_000).toISOString().slice(0, 16),
    ms,
  );
  await page.locator(`[data-testid="ipo-create"] input[name="${name}"]`).fill(local);
}

describe.each(['ur-PK', 'en-US'] as const)(
  'automatic IPO subscription in %s (demo account)',
  (lang: Lang) => {
    let context: BrowserContext;
    let consoleContext: BrowserContext | undefined;
    afterAll(async () => {
      await context?.close();
      await consoleContext?.close();
    });

    it('the switch applies for a new offering the operator creates, and the user is told', async () => {
      const login = await registerUser(server);
      context = await phoneContext(browser, lang);
      await signInContext(context, login, { accountType: 'demo', lang });
      const page = await context.newPage();
      collectPageErrors(page, errors, 500);

      // 1. The switch screen: the rule first, then the switch, confirmed.
      await page.goto(`${server.url}/pages/user/ipoSwitch`);
      await page.getByTestId('ipo-auto-rules').waitFor(WAIT);
      const sw = page.getByRole('switch');
      expect(await sw.getAttribute('aria-checked')).toBe('false');
      await noSerious(page, 'switch screen');
      await shot(page, 'switch-off', lang);
      await sw.click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor(WAIT);
      await dialog.getByRole('button', { name: TEXT[lang].turnOn, exact: true }).click();
      await expect.poll(() => sw.getAttribute('aria-checked'), WAIT).toBe('true');

      // 2. The operator creates an offering whose subscription has begun, in the console.
      const t = TEXTS[lang];
      const symbol = lang === 'ur-PK' ? 'AUTOUR' : 'AUTOEN';
      const signed = await signInConsole({
        browser,
        serverUrl: server.url,
        db: database.db,
        lang,
        username: `ipo.${lang === 'ur-PK' ? 'ur' : 'en'}`,
        password: 'ipo-operator-password',
        roles: 'finance',
        signInLabel: t['login.submit'],
        errors,
      });
      consoleContext = signed.context;
      const op = signed.page;
      await op.getByRole('button', { name: t['nav.ipo'], exact: true }).click();
      const form = op.getByTestId('ipo-create');
      await form.waitFor(WAIT);
      const field = (name: string) => form.locator(`[name="${name}"]`);
      await field('symbol').fill(symbol);
      await field('company').fill('Automatic Dairies Limited');
      await field('sector').fill('Food');
      await field('price').fill('10');
      await field('total').fill('20000');
      await field('retail').fill('5000');
      await field('max').fill('5000');
      const now = Date.now();
      await fillTime(op, 'opens', now - 2 * 60_000);
      await fillTime(op, 'closes', now + 2 * HOUR);
      await fillTime(op, 'allot', now + 3 * HOUR);
      await fillTime(op, 'payBy', now + 4 * HOUR);
      await fillTime(op, 'list', now + 5 * HOUR);
      await field('prospectus').fill('A dairy.');
      await form.getByRole('button', { name: t['ipo.create'], exact: true }).click();
      const card = op.locator(`[data-testid="ipo-offering"][data-symbol="${symbol}"]`);
      await card.waitFor(WAIT);
      expect(await card.getAttribute('data-state')).toBe('subscribing');
      await noSerious(op, 'console IPO screen');
      await shot(op, 'console', lang);

      // 3. The opening pass applies; the user finds it on the switch screen (reloaded until it shows).
      const run = page.getByTestId('ipo-auto-run').filter({ hasText: symbol });
      await expect
        .poll(
          async () => {
            await page.reload();
            await page.getByTestId('ipo-auto-rules').waitFor(WAIT);
            return run.count();
          },
          { timeout: 60_000, interval: 2_000 },
        )
        .toBe(1);
      expect(await run.getAttribute('data-outcome')).toBe('applied');
      expect(await run.textContent()).toContain('5,000.00');
      await shot(page, 'switch-on', lang);

      // 4. The application is in the IPO records, and the message in the inbox.
      await run.click();
      await page.waitForURL('**/pages/stockIPO/ipoRecord', WAIT);
      const app = page.getByTestId('ipo-application').filter({ hasText: symbol });
      await app.waitFor(WAIT);
      expect(await app.getAttribute('data-state')).toBe('applied');
      await page.goto(`${server.url}/pages/notice/list?tab=messages`);
      const msg = page.getByTestId('notice-message-row').filter({ hasText: symbol });
      await expect.poll(() => msg.count(), WAIT).toBe(1);
      expect(await msg.textContent()).toContain(TEXT[lang].msgTitle);

      // 5. The console lists the application (made by automatic subscription) under the offering.
      await card.getByRole('button', { name: t['ipo.showApps'], exact: true }).click();
      const rows = card.getByTestId('ipo-app-row').filter({ hasText: t['ipo.apps.auto'] });
      await expect.poll(() => rows.count(), WAIT).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    });
  },
);
