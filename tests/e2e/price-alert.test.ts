// A price alert end to end in Chromium at 360×800, in Urdu and in English, against the real server (live
// market) and a local stand-in push service (tests/support/push-stand-in.ts; no public push service is
// reachable here). The user opens BTCUSDT, taps the bell, sets "moves ±0.01 %" (the live pair moves more than
// that almost at once: the crossing is the market's own), reads the explanation, turns notifications on;
// the alert fires: the stand-in receives the server's push with a valid VAPID signature and a payload that
// decrypts with the subscription's keys; the same payload handed to the app's service worker
// (CDP ServiceWorker.deliverPushMessage) shows the notification; the alert shows as fired in the list and
// its message is in the message centre.
// Not covered: Chromium's own subscription to a real push service (PushManager.subscribe needs FCM, which is
// unreachable): the test replaces PushManager.subscribe with one returning the stand-in's subscription, so
// the app's call path (permission, key, subscribe, user/push/subscribe) runs for real up to that call.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PushStandIn } from '../support/push-stand-in.ts';
import { registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
const push = new PushStandIn();

beforeAll(async () => {
  await push.start();
  server = await startServer({ PUSH_ALLOW_HTTP: '1' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await push.close();
});

const TEXT = {
  'ur-PK': {
    change: '±% تبدیلی',
    submit: 'الرٹ لگائیں',
    allow: 'نوٹیفکیشن چالو کریں',
    fired: 'چل چکا',
    title: 'تبدیلی',
  },
  'en-US': {
    change: 'Moves ±%',
    submit: 'Set alert',
    allow: 'Turn on notifications',
    fired: 'Fired',
    title: 'BTCUSDT moved',
  },
} as const;

describe('price alert', () => {
  for (const lang of ['ur-PK', 'en-US'] as const) {
    it(`fires into the message centre and as a push (${lang})`, async () => {
      const tx = TEXT[lang];
      const login = await registerUser(server);
      const ctx = await phoneContext(browser, lang);
      await signInContext(ctx, login, { accountType: 'demo', lang });
      await ctx.grantPermissions(['notifications'], { origin: server.url });
      const sub = push.subscription();
      // The stand-in's subscription in place of the browser's push service (see the header).
      await ctx.addInitScript((s) => {
        const bytes = (b64: string) => {
          const t = atob(b64.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (b64.length % 4)) % 4));
          return Uint8Array.from(t, (c) => c.charCodeAt(0)).buffer;
        };
        const fake = {
          endpoint: s.endpoint,
          getKey: (name: string) => bytes(name === 'auth' ? s.auth : s.p256dh),
        };
        PushManager.prototype.subscribe = () => Promise.resolve(fake as unknown as PushSubscription);
        PushManager.prototype.getSubscription = () => Promise.resolve(null);
        // The browser's prompt, answered "Allow" (headless Chromium answers every prompt "Block"); the
        // context's real permission is granted below, so the service worker may show notifications.
        let permission: NotificationPermission = 'default';
        Object.defineProperty(Notification, 'permission', { get: () => permission });
        Notification.requestPermission = () => {
          permission = 'granted';
          return Promise.resolve(permission);
        };
      }, sub);
      const page = await ctx.newPage();
      await page.goto(`${server.url}/pages/coin/coinKline?symbol=BTCUSDT`);
      await page.getByTestId('alert-bell').click();
      const sheet = page.getByTestId('alert-sheet');
      await sheet.getByRole('radio', { name: tx.change }).click();
      await sheet.getByRole('textbox').fill('0.01');
      const seen = push.received.length;
      await sheet.getByRole('button', { name: tx.submit }).click();
      // explained first, then the browser's prompt (answered Allow), then the subscription
      await expect.poll(() => page.getByTestId('alert-permission').isVisible()).toBe(true);
      await page.getByTestId('alert-permission').getByRole('button', { name: tx.allow }).click();
      await expect
        .poll(() => push.received.slice(seen).filter((p) => sub.endpoint.endsWith(p.path)).length, {
          timeout: 20_000,
        })
        .toBe(1);
      const got = push.received.slice(seen).find((p) => sub.endpoint.endsWith(p.path))!;
      expect(got.vapidOk).toBe(true);
      const payload = JSON.parse(got.payload) as { title: string; url: string };
      expect(payload.title).toContain(lang === 'en-US' ? 'BTCUSDT moved' : 'BTCUSDT');
      expect(payload.url).toBe('/pages/coin/coinKline?symbol=BTCUSDT');
      // the payload delivered to the app's service worker shows the notification
      const cdp = await ctx.newCDPSession(page);
      const regId = new Promise<string>((resolve) => {
        cdp.on(
          'ServiceWorker.workerRegistrationUpdated',
          (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
            const r = e.registrations.find((x) => x.scopeURL.startsWith(server.url));
            if (r) resolve(r.registrationId);
          },
        );
      });
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url,
        registrationId: await regId,
        data: got.payload,
      });
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const reg = await navigator.serviceWorker.ready;
            return (await reg.getNotifications()).map((n) => n.title);
          }),
        )
        .toEqual([payload.title]);
      // the list shows it fired; the message centre has it
      await page.goto(`${server.url}/pages/user/alerts`);
      await expect.poll(() => page.getByTestId('alert-row').first().textContent()).toContain(tx.fired);
      await page.goto(`${server.url}/pages/notice/list?tab=messages`);
      await expect.poll(() => page.locator('body').textContent()).toContain(payload.title);
      await ctx.close();
    });
  }
});
