// A bank-transfer deposit in Chromium at 360×800, in Urdu and English, against the real server: a user whose
// KYC is verified (set straight in the server's SQLite file, as an operator's approval would) opens the
// drawer's Deposit, chooses bank transfer and a receiving account (seeded by migration 060), enters an amount
// and sees where to pay and the reference to quote, then finds the record Pending in the deposit records.
// Every control (a radio: its label) is at least 44 px; axe finds nothing serious or critical. Screenshots go to the git-ignored
// tests/e2e/artifacts/.
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
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

function verifyKyc(userId: number): void {
  const db = new Database(join(server.dataDir, 'app.db'), { fileMustExist: true });
  try {
    db.prepare("UPDATE users SET id_status = 'succ' WHERE id = ?").run(userId);
  } finally {
    db.close();
  }
}

async function seriousAxe(page: Page): Promise<string[]> {
  const res = await new AxeBuilder({ page }).analyze();
  return res.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button, main input, main a, form button, form input')]
      .filter((el) => {
        // a radio's target is its whole label (the receiving-account row)
        const target = el.matches('input[type="radio"]') ? (el.closest('label') ?? el) : el;
        const r = target.getBoundingClientRect();
        return r.width > 0 && (r.width < 44 || r.height < 44);
      })
      .map((el) => `${el.tagName} ${el.getAttribute('name') ?? el.textContent?.trim() ?? ''}`),
  );
}

/** Chooser rows whose label and hint come closer than 8 px (or overlap), or whose text spills out of its box. */
function crampedRows(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid^="deposit-choose-"]')].flatMap((row) => {
      const spans = [...row.children].filter((c): c is HTMLElement => c.tagName === 'SPAN');
      if (spans.length < 3) return [];
      const [label, value] = spans.slice(-2) as [HTMLElement, HTMLElement];
      const a = label.getBoundingClientRect();
      const b = value.getBoundingClientRect();
      const gap = Math.max(b.left - a.right, a.left - b.right);
      const spills = [label, value].some((el) => el.scrollWidth > el.clientWidth + 1);
      return gap < 8 || spills
        ? [`${row.dataset['testid']}: gap ${gap.toFixed(1)}${spills ? ', spills' : ''}`]
        : [];
    }),
  );
}

const shot = (page: Page, lang: string, name: string) =>
  page.screenshot({ path: `tests/e2e/artifacts/deposit-${name}-${lang}.png`, fullPage: true });

describe.each(['ur-PK', 'en-US'] as const)('a bank deposit in %s (360×800)', (lang) => {
  it('chooses bank transfer, gets the reference to quote and sees the pending record', async () => {
    const login = await registerUser(server);
    verifyKyc(login.user.id);
    const context = await phoneContext(browser, lang, { reducedMotion: 'reduce' });
    await signInContext(context, login, { accountType: 'real', lang });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/pages/recharge/recharge`);
      await page.getByTestId('deposit-choose-bank').waitFor();
      expect(await seriousAxe(page)).toEqual([]);
      expect(await crampedRows(page)).toEqual([]);
      await shot(page, lang, 'choose');
      await page.getByTestId('deposit-choose-bank').click();
      await page.getByTestId('deposit-channel-account').first().waitFor();
      await shot(page, lang, 'channel');
      await page.getByTestId('deposit-channel-account').first().click();
      await page.getByTestId('deposit-accounts').waitFor();
      await page.locator('input[name="amount"]').fill('25000');
      expect(await smallControls(page)).toEqual([]);
      expect(await seriousAxe(page)).toEqual([]);
      await shot(page, lang, 'form');
      await page.getByTestId('deposit-submit').click();
      const reference = page.getByTestId('deposit-reference');
      await reference.waitFor();
      const ref = (await reference.textContent())?.trim() ?? '';
      expect(ref.length).toBeGreaterThan(4);
      expect(await page.getByTestId('deposit-result').getAttribute('data-status')).toBe('pending');
      expect(await seriousAxe(page)).toEqual([]);
      await shot(page, lang, 'result');
      await page.getByTestId('deposit-result-records').click();
      const row = page.getByTestId('deposit-row').first();
      await row.waitFor();
      expect(await row.getAttribute('data-status')).toBe('pending');
      expect(await row.textContent()).toContain(ref);
      await row.click();
      await page.getByTestId('deposit-detail').waitFor();
      expect(await seriousAxe(page)).toEqual([]);
      await shot(page, lang, 'detail');
    } finally {
      await context.close();
    }
  });
});
