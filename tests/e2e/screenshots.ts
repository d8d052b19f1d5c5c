// `npm run screenshots`: starts the real server on a temp database, signs up a user, and writes 360×800
// screenshots of the main screens in Urdu and English to tests/e2e/screenshots/ (run `npm run build` first).
import { mkdirSync } from 'node:fs';
import { startServer } from './support/server.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { latestCaptchaAnswer } from './support/captcha.ts';
import type { ApiEnvelope, CaptchaResult, LoginResult } from '../../workers/protocol/api.ts';

const OUT = 'tests/e2e/screenshots';
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
    const form = (o: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(o).toString(),
    });
    const captcha = (await (
      await fetch(`${server.url}/api/common/captcha`)
    ).json()) as ApiEnvelope<CaptchaResult>;
    const phone = `3${String(Date.now()).slice(-9)}`;
    const reg = (await (
      await fetch(
        `${server.url}/api/user/register`,
        form({
          areaCode: '+92',
          phone,
          password: 'Karachi#2026',
          password2: 'Karachi#2026',
          captchaId: captcha.data.captchaId,
          captcha: latestCaptchaAnswer(server.dataDir),
          agree: '1',
        }),
      )
    ).json()) as ApiEnvelope<LoginResult>;
    if (reg.code !== 0) throw new Error(`register failed: ${reg.msg}`);

    for (const lang of ['ur-PK', 'en-US'] as const) {
      const ctx = await phoneContext(browser, lang);
      await ctx.addInitScript(
        ([l, r]) => {
          if (localStorage.getItem('lang') === l) return;
          localStorage.setItem('lang', l);
          localStorage.setItem('ipxruaLanguage', l);
          localStorage.setItem('userToken', r.tokenReal);
          localStorage.setItem('userTokenReal', r.tokenReal);
          localStorage.setItem('userTokenDemo', r.tokenDemo);
          localStorage.setItem('userAccountType', 'real');
          localStorage.setItem('userInfo', JSON.stringify(r.user));
        },
        [lang, reg.data] as const,
      );
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
