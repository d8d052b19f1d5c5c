// The foundation journey in Chromium at 360×800 against the real server (built app, SQLite on a temp dir):
// register (+92, SMS code from the server's outbox, password, captcha), drawer (account, id copy, KYC "Unverified"), real/demo switch, language
// switch with <html dir> flipping, login-password change, sign-out through the confirmation dialog, login again,
// and a forgotten password reset by SMS code from the login screen.
// axe runs on the main screens with no serious or critical violations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { latestCaptchaAnswer, latestSmsCode } from './support/server-db.ts';
import { axeSeriousOrCritical } from './support/page-checks.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
let registerCode = '';

const phone = `3${String(Date.now()).slice(-9)}`;
const password1 = 'Karachi#2026';
const password2 = 'Lahore#2026x';
const password3 = 'Quetta#2026y';

async function solveCaptcha(p: Page): Promise<void> {
  await p.getByTestId('captcha-image').locator('img').waitFor({ state: 'visible' });
  await p.fill('input[name="captcha"]', latestCaptchaAnswer(server.dataDir));
}

/** Taps "Send code", waits for the countdown (the send went through), and types the texted code. */
async function fillSmsCode(p: Page, previous?: string): Promise<string> {
  await p.getByTestId('sms-send').click();
  await expect.poll(() => p.getByTestId('sms-send').isDisabled()).toBe(true);
  let code: string | undefined;
  await expect
    .poll(() => {
      code = latestSmsCode(server.dataDir, phone);
      return code !== undefined && code !== previous;
    })
    .toBe(true);
  await p.fill('input[name="code"]', code ?? '');
  return code ?? '';
}

async function openDrawer(p: Page): Promise<void> {
  await p.goto(`${server.url}/pages/tabbar/home`);
  await p.getByTestId('open-drawer').click();
  await expect.poll(() => p.getByTestId('drawer').getAttribute('data-open')).toBe('true');
}

beforeAll(async () => {
  // The journey texts the same phone twice within a minute (sign-up, then the password reset).
  server = await startServer({ RATE_CODE_PER_PHONE_PER_MIN: '5' });
  browser = await launchBrowser();
  // Reduced motion: axe then judges colours at rest, not halfway through a price flash.
  context = await phoneContext(browser, 'ur-PK', { reducedMotion: 'reduce' });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('foundation journey (360×800)', () => {
  it('opens in Urdu, right-to-left, with the tab bar', async () => {
    await page.goto(server.url + '/');
    await expect.poll(() => page.evaluate(() => document.documentElement.getAttribute('dir'))).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ur-PK');
    await expect.poll(() => page.getByTestId('tabbar').locator('a').count()).toBe(5);
    expect(await axeSeriousOrCritical(page)).toEqual([]);
  });

  it('sends a guest opening a private page to login', async () => {
    await page.goto(`${server.url}/pages/user/security`);
    await page.waitForURL(/\/pages\/common\/login/);
  });

  it('registers with a +92 number, the texted SMS code, password and captcha', async () => {
    await page.goto(`${server.url}/pages/account/reg`);
    expect(await axeSeriousOrCritical(page)).toEqual([]);
    // "Send code" checks the phone first.
    await page.getByTestId('sms-send').click();
    await page.locator('form [role="alert"]').first().waitFor({ state: 'visible' });
    await page.fill('input[name="phone"]', phone);
    registerCode = await fillSmsCode(page);
    await page.fill('input[name="password"]', password1);
    await page.fill('input[name="password2"]', password1);
    await solveCaptcha(page);
    await page.check('input[name="agree"]');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/pages\/tabbar\/home/);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('userToken'),
      real: localStorage.getItem('userTokenReal'),
      demo: localStorage.getItem('userTokenDemo'),
      type: localStorage.getItem('userAccountType'),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.token).toBe(stored.real);
    expect(stored.demo).toBeTruthy();
    expect(stored.demo).not.toBe(stored.real);
    expect(stored.type ?? 'real').toBe('real');
  });

  it('shows account, user id with copy and KYC "Unverified" in the drawer', async () => {
    await openDrawer(page);
    const drawer = page.getByTestId('drawer');
    await expect.poll(() => drawer.getByTestId('drawer-account').textContent()).toContain(phone);
    await drawer.getByTestId('drawer-id').getByRole('button').click();
    const id = await page.evaluate(() => navigator.clipboard.readText());
    expect(id).toMatch(/^\d+$/);
    expect(await drawer.getByTestId('drawer-id').textContent()).toContain(id);
    // Row order of spec §2, and the automatic-IPO row last: openAutoApply is 1 while the broker offers it
    // (setting ipo.autoApply, on by default; contract/ipo-auto.ts). Login-info arrives after the drawer opens.
    const rowNames = () =>
      drawer
        .locator('[data-testid="drawer-rows"] a[data-row]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-row')));
    await expect.poll(async () => (await rowNames()).at(-1), { timeout: 15_000 }).toBe('autoIpo');
    expect(await rowNames()).toHaveLength(10);
    expect(await drawer.getByTestId('drawer-sign-out').count()).toBe(1);
    expect(await axeSeriousOrCritical(page)).toEqual([]);
    // KYC label in English: switch language later re-checks the text; here the status class.
    expect(await drawer.getByTestId('kyc-label').getAttribute('class')).toContain('badge--none');
  });

  it('switches between the real and the demo account', async () => {
    const sw = page.locator('[data-testid="drawer"] [data-testid="account-switch"]');
    await sw.locator('[role="radio"]').nth(1).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('userAccountType'))).toBe('demo');
    const t = await page.evaluate(() => [
      localStorage.getItem('userToken'),
      localStorage.getItem('userTokenDemo'),
    ]);
    expect(t[0]).toBe(t[1]);
    expect(await sw.locator('[role="radio"][aria-checked="true"]').count()).toBe(1);
    await sw.locator('[role="radio"]').nth(0).click();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('userAccountType') ?? 'real'))
      .toBe('real');
  });

  it('switches the language to English and back without a reload', async () => {
    await page.goto(`${server.url}/pages/common/lang`);
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await page.getByTestId('lang-en-US').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(
      await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('ipxruaLanguage')]),
    ).toEqual(['en-US', 'en-US']);
    await openDrawer(page);
    await expect.poll(() => page.getByTestId('kyc-label').first().textContent()).toBe('Unverified');
    expect(await axeSeriousOrCritical(page)).toEqual([]);
    await page.goto(`${server.url}/pages/common/lang`);
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await page.getByTestId('lang-ur-PK').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    // Back to English for the rest of the journey's readable assertions.
    await page.getByTestId('lang-en-US').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('ltr');
  });

  it('changes the login password, which signs the user out', async () => {
    await page.goto(`${server.url}/pages/user/loginPassword`);
    expect(await axeSeriousOrCritical(page)).toEqual([]);
    await page.fill('input[name="oldPassword"]', password1);
    await page.fill('input[name="password"]', password2);
    await page.fill('input[name="password2"]', password2);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/pages\/(common|account)\/login/);
    expect(await page.evaluate(() => localStorage.getItem('userToken') ?? '')).toBe('');
  });

  it('logs in with the new password (the old one is refused)', async () => {
    await page.fill('input[name="phone"]', phone);
    await page.fill('input[name="password"]', password1);
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => page.getByTestId('toast').first().textContent({ timeout: 5000 })).toBeTruthy();
    expect(page.url()).toMatch(/login/);
    await page.fill('input[name="password"]', password2);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/pages\/tabbar\/home/);
  });

  it('sends a signed-in user who opens login or registration home', async () => {
    for (const path of ['/pages/account/login', '/pages/account/reg']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(/\/pages\/tabbar\/home/);
    }
  });

  it('signs out through the confirmation dialog (cancel keeps the session)', async () => {
    await openDrawer(page);
    await page.getByTestId('drawer-sign-out').click();
    const dialog = page.locator('[role="alertdialog"]');
    await dialog.waitFor({ state: 'visible' });
    await dialog.locator('button').first().click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeTruthy();
    const token = await page.evaluate(() => localStorage.getItem('userToken'));
    await page.getByTestId('drawer-sign-out').click();
    await dialog.waitFor({ state: 'visible' });
    await dialog.locator('button').last().click();
    await page.waitForURL(/\/pages\/(common|account)\/login/);
    expect(await page.evaluate(() => localStorage.getItem('userToken') ?? '')).toBe('');
    // The token is revoked on the server too.
    const res = await fetch(`${server.url}/api/user/info`, { headers: { accesstoken: token ?? '' } });
    expect(((await res.json()) as { code: number }).code).toBe(-1000);
  });

  it('resets a forgotten password by SMS code from the login screen, then logs in with it', async () => {
    await page.goto(`${server.url}/pages/account/login`);
    await page.getByTestId('forgot-password').click();
    await page.waitForURL(/\/pages\/account\/resetPassword/);
    expect(await axeSeriousOrCritical(page)).toEqual([]);
    await page.fill('input[name="phone"]', phone);
    await fillSmsCode(page, registerCode);
    await page.fill('input[name="password"]', password3);
    await page.fill('input[name="password2"]', password3);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/pages\/(common|account)\/login/);
    await page.fill('input[name="phone"]', phone);
    await page.fill('input[name="password"]', password3);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/pages\/tabbar\/home/);
  });

  it('raised no page errors', () => {
    expect(errors.filter((e) => !/favicon/.test(e))).toEqual([]);
  });
});
