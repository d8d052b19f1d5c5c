// Deposits in Chromium at 360×800, in Urdu and English, against the real server, by every channel a user has:
// a user whose KYC is verified (set straight in the server's SQLite file, as an operator's approval would)
// opens the drawer's Deposit and
// - by bank transfer chooses a receiving account (seeded by migration 060), enters an amount, sees where to pay
//   and the reference to quote, then finds the record Pending in the deposit records;
// - by mobile wallet (JazzCash) pays in, an operator credits it in the console's deposit queue;
// - offline, first with a wrong channel password (refused at that field, nothing recorded), then the one the
//   account manager gave (set as the back-office command sets it); an operator credits it;
// - in USDT (TRC20) to their own generated address: the simulated chain (a block every 150 ms here, 3
//   confirmations) confirms the transfer and the watcher credits it.
// Each ends with the record credited and the balance exact. Every control (a radio: its label) is at least
// 44 px; axe finds nothing serious or critical on each screen. Screenshots go to the git-ignored
// tests/e2e/artifacts/.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database as ServerDb } from '../../server/db/database.ts';
import { setChannelPassword } from '../../server/domain/deposits/channel-password.ts';
import { simulateIncoming } from '../../server/domain/deposits/sim-chain.ts';
import { writeSetting } from '../../server/domain/settings/settings-repo.ts';
import type { ApiEnvelope } from '../../workers/protocol/api.ts';
import { registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { signInConsole } from './support/console-session.ts';
import { axeSeriousOrCritical } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let database: ServerDb;
/** page errors of the console (HTTP 500 and more too) */
const errors: string[] = [];

beforeAll(async () => {
  // The simulated chain mines quickly here; TRC20 asks 3 confirmations (20 by default): a second, not a minute.
  server = await startServer({ SIM_CHAIN_BLOCK_MS: '150', SIM_CHAIN_WATCH_MS: '150' });
  browser = await launchBrowser();
  database = await openDatabase({ dataDir: server.dataDir });
  await writeSetting(database.db, 'deposit.crypto.confirmations.TRC20', 3, null, Date.now());
});
afterAll(async () => {
  await database?.close();
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
      expect(await axeSeriousOrCritical(page)).toEqual([]);
      expect(await crampedRows(page)).toEqual([]);
      await shot(page, lang, 'choose');
      await page.getByTestId('deposit-choose-bank').click();
      await page.getByTestId('deposit-channel-account').first().waitFor();
      await shot(page, lang, 'channel');
      await page.getByTestId('deposit-channel-account').first().click();
      await page.getByTestId('deposit-accounts').waitFor();
      await page.locator('input[name="amount"]').fill('25000');
      expect(await smallControls(page)).toEqual([]);
      expect(await axeSeriousOrCritical(page)).toEqual([]);
      await shot(page, lang, 'form');
      await page.getByTestId('deposit-submit').click();
      const reference = page.getByTestId('deposit-reference');
      await reference.waitFor();
      const ref = (await reference.textContent())?.trim() ?? '';
      expect(ref.length).toBeGreaterThan(4);
      expect(await page.getByTestId('deposit-result').getAttribute('data-status')).toBe('pending');
      expect(await axeSeriousOrCritical(page)).toEqual([]);
      await shot(page, lang, 'result');
      await page.getByTestId('deposit-result-records').click();
      const row = page.getByTestId('deposit-row').first();
      await row.waitFor();
      expect(await row.getAttribute('data-status')).toBe('pending');
      expect(await row.textContent()).toContain(ref);
      await row.click();
      await page.getByTestId('deposit-detail').waitFor();
      expect(await axeSeriousOrCritical(page)).toEqual([]);
      await shot(page, lang, 'detail');
    } finally {
      await context.close();
    }
  });
});

// ---- the other channels: mobile wallet and offline credited by an operator, USDT credited by the chain ----

const CONSOLE = {
  'ur-PK': {
    signIn: 'سائن اِن',
    open: 'کھولیں',
    approve: 'منظور کریں',
    confirm: 'تصدیق کریں',
    done: 'محفوظ ہو گیا۔',
    deposits: 'جمع کی قطار',
  },
  'en-US': {
    signIn: 'Sign in',
    open: 'Open',
    approve: 'Approve',
    confirm: 'Confirm',
    done: 'Saved.',
    deposits: 'Deposit queue',
  },
} as const;
type Lang = keyof typeof CONSOLE;
/** The spec's refusal of a wrong channel password (errors.json deposit.passwordWrong). */
const WRONG_CHANNEL_PASSWORD: Record<Lang, string> = {
  'ur-PK': 'درج کیا گیا چینل پاس ورڈ غلط ہے',
  'en-US': 'The channel password entered is incorrect',
};

async function noSerious(page: Page, what: string): Promise<void> {
  expect(await axeSeriousOrCritical(page, 'body'), what).toEqual([]);
}

async function apiGet<T>(path: string, token: string): Promise<T> {
  const res = await fetch(`${server.url}/api/${path}`, {
    headers: { accesstoken: token, 'accept-language': 'en-US' },
  });
  return ((await res.json()) as ApiEnvelope<T>).data;
}

const deposits = (userId: number) =>
  database.db
    .selectFrom('deposits')
    .select(['id', 'status', 'channel', 'amount'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();

/** The operator credits deposit #id in the console's deposit queue with a bank reference. */
async function creditInConsole(op: Page, lang: Lang, id: number): Promise<void> {
  const t = CONSOLE[lang];
  await op.reload(); // a fresh queue: the deposit was made after the console opened
  await op.getByRole('navigation').getByRole('button', { name: t.deposits }).click();
  await op.getByRole('button', { name: `${t.open} #${id}` }).click();
  await op.getByRole('button', { name: t.approve, exact: true }).click();
  const dialog = op.getByRole('dialog');
  await dialog.locator('[name="reference"]').fill(`REF${id}X${Date.now()}`);
  await dialog.getByRole('button', { name: t.confirm }).click();
  await op.getByRole('status').filter({ hasText: t.done }).waitFor();
}

/** The records screen (the crypto filter for USDT) shows record #ref's row credited. */
async function seeCredited(page: Page, reference: string, crypto = false): Promise<void> {
  await page.goto(`${server.url}/pages/recharge/${crypto ? 'cryptoRecord' : 'rechargeRecord'}`);
  const row = page.getByTestId('deposit-row').filter({ hasText: reference });
  await row.waitFor();
  expect(await row.getAttribute('data-status')).toBe('credited');
  await noSerious(page, 'deposit records');
}

describe.each(['ur-PK', 'en-US'] as const)('wallet, offline and USDT deposits in %s (360×800)', (lang) => {
  let user: { context: BrowserContext; page: Page; token: string; id: number };
  let op: { context: BrowserContext; page: Page };
  const pkrAvailable = async () =>
    (await apiGet<{ available: string }>('user/withdraw/config', user.token)).available;

  beforeAll(async () => {
    const login = await registerUser(server);
    verifyKyc(login.user.id);
    const context = await phoneContext(browser, lang, { reducedMotion: 'reduce' });
    await signInContext(context, login, { accountType: 'real', lang });
    user = { context, page: await context.newPage(), token: login.tokenReal, id: login.user.id };
    op = await signInConsole({
      browser,
      serverUrl: server.url,
      db: database.db,
      lang,
      username: `deposits.${lang === 'ur-PK' ? 'ur' : 'en'}`,
      password: 'deposits-operator-password',
      roles: 'finance',
      signInLabel: CONSOLE[lang].signIn,
      errors,
    });
  });
  afterAll(async () => {
    await user?.context.close();
    await op?.context.close();
  });

  it('a JazzCash deposit is credited by the operator', async () => {
    const { page } = user;
    await page.goto(`${server.url}/pages/recharge/recharge`);
    await page.getByTestId('deposit-choose-wallet').click();
    await page.getByTestId('deposit-channel-account').first().waitFor();
    await noSerious(page, 'wallet channel');
    await page.getByTestId('deposit-channel-account').first().click();
    await page.getByTestId('deposit-accounts').waitFor();
    await page.locator('input[name="amount"]').fill('1500.50');
    await page.locator('input[name="payer"]').fill('03211234567');
    expect(await smallControls(page)).toEqual([]);
    await noSerious(page, 'wallet form');
    await shot(page, lang, 'wallet-form');
    await page.getByTestId('deposit-submit').click();
    const reference = (await page.getByTestId('deposit-reference').textContent())?.trim() ?? '';
    expect(await page.getByTestId('deposit-result').getAttribute('data-status')).toBe('pending');
    const [mine] = await deposits(user.id);
    expect(mine).toMatchObject({ channel: 'wallet', status: 'pending', amount: 150_050n });
    await creditInConsole(op.page, lang, mine!.id);
    expect(await pkrAvailable()).toBe('1500.50');
    await seeCredited(page, reference);
  });

  it('an offline deposit: a wrong channel password is refused at its field, the right one is credited', async () => {
    const { page } = user;
    await setChannelPassword(database.db, user.id, 'Lahore77', null, Date.now());
    await page.goto(`${server.url}/pages/recharge/recharge`);
    await page.getByTestId('deposit-choose-offline').click();
    await page.getByTestId('deposit-form').waitFor();
    await noSerious(page, 'offline form');
    const password = page.locator('input[name="channelPassword"]');
    await password.fill('Lahore78');
    await page.locator('input[name="amount"]').fill('2000');
    const before = await deposits(user.id);
    await page.getByTestId('deposit-submit').click();
    // the server checks the password with scrypt, one counted try: slow on a loaded machine
    await expect.poll(() => password.getAttribute('aria-invalid'), { timeout: 20_000 }).toBe('true');
    const errorId = (await password.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe(WRONG_CHANNEL_PASSWORD[lang]);
    expect(await deposits(user.id)).toEqual(before);
    expect(await smallControls(page)).toEqual([]);
    await noSerious(page, 'offline form refused');
    await shot(page, lang, 'offline-refused');
    await password.fill('Lahore77');
    await page.getByTestId('deposit-submit').click();
    const reference = (await page.getByTestId('deposit-reference').textContent())?.trim() ?? '';
    await noSerious(page, 'offline result');
    const [mine] = await deposits(user.id);
    expect(mine).toMatchObject({ channel: 'offline', status: 'pending', amount: 200_000n });
    await creditInConsole(op.page, lang, mine!.id);
    expect(await pkrAvailable()).toBe('3500.50');
    await seeCredited(page, reference);
  });

  it('a USDT deposit to the user’s own address is credited after its confirmations', async () => {
    const { page } = user;
    await page.goto(`${server.url}/pages/recharge/recharge`);
    await page.getByTestId('deposit-choose-crypto').click();
    const shown = page.getByTestId('coin-address');
    await shown.waitFor();
    const address = (await shown.textContent())?.trim() ?? '';
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(await smallControls(page)).toEqual([]);
    await noSerious(page, 'crypto address');
    await shot(page, lang, 'crypto-address');
    await page.getByTestId('coin-sent').click();
    const sheet = page.getByTestId('coin-sheet');
    await sheet.locator('input[name="amount"]').fill('25.5');
    await noSerious(page, 'crypto report sheet');
    await sheet.getByTestId('coin-submit').click();
    const reference = (await page.getByTestId('deposit-reference').textContent())?.trim() ?? '';
    const [mine] = await deposits(user.id);
    expect(mine).toMatchObject({ channel: 'crypto', status: 'pending', amount: 25_500_000n });
    // the user's wallet sends it: the transfer goes into the next block, then the chain confirms it
    await simulateIncoming(database.db, 'TRC20', address, 25_500_000n, Date.now());
    await expect.poll(async () => (await deposits(user.id))[0]?.status, { timeout: 20_000 }).toBe('credited');
    const usdt = await apiGet<{ crypto: { available: string } }>('user/withdraw/config', user.token);
    expect(usdt.crypto.available).toBe('25.500000');
    await seeCredited(page, reference, true);
  });
});

describe('page health', () => {
  it('the console logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
