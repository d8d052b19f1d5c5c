// Customer-service chat in Chromium at 360×800 against the real server, in Urdu and in English: a signed-in
// user writes to support from /pages/user/service, an operator sees it in the console's support inbox with an
// unread badge, assigns it, replies with text and a photo; the user sees both (the photo fetched with the
// user's credentials), sends a photo back, the operator sees it; typing and read indicators both ways; the
// Mine row shows the unread count. The login screen links to the guest chat.
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { collectPageErrors } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signInConsole } from './support/console-session.ts';

let server: RunningServer;
let browser: Browser;
let database: Database;
const errors: string[] = [];

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
  'ur-PK': { signIn: 'سائن اِن', inbox: 'سپورٹ اِن باکس', read: 'پڑھ لیا', typing: 'سپورٹ لکھ رہی ہے…' },
  'en-US': { signIn: 'Sign in', inbox: 'Support inbox', read: 'Read', typing: 'Support is typing…' },
} as const;
type Lang = keyof typeof TEXT;

const photo = (r: number, g: number, b: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

async function consolePage(lang: Lang, tag = 'user'): Promise<{ context: BrowserContext; page: Page }> {
  return signInConsole({
    browser,
    serverUrl: server.url,
    db: database.db,
    lang,
    username: `support.${tag}.${lang === 'ur-PK' ? 'ur' : 'en'}`,
    password: 'support-operator-password',
    roles: 'support',
    signInLabel: TEXT[lang].signIn,
    errors,
  });
}

describe.each(['ur-PK', 'en-US'] as const)('the service chat in %s (360×800)', (lang) => {
  it('carries text and photos both ways between a user and an operator', async () => {
    const login = await registerUser(server);
    const context = await phoneContext(browser, lang, { reducedMotion: 'reduce' });
    await signInContext(context, login, { accountType: 'real', lang });
    const user = await context.newPage();
    collectPageErrors(user, errors, 500);

    // The login screen links to the guest chat (checked signed out, in a context of its own).
    const guestCtx = await phoneContext(browser, lang, { reducedMotion: 'reduce' });
    const guest = await guestCtx.newPage();
    await guest.goto(`${server.url}/pages/account/login`);
    await guest.getByTestId('login-service').click();
    await guest.getByTestId('guest-chat-form').waitFor();
    await guestCtx.close();

    await user.goto(`${server.url}/pages/user/service`);
    await user.getByTestId('chat').and(user.locator('[data-status="live"]')).waitFor();
    const hello = lang === 'ur-PK' ? 'السلام علیکم، مجھے مدد چاہیے' : 'Hello, I need help with a deposit';
    await user.getByTestId('chat-input').fill(hello);
    await user.getByTestId('chat-send').click();
    await user.getByTestId('chat-message').filter({ hasText: hello }).waitFor();

    const op = await consolePage(lang);
    await op.page.getByRole('button', { name: TEXT[lang].inbox }).click();
    const row = op.page.getByTestId('inbox-conversation').first();
    await row.getByTestId('inbox-unread').waitFor();
    await row.click();
    await op.page.getByTestId('inbox-message').filter({ hasText: hello }).waitFor();
    await op.page.getByTestId('inbox-assign').click();
    await op.page.getByTestId('inbox-assign').waitFor({ state: 'detached' });
    // The operator opened it: the user sees "read" under the message.
    await user.getByTestId('chat-read').waitFor();
    expect(await user.getByTestId('chat-read').textContent()).toContain(TEXT[lang].read);

    // Typing shows on the user's side; then the reply and a photo arrive.
    const reply = lang === 'ur-PK' ? 'وعلیکم السلام، بتائیے' : 'Sure, what happened?';
    await op.page.getByTestId('inbox-input').fill(reply);
    await user.getByTestId('chat-typing').waitFor();
    expect(await user.getByTestId('chat-typing').textContent()).toBe(TEXT[lang].typing);
    await op.page.getByTestId('inbox-send').click();
    await user.getByTestId('chat-message').filter({ hasText: reply }).waitFor();
    await op.page.getByTestId('inbox-file').setInputFiles({
      name: 'guide.png',
      mimeType: 'image/png',
      buffer: await photo(30, 120, 200),
    });
    const opImage = user.locator('[data-side="operator"]').getByTestId('chat-image');
    await opImage.waitFor();
    expect(await opImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);

    // The user sends a photo back; the operator sees it.
    await user.getByTestId('chat-file').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: await photo(200, 120, 30),
    });
    await user.locator('[data-side="user"]').getByTestId('chat-image').waitFor();
    const seen = op.page.getByTestId('inbox-image');
    await expect.poll(() => seen.count()).toBe(2);
    expect(await seen.last().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);

    // Everything in order, once each, on both sides.
    const userSeqs = await user
      .getByTestId('chat-message')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-seq')));
    expect(userSeqs).toEqual(['1', '2', '3', '4']);
    expect(await op.page.getByTestId('inbox-message').count()).toBe(4);

    // Mine shows no unread (the user has seen everything); a new operator message while away shows 1.
    await user.goto(`${server.url}/pages/tabbar/mine`);
    await user.getByTestId('mine-service').waitFor();
    await op.page.getByTestId('inbox-input').fill('?');
    await op.page.getByTestId('inbox-send').click();
    await op.page.getByTestId('inbox-message').nth(4).waitFor();
    await user.reload();
    await user.getByTestId('mine-service-unread').waitFor();
    expect(await user.getByTestId('mine-service-unread').textContent()).toBe('1');

    await op.context.close();
    await context.close();
    expect(errors).toEqual([]);
  }, 120_000);

  it('lets a guest reach support from the login screen with a phone number and the captcha', async () => {
    const context = await phoneContext(browser, lang, { reducedMotion: 'reduce' });
    const page = await context.newPage();
    collectPageErrors(page, errors, 500);
    await page.goto(`${server.url}/pages/account/login`);
    await page.getByTestId('login-service').click();
    await page.getByTestId('guest-chat-form').waitFor();
    await page.getByRole('img').first().waitFor();
    const captcha = await database.db
      .selectFrom('captchas')
      .select('answer')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const phone = lang === 'ur-PK' ? '03001112233' : '03004445566';
    await page.locator('input[name="phone"]').fill(phone);
    await page.locator('input[name="captcha"]').fill(captcha.answer);
    await page.getByTestId('guest-chat-start').click();
    await page.getByTestId('chat').and(page.locator('[data-status="live"]')).waitFor();
    await page.getByTestId('chat-input').fill('I am locked out of my account');
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-message').filter({ hasText: 'locked out' }).waitFor();
    const op = await consolePage(lang, 'guest');
    await op.page.getByRole('button', { name: TEXT[lang].inbox }).click();
    await op.page.locator(`[data-testid="inbox-conversation"][data-who="+92${phone.slice(1)}"]`).click();
    await op.page.getByTestId('inbox-message').filter({ hasText: 'locked out' }).waitFor();
    await op.page.getByTestId('inbox-input').fill('We will call you');
    await op.page.getByTestId('inbox-send').click();
    await page.getByTestId('chat-message').filter({ hasText: 'We will call you' }).waitFor();
    await op.context.close();
    await context.close();
    expect(errors).toEqual([]);
  }, 120_000);
});
