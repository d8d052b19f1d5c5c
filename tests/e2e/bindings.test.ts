// Binding an IBAN in Chromium at 360×800, in Urdu and English, against the real server: a user whose KYC is
// verified (set straight in the server's SQLite file, as an operator's approval would) opens the drawer's Bank
// details (?type=2), adds an IBAN (the bank named as it is typed, the title prefilled with the verified name)
// and sees it in the list, masked and left-to-right; every control is at least 44 px; axe finds nothing
// serious or critical on the form or the list.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pkIbanCheckDigits } from '../../contract/iban.ts';
import { registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { axeSeriousOrCritical } from './support/page-checks.ts';

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

const NAME = 'Ayesha Khan';

function verifyKyc(userId: number): void {
  const db = new Database(join(server.dataDir, 'app.db'), { fileMustExist: true });
  try {
    const now = Date.now();
    db.prepare("UPDATE users SET id_status = 'succ' WHERE id = ?").run(userId);
    db.prepare(
      `INSERT INTO kyc_submissions (user_id, cert_type, cert_number, full_name, birth_date, front_image,
         back_image, agreed_at, status, created_at) VALUES (?, 'cnic', '35202-1234567-1', ?, '1990-01-01', ?, ?, ?, 'succ', ?)`,
    ).run(userId, NAME, `${'a'.repeat(32)}.jpg`, `${'b'.repeat(32)}.jpg`, now, now);
  } finally {
    db.close();
  }
}

function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button, main input, main a, form button, form input')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.width < 44 || r.height < 44);
      })
      .map((el) => `${el.tagName} ${el.getAttribute('name') ?? el.textContent?.trim() ?? ''}`),
  );
}

describe.each(['ur-PK', 'en-US'] as const)('binding an IBAN in %s (360×800)', (lang) => {
  it('adds an IBAN from the bank details screen and lists it masked', async () => {
    const login = await registerUser(server);
    verifyKyc(login.user.id);
    const bban = `HABB${String(Date.now()).padStart(16, '0')}`;
    const iban = `PK${pkIbanCheckDigits(bban)}${bban}`;
    const context = await phoneContext(browser, lang, { reducedMotion: 'reduce' });
    await signInContext(context, login, { accountType: 'real', lang });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/pages/wallet/bankList?type=2`);
      await page.getByTestId('bank-empty').waitFor();
      await page.getByTestId('bank-empty').getByRole('link').click();
      const field = page.locator('input[name="iban"]');
      await field.waitFor();
      expect(await page.locator('input[name="title"]').inputValue()).toBe(NAME);
      await field.fill(iban);
      await page.getByText('HBL', { exact: true }).waitFor();
      expect(await smallControls(page)).toEqual([]);
      expect(await axeSeriousOrCritical(page)).toEqual([]);
      await page.getByTestId('add-bank-submit').click();
      const row = page.getByTestId('binding-row');
      await row.waitFor();
      expect(await row.textContent()).toContain(iban.slice(-4));
      const direction = await row.locator('[dir="ltr"]').evaluate((el) => getComputedStyle(el).direction);
      expect(direction).toBe('ltr');
      expect(await axeSeriousOrCritical(page)).toEqual([]);
      expect(await smallControls(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
