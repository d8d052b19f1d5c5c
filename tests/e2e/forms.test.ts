// The forms in Chromium at 360×800, in Urdu and English, against the real server: every control of every form
// is at least 44×44 px (the links inside the agreement sentence too); the +92 and the number read left-to-right inside Urdu (the prefix left of the input);
// an empty submit shows the contract's messages at the fields in the page's language, sends nothing, and leaves
// no serious axe violation; a server refusal that names a field (a wrong current password) shows at it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../workers/protocol/api.ts';
import en from '../../locales/en-US/errors.json';
import ur from '../../locales/ur-PK/errors.json';
import { registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { axeSeriousOrCritical } from './support/page-checks.ts';

let server: RunningServer;
let browser: Browser;

const GUEST_FORMS = ['/pages/account/login', '/pages/account/reg', '/pages/account/resetPassword'];
const USER_FORMS = ['/pages/user/loginPassword', '/pages/user/tradePassword'];
const EMPTY = { 'ur-PK': 'خالی نہیں ہو سکتا', 'en-US': 'must not be empty' } as const;
const WRONG_OLD = { 'ur-PK': ur.auth.oldPassword, 'en-US': en.auth.oldPassword } as const;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Controls of the form smaller than 44×44 px (a checkbox counts by its label, the row one taps). */
function smallControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const form = document.querySelector('form');
    if (!form) return ['no form'];
    const targets = [...form.querySelectorAll<HTMLElement>('button, input, a, select, textarea')].map((el) =>
      el instanceof HTMLInputElement && el.type === 'checkbox' ? (el.closest('label') ?? el) : el,
    );
    for (const el of targets) {
      const r = el.getBoundingClientRect();
      if (r.width < 44 || r.height < 44) {
        const name = el.getAttribute('name') ?? el.getAttribute('aria-label') ?? el.textContent?.trim();
        small.push(
          `${el.tagName.toLowerCase()} ${name ?? ''} ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
      }
    }
    return small;
  });
}

describe.each(['ur-PK', 'en-US'] as const)('forms in %s (360×800)', (lang) => {
  it('guest forms: 44 px controls, +92 left of the number, the contract messages on an empty submit', async () => {
    const context = await phoneContext(browser, lang, { reducedMotion: 'reduce' });
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    const page = await context.newPage();
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    try {
      for (const path of GUEST_FORMS) {
        await page.goto(server.url + path);
        const phone = page.locator('input[name="phone"]');
        await phone.waitFor();
        expect(await smallControls(page), path).toEqual([]);
        const prefix = await page.getByText('+92', { exact: true }).boundingBox();
        const input = await phone.boundingBox();
        expect(prefix && input && prefix.x + prefix.width <= input.x, `${path}: +92 left of the number`).toBe(
          true,
        );
        await page.locator('form button[type="submit"]').click();
        await page.locator('form [role="alert"]').first().waitFor();
        const alerts = await page.locator('form [role="alert"]').allTextContents();
        expect(
          alerts.some((a) => a.includes(EMPTY[lang])),
          `${path}: ${alerts.join(' | ')}`,
        ).toBe(true);
        expect(await axeSeriousOrCritical(page), path).toEqual([]);
      }
      expect(posts.filter((u) => !u.includes('/api/common/captcha'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('signed-in forms: 44 px controls, and a wrong current password shown at its field', async () => {
    const login: LoginResult = await registerUser(server);
    const context = await phoneContext(browser, lang, { reducedMotion: 'reduce' });
    await signInContext(context, login, { accountType: 'real', lang });
    const page = await context.newPage();
    try {
      for (const path of USER_FORMS) {
        await page.goto(server.url + path);
        await page.locator('form input[name="password"]').waitFor();
        expect(await smallControls(page), path).toEqual([]);
        expect(await axeSeriousOrCritical(page), path).toEqual([]);
      }
      await page.goto(server.url + '/pages/user/loginPassword');
      await page.fill('input[name="oldPassword"]', 'Not-the-one-1');
      await page.fill('input[name="password"]', 'Lahore#2026x');
      await page.fill('input[name="password2"]', 'Lahore#2026x');
      await page.locator('form button[type="submit"]').click();
      const old = page.locator('input[name="oldPassword"]');
      const answered = page.locator(
        'input[name="oldPassword"][aria-invalid="true"], [data-testid="form-error"]',
      );
      await answered.first().waitFor();
      const formError = page.getByTestId('form-error');
      expect(await formError.count(), (await formError.allTextContents()).join()).toBe(0);
      expect(await old.getAttribute('aria-invalid')).toBe('true');
      const errorId = (await old.getAttribute('aria-describedby')) ?? '';
      expect(await page.locator(`[id="${errorId}"]`).textContent()).toBe(WRONG_OLD[lang]);
      // The session lives on: the wrong current password changed nothing.
      expect(await page.evaluate(() => localStorage.getItem('userToken'))).toBeTruthy();
    } finally {
      await context.close();
    }
  });
});
