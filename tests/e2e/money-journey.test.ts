// The whole money journey in Chromium at 360×800 against the real server, the user in Urdu in one run and in
// English in the other (the operator's console in the same language): a new user submits KYC with two photos
// made here, an operator approves it in /admin/, the user binds an IBAN, asks for a bank deposit through the
// deposit screens, the operator credits it in the deposit queue with a bank reference, the user buys a stock
// on the real account, withdraws by bank, the operator pays it; the records show each step; a second
// withdrawal is rejected and the available balance comes back. axe: nothing serious or critical on each money
// screen passed.
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pkIbanCheckDigits } from '../../contract/iban.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { writeSetting } from '../../server/domain/settings/settings-repo.ts';
import type { ApiEnvelope, LoginResult } from '../../workers/protocol/api.ts';
import { apiPost, registerUser, signInContext, typePin } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { axeSeriousOrCritical, collectPageErrors } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInConsole } from './support/console-session.ts';

let server: RunningServer;
let browser: Browser;
let database: Database;
const errors: string[] = [];
const PIN = '246810';
const WITHDRAW_PIN = '135790';
const NAME = 'Ayesha Khan';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  database = await openDatabase({ dataDir: server.dataDir });
  await writeSetting(
    database.db,
    'withdraw.hours',
    { days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' },
    null,
    Date.now(),
  );
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
    reject: 'مسترد کریں',
    confirm: 'تصدیق کریں',
    done: 'محفوظ ہو گیا۔',
    kyc: 'KYC قطار',
    deposits: 'جمع کی قطار',
    withdrawals: 'رقم نکلوانے کی قطار',
  },
  'en-US': {
    signIn: 'Sign in',
    open: 'Open',
    approve: 'Approve',
    reject: 'Reject',
    confirm: 'Confirm',
    done: 'Saved.',
    kyc: 'KYC queue',
    deposits: 'Deposit queue',
    withdrawals: 'Withdrawal queue',
  },
} as const;
type Lang = keyof typeof CONSOLE;

async function apiGet<T>(path: string, token: string): Promise<ApiEnvelope<T>> {
  const res = await fetch(`${server.url}/api/${path}`, {
    headers: { accesstoken: token, 'accept-language': 'en-US' },
  });
  return (await res.json()) as ApiEnvelope<T>;
}

async function noSerious(page: Page, what: string): Promise<void> {
  expect(await axeSeriousOrCritical(page, 'body'), what).toEqual([]);
}

const photo = (r: number, g: number, b: number) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

/** The operator's console, signed in (one TOTP step per operator). */
async function consolePage(lang: Lang): Promise<{ context: BrowserContext; page: Page }> {
  return signInConsole({
    browser,
    serverUrl: server.url,
    db: database.db,
    lang,
    username: `journey.${lang === 'ur-PK' ? 'ur' : 'en'}`,
    password: 'journey-operator-password',
    roles: 'kyc,finance',
    signInLabel: CONSOLE[lang].signIn,
    errors,
  });
}

/** Opens item #id of the console queue titled `queue` (axe on the list and the item), decides it, waits for "Saved". */
async function decide(
  page: Page,
  lang: Lang,
  queue: string,
  id: number,
  decision: 'approve' | 'reject',
  input?: { name: 'reference' | 'reason'; value: string },
): Promise<void> {
  const t = CONSOLE[lang];
  // a fresh list: the item was made after the console opened
  await page.reload();
  await page.getByRole('navigation').getByRole('button', { name: queue }).click();
  const open = page.getByRole('button', { name: `${t.open} #${id}` });
  await open.waitFor();
  await noSerious(page, `console queue ${queue}`);
  await open.click();
  await page.getByRole('button', { name: t[decision], exact: true }).waitFor();
  await noSerious(page, `console detail ${queue}`);
  await page.getByRole('button', { name: t[decision], exact: true }).click();
  const dialog = page.getByRole('dialog');
  if (input) await dialog.locator(`[name="${input.name}"]`).fill(input.value);
  await dialog.getByRole('button', { name: t.confirm }).click();
  await page.getByRole('status').filter({ hasText: t.done }).waitFor();
}

async function withdrawByBank(page: Page, amount: string): Promise<void> {
  await page.goto(`${server.url}/pages/withdraw/bankWithdraw`);
  await page.getByTestId('withdraw-form').waitFor();
  await page.getByTestId('withdraw-destinations').getByRole('radio').first().check();
  await page.locator('input[name="amount"]').fill(amount);
  await page.getByTestId('withdraw-next').click();
  const sheet = page.getByTestId('withdraw-sheet');
  await sheet.locator('input[name="password"]').fill(WITHDRAW_PIN);
  await sheet.getByTestId('withdraw-confirm').click();
}

const latest = async (table: 'deposits' | 'withdrawals' | 'kyc_submissions', userId: number) =>
  (
    await database.db
      .selectFrom(table)
      .select(['id', 'status'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).id;

describe.each(['ur-PK', 'en-US'] as const)('the money journey in %s (360×800)', (lang) => {
  let login: LoginResult;
  let user: { context: BrowserContext; page: Page };
  let op: { context: BrowserContext; page: Page };
  const available = async () =>
    (await apiGet<{ available: string }>('user/withdraw/config', login.tokenReal)).data.available;

  beforeAll(async () => {
    login = await registerUser(server);
    const context = await phoneContext(browser, lang, { reducedMotion: 'reduce' });
    await signInContext(context, login, { accountType: 'real', lang });
    const page = await context.newPage();
    collectPageErrors(page, errors, 500);
    user = { context, page };
    op = await consolePage(lang);
  });
  afterAll(async () => {
    await user?.context.close();
    await op?.context.close();
  });

  it('submits KYC with two photos and an operator approves it', async () => {
    const { page } = user;
    await page.goto(`${server.url}/pages/user/kyc`);
    await page.getByTestId('kyc-form').waitFor();
    await page.locator('input[name="certNumber"]').fill('3520212345671');
    await page.locator('input[name="fullName"]').fill(NAME);
    await page.locator('input[name="birthDate"]').fill('1990-01-31');
    const file = (side: string) => page.getByTestId(`kyc-photo-${side}`).locator('input[type="file"]');
    await file('front').setInputFiles({
      name: 'front.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(30, 120, 200),
    });
    await file('back').setInputFiles({
      name: 'back.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(200, 120, 30),
    });
    await page.getByRole('checkbox').check();
    await noSerious(page, 'kyc form');
    await page.getByTestId('kyc-submit').click();
    await page.getByTestId('kyc-status').waitFor({ timeout: 20_000 });

    const submission = await latest('kyc_submissions', login.user.id);
    await decide(op.page, lang, CONSOLE[lang].kyc, submission, 'approve');
    const row = await database.db
      .selectFrom('users')
      .select('id_status')
      .where('id', '=', login.user.id)
      .executeTakeFirstOrThrow();
    expect(row.id_status).toBe('succ');
  });

  it('binds an IBAN; a bank deposit is credited in the console; a stock is bought on the real account', async () => {
    const { page } = user;
    const bban = `HABB${String(Date.now()).padStart(16, '0')}`;
    const iban = `PK${pkIbanCheckDigits(bban)}${bban}`;
    await page.goto(`${server.url}/pages/wallet/addBank`);
    await page.locator('input[name="iban"]').fill(iban);
    await page.getByText('HBL', { exact: true }).waitFor();
    expect(await page.locator('input[name="title"]').inputValue()).toBe(NAME);
    await noSerious(page, 'add bank');
    await page.getByTestId('add-bank-submit').click();
    await page.getByTestId('binding-row').waitFor();

    // a bank-transfer deposit through the screens: the drawer's Deposit → bank transfer → a receiving account
    await page.goto(`${server.url}/pages/recharge/recharge`);
    await page.getByTestId('deposit-choose-bank').waitFor();
    await noSerious(page, 'deposit chooser');
    await page.getByTestId('deposit-choose-bank').click();
    await page.getByTestId('deposit-channel-account').first().click();
    await page.getByTestId('deposit-accounts').waitFor();
    await page.locator('input[name="amount"]').fill('100000');
    await noSerious(page, 'bank deposit form');
    await page.getByTestId('deposit-submit').click();
    await page.getByTestId('deposit-reference').waitFor();
    expect(await page.getByTestId('deposit-result').getAttribute('data-status')).toBe('pending');
    const dep = { data: { id: await latest('deposits', login.user.id) } };
    const bankRef = `IBFT-${lang}-${Date.now()}`.replace(/[^A-Za-z0-9-]/g, '');
    await decide(op.page, lang, CONSOLE[lang].deposits, dep.data.id, 'approve', {
      name: 'reference',
      value: bankRef,
    });
    expect(await available()).toBe('100000.00');

    // a market buy on the real account
    expect(
      (await apiPost(server, 'user/password/trade/set', { password: PIN, password2: PIN }, login.tokenReal))
        .code,
    ).toBe(0);
    await page.goto(`${server.url}/pages/stock/order?symbol=OGDC&side=buy`);
    await page.getByTestId('live-price').waitFor({ timeout: 15_000 });
    await page.getByTestId('qty').fill('10');
    await expect.poll(() => page.getByTestId('net').textContent(), { timeout: 10_000 }).toMatch(/\d/);
    await page.getByTestId('submit-order').click();
    await typePin(page, PIN);
    await page.waitForURL(/\/pages\/tabbar\/position/);
    await expect.poll(available, { timeout: 10_000 }).not.toBe('100000.00');
  });

  it('withdraws by bank, the operator pays it, and the records show each step', async () => {
    const { page } = user;
    expect(
      (
        await apiPost(
          server,
          'user/withdraw/password/set',
          { password: WITHDRAW_PIN, password2: WITHDRAW_PIN },
          login.tokenReal,
        )
      ).code,
    ).toBe(0);
    await withdrawByBank(page, '20000');
    await page.getByTestId('withdraw-result').waitFor();
    await noSerious(page, 'withdraw result');
    const first = await latest('withdrawals', login.user.id);
    await decide(op.page, lang, CONSOLE[lang].withdrawals, first, 'approve', {
      name: 'reference',
      value: `PAID-${first}`,
    });
    const paid = await database.db
      .selectFrom('withdrawals')
      .select(['status', 'reference'])
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    expect(paid).toEqual({ status: 'paid', reference: `PAID-${first}` });

    await page.goto(`${server.url}/pages/withdraw/withdrawRecord`);
    const row = page.locator(`[data-testid=withdraw-row][data-id="${first}"]`);
    await row.waitFor();
    expect(await row.getByTestId('withdraw-status').getAttribute('data-status')).toBe('paid');
    await noSerious(page, 'withdraw records');

    await page.goto(`${server.url}/pages/recharge/rechargeRecord`);
    await page.locator('[data-testid=deposit-row][data-status=credited]').first().waitFor();
    await noSerious(page, 'recharge records');

    await page.goto(`${server.url}/pages/fundsDetail/index`);
    await page.getByTestId('tx-row').first().waitFor();
    const types = await page
      .getByTestId('tx-row')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-type')));
    // the funds detail: the request (amount + fee frozen), then the payment as its own row
    expect(types).toEqual(expect.arrayContaining(['deposit', 'buy', 'withdraw_freeze', 'withdraw']));
  });

  it('a second withdrawal is rejected and the available balance comes back', async () => {
    const { page } = user;
    const before = await available();
    await withdrawByBank(page, '5000');
    await page.getByTestId('withdraw-result').waitFor();
    const second = await latest('withdrawals', login.user.id);
    expect(await available()).not.toBe(before);
    await decide(op.page, lang, CONSOLE[lang].withdrawals, second, 'reject', {
      name: 'reason',
      value: 'Account title does not match',
    });
    expect(await available()).toBe(before);
    await page.goto(`${server.url}/pages/withdraw/withdrawRecord`);
    const row = page.locator(`[data-testid=withdraw-row][data-id="${second}"]`);
    await row.waitFor();
    expect(await row.getByTestId('withdraw-status').getAttribute('data-status')).toBe('rejected');
    await page.goto(`${server.url}/pages/fundsDetail/index`);
    await page.locator('[data-testid=tx-row][data-type=withdraw_return]').first().waitFor();
  });
});

describe('page health', () => {
  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
