// An operator signed in to the console in a phone-sized context: the operator is created with the given roles
// (its TOTP secret kept), the console's language set before the first paint, page errors collected, and the
// sign-in form filled with one TOTP step. Journeys that hand work to staff (KYC, money queues, loans, chat,
// content) start here; the console's own login test (console.test.ts) fills the form itself to check it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Db } from '../../../server/db/database.ts';
import { CLI_ACTOR } from '../../../server/domain/audit/audit-log.ts';
import { createOperator } from '../../../server/domain/console/operators-repo.ts';
import { totpCode } from '../../../server/domain/console/totp.ts';
import { phoneContext } from './browser.ts';
import { collectPageErrors } from './page-checks.ts';

export interface ConsoleSignIn {
  browser: Browser;
  serverUrl: string;
  db: Db;
  lang: string;
  username: string;
  password: string;
  /** e.g. 'kyc,finance' */
  roles: string;
  /** the sign-in button's label in `lang` */
  signInLabel: string;
  /** page errors are pushed here (HTTP answers of 500 and more too) */
  errors: string[];
}

export async function signInConsole(o: ConsoleSignIn): Promise<{ context: BrowserContext; page: Page }> {
  const { totpSecret } = await createOperator(
    o.db,
    CLI_ACTOR,
    { username: o.username, password: o.password, roles: o.roles },
    Date.now(),
  );
  const context = await phoneContext(o.browser, o.lang, { reducedMotion: 'reduce' });
  await context.addInitScript((l) => localStorage.setItem('console.lang', l), o.lang);
  const page = await context.newPage();
  collectPageErrors(page, o.errors, 500);
  await page.goto(`${o.serverUrl}/admin/`);
  await page.locator('input[name="username"]').fill(o.username);
  await page.locator('input[name="password"]').fill(o.password);
  await page.locator('input[name="code"]').fill(totpCode(totpSecret, Date.now()));
  await page.getByRole('button', { name: o.signInLabel, exact: true }).click();
  await page.getByRole('navigation').waitFor();
  return { context, page };
}
