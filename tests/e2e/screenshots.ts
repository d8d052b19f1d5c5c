// `npm run screenshots`: starts the real server on a temp database, signs up a user whose demo account buys a
// few stocks, and writes 360×800 screenshots of the main screens in Urdu and English to tests/e2e/screenshots/
// (and, as a guest, of registration and the password reset with a code just sent: the resend countdown), and
// of the sheets and dialogs those screens open. SHOTS_OUT and STATIC_DIR point it at another folder and build
// (say, a build of main, to compare before and after).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startServer } from './support/server.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { apiPost, registerUser, signInContext } from './support/account.ts';

const OUT = process.env.SHOTS_OUT ?? 'tests/e2e/screenshots';
const STATIC_DIR = process.env.STATIC_DIR;
/** Guest screens: the phone is typed and "Send code" tapped, so the countdown and filled fields show. */
const GUEST_SCREENS: Array<[name: string, path: string]> = [
  ['register', '/pages/account/reg'],
  ['reset-password', '/pages/account/resetPassword'],
  ['login', '/pages/account/login'],
];

/** What to do on a screen before the shot: open a surface or another tab. */
const OPEN = {
  drawer: (p: Page) => p.getByTestId('open-drawer').click(),
  orders: (p: Page) => p.getByTestId('tab-orders').click(),
  positionSheet: (p: Page) => p.getByTestId('position-row').first().click(),
  picker: (p: Page) => p.getByTestId('symbol-picker').click(),
  pin: async (p: Page) => {
    await p.getByTestId('qty').fill('10');
    await p.getByTestId('net').filter({ hasText: /\d/ }).waitFor();
    await p.getByTestId('submit-order').click();
  },
  signOut: (p: Page) => p.getByTestId('mine-sign-out').click(),
} as const;

const SCREENS: Array<[name: string, path: string, open?: keyof typeof OPEN]> = [
  ['home', '/pages/tabbar/home'],
  ['drawer', '/pages/tabbar/home', 'drawer'],
  ['markets', '/pages/tabbar/markets'],
  ['hot-list', '/pages/stock/list?type=gainers'],
  ['indices', '/pages/stock/index'],
  ['kline', '/pages/stock/stockKline?symbol=OGDC'],
  ['coin-kline', '/pages/coin/coinKline?symbol=BTCUSDT'],
  ['search', '/pages/stock/search'],
  ['mine', '/pages/tabbar/mine'],
  ['sign-out-dialog', '/pages/tabbar/mine', 'signOut'],
  ['security', '/pages/user/security'],
  ['user-info', '/pages/user/userInfo'],
  ['about', '/pages/user/about'],
  ['trade', '/pages/stock/order?symbol=OGDC&side=buy'],
  ['trade-picker', '/pages/stock/order?symbol=OGDC&side=buy', 'picker'],
  ['trade-pin', '/pages/stock/order?symbol=OGDC&side=buy', 'pin'],
  ['positions', '/pages/tabbar/position'],
  ['position-sheet', '/pages/tabbar/position', 'positionSheet'],
  ['orders', '/pages/tabbar/position', 'orders'],
  ['income', '/pages/stock/income'],
  ['assets', '/pages/user/assets'],
  ['funds-detail', '/pages/fundsDetail/stockFundsDetail'],
  ['download', '/pages/common/download'],
  ['ai-coming-soon', '/pages/robot/list'],
];

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer(STATIC_DIR ? { STATIC_DIR } : {});
  const browser = await launchBrowser();
  try {
    const login = await registerUser(server);
    // The demo account holds a few stocks, so positions, assets and the funds detail show real rows.
    const pin = '246810';
    const set = await apiPost(
      server,
      'user/password/trade/set',
      { password: pin, password2: pin },
      login.tokenDemo,
    );
    if (set.code !== 0) throw new Error(`trade password: ${set.msg}`);
    for (const [symbol, qty] of [
      ['OGDC', '100'],
      ['HBL', '500'],
      ['ENGRO', '50'],
    ] as const) {
      const buy = await apiPost(
        server,
        'stock/order/buy',
        { symbol, type: 'market', qty, clientOrderId: `shots-${symbol}`, tradePassword: pin },
        login.tokenDemo,
      );
      if (buy.code !== 0) throw new Error(`buy ${symbol}: ${buy.msg}`);
    }

    let n = 0;
    for (const lang of ['ur-PK', 'en-US'] as const) {
      const guest = await phoneContext(browser, lang);
      await guest.addInitScript((l) => localStorage.setItem('lang', l), lang);
      const page = await guest.newPage();
      for (const [name, path] of GUEST_SCREENS) {
        await page.goto(server.url + path, { waitUntil: 'networkidle' });
        if (name !== 'login') {
          n += 1;
          await page.fill('input[name="phone"]', `3${String(Date.now() + n).slice(-9)}`);
          await page.getByTestId('sms-send').click();
          await page.waitForFunction(
            () => (document.querySelector('[data-testid="sms-send"]') as HTMLButtonElement | null)?.disabled,
          );
        }
        await page.waitForTimeout(1200);
        const file = `${OUT}/${lang}-${name}.png`;
        await page.screenshot({ path: file });
        console.log(file);
      }
      await guest.close();
    }

    for (const lang of ['ur-PK', 'en-US'] as const) {
      const ctx = await phoneContext(browser, lang);
      await signInContext(ctx, login, { accountType: 'demo', lang });
      const page = await ctx.newPage();
      for (const [name, path, open] of SCREENS) {
        await page.goto(server.url + path, { waitUntil: 'networkidle' });
        if (open) {
          await OPEN[open](page);
          await page.waitForTimeout(700);
        }
        await page.waitForTimeout(1200);
        const file = `${OUT}/${lang}-${name}.png`;
        await page.screenshot({ path: file });
        console.log(file);
      }
      await ctx.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
