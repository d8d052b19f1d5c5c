// `npm run screenshots`: starts the real server on a temp database, signs up a user whose demo account buys a
// few stocks, and writes 360×800 screenshots of the main screens in Urdu and English to tests/e2e/screenshots/
// (and, as a guest, of registration and the password reset with a code just sent: the resend countdown).
import { mkdirSync } from 'node:fs';
import { startServer } from './support/server.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { apiPost, registerUser, signInContext } from './support/account.ts';

const OUT = 'tests/e2e/screenshots';
/** Guest screens: the phone is typed and "Send code" tapped, so the countdown and filled fields show. */
const GUEST_SCREENS: Array<[name: string, path: string]> = [
  ['register', '/pages/account/reg'],
  ['reset-password', '/pages/account/resetPassword'],
  ['login', '/pages/account/login'],
];

const SCREENS: Array<[name: string, path: string, open?: 'drawer']> = [
  ['home', '/pages/tabbar/home'],
  ['drawer', '/pages/tabbar/home', 'drawer'],
  ['markets', '/pages/tabbar/markets'],
  ['kline', '/pages/stock/stockKline?symbol=OGDC'],
  ['coin-kline', '/pages/coin/coinKline?symbol=BTCUSDT'],
  ['search', '/pages/stock/search'],
  ['mine', '/pages/tabbar/mine'],
  ['security', '/pages/user/security'],
  ['user-info', '/pages/user/userInfo'],
  ['about', '/pages/user/about'],
  ['trade', '/pages/stock/order?symbol=OGDC&side=buy'],
  ['positions', '/pages/tabbar/position'],
  ['assets', '/pages/user/assets'],
  ['funds-detail', '/pages/fundsDetail/stockFundsDetail'],
  ['ai-coming-soon', '/pages/robot/list'],
];

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const server = await startServer();
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
        if (open === 'drawer') {
          await page.getByTestId('open-drawer').click();
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
