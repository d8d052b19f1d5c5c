// The loan journey in Chromium at 360×800 against the real server, in Urdu and in English (the console in the
// same language): a verified user opens Loans from Mine, reads the key fact statement for PKR 5,000 over 14
// days, accepts it and applies with the transaction password; the account manager (role manager) approves it
// in the console's loans queue; the user sees it in progress and repays it early; the manager confirms the
// repayment; the user's loan reads "repaid" and the credit score page shows the change. axe: nothing serious or
// critical on the loan screens. Screenshots of each screen go to $LOAN_SHOTS when set.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { postRecord } from '../../server/domain/ledger/post.ts';
import type { LoginResult } from '../../workers/protocol/api.ts';
import { apiPost, registerUser } from './support/account.ts';
import { launchBrowser } from './support/browser.ts';
import { axeSeriousOrCritical } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInConsole } from './support/console-session.ts';
import { signedInPage } from './support/trader.ts';

let server: RunningServer;
let browser: Browser;
let database: Database;
const errors: string[] = [];
const PIN = '246810';
const SHOTS = process.env.LOAN_SHOTS;

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

const CONSOLE = {
  'ur-PK': {
    signIn: 'سائن اِن',
    open: 'کھولیں',
    approve: 'منظور کریں',
    confirm: 'تصدیق کریں',
    done: 'محفوظ ہو گیا۔',
    loans: 'قرضوں کی قطار',
    repaying: 'واپسی زیر جائزہ',
  },
  'en-US': {
    signIn: 'Sign in',
    open: 'Open',
    approve: 'Approve',
    confirm: 'Confirm',
    done: 'Saved.',
    loans: 'Loans queue',
    repaying: 'Repayment under review',
  },
} as const;
type Lang = keyof typeof CONSOLE;

async function shot(page: Page, name: string, lang: Lang) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.${lang}.png`, fullPage: true });
}

async function managerConsole(lang: Lang): Promise<{ context: BrowserContext; page: Page }> {
  return signInConsole({
    browser,
    serverUrl: server.url,
    db: database.db,
    lang,
    username: `manager.${lang === 'ur-PK' ? 'ur' : 'en'}`,
    password: 'loan-manager-password',
    roles: 'manager',
    signInLabel: CONSOLE[lang].signIn,
    errors,
  });
}

async function approveInConsole(page: Page, lang: Lang, id: number, filter?: string) {
  const t = CONSOLE[lang];
  await page.reload();
  await page.getByRole('navigation').getByRole('button', { name: t.loans }).click();
  if (filter) await page.getByRole('group').getByRole('button', { name: filter }).click();
  const open = page.getByRole('button', { name: `${t.open} #${id}` });
  await open.waitFor();
  await open.click();
  await page.getByRole('button', { name: t.approve, exact: true }).waitFor();
  expect(await axeSeriousOrCritical(page, 'body'), 'console loan detail').toEqual([]);
  await shot(page, `console-loan-${filter ? 'repay' : 'apply'}`, lang);
  await page.getByRole('button', { name: t.approve, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: t.confirm }).click();
  await page.getByRole('status').filter({ hasText: t.done }).waitFor();
}

const loanOf = async (userId: number) =>
  database.db
    .selectFrom('loans')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe.each(['ur-PK', 'en-US'] as const)('the loan journey in %s (360×800)', (lang) => {
  let login: LoginResult;
  let user: { context: BrowserContext; page: Page };
  let op: { context: BrowserContext; page: Page };

  beforeAll(async () => {
    login = await registerUser(server);
    await database.db
      .updateTable('users')
      .set({ id_status: 'succ' })
      .where('id', '=', login.user.id)
      .execute();
    expect(
      (await apiPost(server, 'user/password/trade/set', { password: PIN, password2: PIN }, login.tokenReal))
        .code,
    ).toBe(0);
    user = await signedInPage(browser, login, { lang, accountType: 'real', errors, reducedMotion: 'reduce' });
    op = await managerConsole(lang);
  });
  afterAll(async () => {
    await user?.context.close();
    await op?.context.close();
  });

  it('reads the key fact statement, applies, and the manager disburses it', async () => {
    const { page } = user;
    await page.goto(`${server.url}/pages/tabbar/mine`);
    await page.getByTestId('mine-loan').click();
    await page.getByTestId('loan-form').waitFor();
    await page.locator('input[name="amount"]').fill('5000');
    await page.getByTestId('loan-days').getByRole('radio').nth(1).click();
    const kfs = page.getByTestId('loan-kfs');
    await kfs.waitFor();
    await expect.poll(() => kfs.textContent()).toContain('5,085.00'); // 35.00 interest + 50.00 fee
    expect(await kfs.textContent()).toContain('44.32 %'); // 85 / 5000 × 365 / 14
    await page.getByTestId('loan-warning').waitFor();
    await page.getByRole('checkbox').check();
    expect(await axeSeriousOrCritical(page, 'body'), 'loan form').toEqual([]);
    await shot(page, 'loan-kfs', lang);
    await page.getByTestId('loan-apply').click();
    const sheet = page.getByTestId('loan-sheet');
    await sheet.locator('input[name="password"]').fill(PIN);
    await sheet.getByTestId('loan-confirm').click();
    await page.getByTestId('loan-applied').waitFor();
    const loan = await loanOf(login.user.id);
    expect(loan).toMatchObject({ status: 'review', principal: 500_000n, total: 508_500n, days: 14 });

    await approveInConsole(op.page, lang, loan.id);
    expect((await loanOf(login.user.id)).status).toBe('active');
  });

  it('repays early, the manager confirms, and the score page shows the change', async () => {
    const { page } = user;
    // the interest and fee come from the user's own money: PKR 100 more on the real account (a deposit)
    const acc = await database.db
      .selectFrom('accounts')
      .select('id')
      .where('user_id', '=', login.user.id)
      .where('type', '=', 'real')
      .executeTakeFirstOrThrow();
    await postRecord(database.db, {
      kind: 'test_grant',
      ref: `e2e-loan-${acc.id}`,
      accountId: acc.id,
      now: Date.now(),
      legs: [
        { system: 'test_funding', asset: 'PKR', amount: -10_000n },
        { accountId: acc.id, book: 'cash', asset: 'PKR', amount: 10_000n },
      ],
    });
    await page.reload();
    const row = page.getByTestId('loan-row').first();
    await expect.poll(() => row.getAttribute('data-status')).toBe('active');
    await shot(page, 'loan-active', lang);
    await row.getByTestId('loan-repay').click();
    const sheet = page.getByTestId('repay-sheet');
    await sheet.locator('input[name="password"]').fill(PIN);
    await sheet.getByTestId('repay-confirm').click();
    await expect
      .poll(() => page.getByTestId('loan-row').first().getAttribute('data-status'))
      .toBe('repaying');
    const loan = await loanOf(login.user.id);
    expect(loan.repay_total).toBe(505_250n); // one day of interest (2.50) + the 50.00 fee

    await approveInConsole(op.page, lang, loan.id, CONSOLE[lang].repaying);
    await page.reload();
    await expect.poll(() => page.getByTestId('loan-row').first().getAttribute('data-status')).toBe('repaid');
    await shot(page, 'loan-repaid', lang);

    await page.getByTestId('loan-score-link').click();
    await page.getByTestId('credit-score').waitFor();
    await expect.poll(() => page.getByTestId('credit-score').textContent()).toContain('65');
    await page.getByTestId('score-change').first().waitFor();
    expect(await axeSeriousOrCritical(page, 'body'), 'credit score').toEqual([]);
    await shot(page, 'credit-score', lang);
    expect(errors).toEqual([]);
  });
});
