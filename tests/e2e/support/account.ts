// A fresh account for a browser test: signs up through the real API (captcha and SMS code read from the
// server's database) and stores the session in a browser context the way the app does after a login.
import type { BrowserContext, Page } from 'playwright-core';
import type { AccountType, ApiEnvelope, CaptchaResult, LoginResult } from '../../../workers/protocol/api.ts';
import type { RunningServer } from './server.ts';
import { latestCaptchaAnswer, waitForSmsCode } from './server-db.ts';

export const TEST_PASSWORD = 'Karachi#2026';

/** POST a form to the API, as the app does (form-encoded, English messages). */
export async function apiPost<T>(
  server: RunningServer,
  path: string,
  body: Record<string, string>,
  token?: string,
): Promise<ApiEnvelope<T>> {
  const res = await fetch(`${server.url}/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'accept-language': 'en-US',
      ...(token ? { accesstoken: token } : {}),
    },
    body: new URLSearchParams(body).toString(),
  });
  return (await res.json()) as ApiEnvelope<T>;
}

/** Registers a new +92 user with a time-based phone number; throws with the server's message on refusal. */
export async function registerUser(server: RunningServer): Promise<LoginResult> {
  const phone = `3${String(Date.now()).slice(-9)}`;
  const sent = await apiPost(server, 'common/code/send', { areaCode: '+92', phone, type: 'register' });
  if (sent.code !== 0) throw new Error(`code/send failed: ${sent.msg}`);
  const code = await waitForSmsCode(server.dataDir, phone);
  const captcha = (await (
    await fetch(`${server.url}/api/common/captcha`)
  ).json()) as ApiEnvelope<CaptchaResult>;
  const reg = await apiPost<LoginResult>(server, 'user/register', {
    areaCode: '+92',
    phone,
    password: TEST_PASSWORD,
    password2: TEST_PASSWORD,
    captchaId: captcha.data.captchaId,
    captcha: latestCaptchaAnswer(server.dataDir),
    code,
    agree: '1',
  });
  if (reg.code !== 0) throw new Error(`register failed: ${reg.msg}`);
  return reg.data;
}

/**
 * Every page of `context` starts signed in as `login` on the given account, in `lang`. Only the first load
 * writes the session, so a test that signs out or switches account keeps what it did across reloads.
 */
export async function signInContext(
  context: BrowserContext,
  login: LoginResult,
  opts: { accountType: AccountType; lang: string },
): Promise<void> {
  await context.addInitScript(
    ([r, o]) => {
      if (localStorage.getItem('userToken')) return;
      localStorage.setItem('lang', o.lang);
      localStorage.setItem('userToken', o.accountType === 'demo' ? r.tokenDemo : r.tokenReal);
      localStorage.setItem('userTokenReal', r.tokenReal);
      localStorage.setItem('userTokenDemo', r.tokenDemo);
      localStorage.setItem('userAccountType', o.accountType);
      localStorage.setItem('userInfo', JSON.stringify(r.user));
    },
    [login, opts] as const,
  );
}

/** Sets the transaction password of `token`'s account through the API; throws with the server's message. */
export async function setTradePassword(server: RunningServer, token: string, pin: string): Promise<void> {
  const set = await apiPost(server, 'user/password/trade/set', { password: pin, password2: pin }, token);
  if (set.code !== 0) throw new Error(`setting the transaction password: ${set.msg}`);
}

/** Types `pin` on the transaction-password keypad once it is shown. */
export async function typePin(page: Page, pin: string): Promise<void> {
  const keypad = page.getByTestId('keypad');
  await keypad.waitFor();
  for (const d of pin) await keypad.locator(`[data-key="${d}"]`).click();
}
