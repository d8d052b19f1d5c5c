// The coin ICO journey in Chromium at 360×800 against the real server, in Urdu and in English (a fresh user and
// a fresh sale each): an operator creates a token sale (the console's own function, as the IPO journeys do);
// the user finds it on the ICO list, reads its detail and the allocation rule, commits 150 USDT on the demo
// account with the transaction password and sees it frozen in the commitments; the operator distributes
// (one committer wanting 300 tokens of 200 offered: 200 tokens for 100 USDT, 50 USDT refunded) and lists the
// token; the user sees the tokens and the refund, then the listed pair's page. The leader adds the listing
// within MARKET_LISTINGS_MS (1 s here: no bus from this process). No page error; axe finds nothing serious.
// SHOT_OUT=/dir also writes a screenshot of each screen.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '../../workers/protocol/api.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { createSale, distributeSale, listSale } from '../../server/domain/ico/ico-operator.ts';
import { apiPost, registerUser } from './support/account.ts';
import { launchBrowser } from './support/browser.ts';
import { axeSeriousOrCritical } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { grantDemoUsdt, signedInPage, type SignedInPage } from './support/trader.ts';

let server: RunningServer;
let browser: Browser;
let database: Database;
const errors: string[] = [];
const PIN = '246810';
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  server = await startServer({ MARKET_LISTINGS_MS: '1000' });
  browser = await launchBrowser();
  database = await openDatabase({ dataDir: server.dataDir });
});
afterAll(async () => {
  await database?.close();
  await browser?.close();
  await server?.stop();
});

async function shot(page: Page, name: string, lang: string): Promise<void> {
  const dir = process.env.SHOT_OUT;
  if (dir) await page.screenshot({ path: `${dir}/ico-${name}.${lang}.png`, fullPage: true });
}

async function noSerious(page: Page, what: string): Promise<void> {
  expect(await axeSeriousOrCritical(page, 'body'), what).toEqual([]);
}

async function apiGet<T>(
  path: string,
  query: Record<string, string>,
  token: string,
): Promise<ApiEnvelope<T>> {
  const res = await fetch(`${server.url}/api/${path}?${new URLSearchParams(query).toString()}`, {
    headers: { accesstoken: token },
  });
  return (await res.json()) as ApiEnvelope<T>;
}

describe.each(['ur-PK', 'en-US'] as const)('ICO journey in %s (demo account, 360×800)', (lang) => {
  let signed: SignedInPage | undefined;
  afterAll(async () => signed?.context.close());

  it('commits USDT, is distributed tokens and a refund, and sees the token listed', async () => {
    const login = await registerUser(server);
    const set = await apiPost(
      server,
      'user/password/trade/set',
      { password: PIN, password2: PIN },
      login.tokenDemo,
    );
    expect(set.code).toBe(0);
    await grantDemoUsdt(database, login, 1_000n, `ico-${lang}`);
    signed = await signedInPage(
      browser,
      { ...login, user: { ...login.user, hasTradePassword: true } },
      { lang, accountType: 'demo', errors },
    );
    const { page } = signed;

    const now = Date.now();
    const token = lang === 'ur-PK' ? 'NOORU' : 'NOORE';
    const pair = `${token}USDT`;
    const sale = await createSale(
      database.db,
      CLI_ACTOR,
      {
        token,
        nameEn: 'Noor Token',
        nameUr: 'نور ٹوکن',
        decimals: 2,
        price: 500_000n,
        offered: 20_000n,
        min: 10_000_000n,
        cap: 400_000_000n,
        opensAt: now - HOUR,
        closesAt: now + 2 * HOUR,
        distributeAt: now + 3 * HOUR,
        listAt: now + 4 * HOUR,
        summary: 'A token for the journey test.',
      },
      () => false,
      now,
    );

    // the list: subscribing sales first, counting down to the close
    await page.goto(`${server.url}/pages/coinICO/icoList`);
    const card = page.getByTestId('ico-list').locator(`[data-id="${sale.id}"]`);
    await card.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => card.getByTestId('ico-countdown').textContent(), { timeout: 15_000 })
      .toMatch(/\d\d:\d\d/);
    await noSerious(page, 'ico list');
    await shot(page, 'list', lang);
    await card.click();

    // the detail: the rule in plain words, then Commit
    await page.waitForURL(/\/pages\/coinICO\/icoDetail\?id=/);
    await page.getByTestId('ico-detail').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('ico-rule').textContent()).not.toBe('');
    await noSerious(page, 'ico detail');
    await shot(page, 'detail', lang);
    await page.getByTestId('ico-commit').click();

    // the order: 150 USDT frozen buys at most 300 tokens
    await page.waitForURL(/\/pages\/coinICO\/icoOrder\?id=/);
    await page.getByTestId('ico-order').waitFor({ timeout: 30_000 });
    await page.getByTestId('ico-amount').fill('150');
    await expect
      .poll(() => page.getByTestId('ico-order-frozen').textContent(), { timeout: 15_000 })
      .toContain('150');
    expect(await page.getByTestId('ico-order-want').textContent()).toContain('300');
    await expect.poll(() => page.getByTestId('ico-submit').isEnabled(), { timeout: 15_000 }).toBe(true);
    await noSerious(page, 'ico order');
    await shot(page, 'order', lang);
    await page.getByTestId('ico-submit').click();
    const keypad = page.getByTestId('keypad');
    await keypad.waitFor();
    for (const d of PIN) await keypad.locator(`[data-key="${d}"]`).click();

    // my commitments: committed, 150 frozen
    await page.waitForURL(/\/pages\/coinICO\/applyList/, { timeout: 30_000 });
    const row = page.getByTestId('ico-commitment').first();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 15_000 }).toBe('committed');
    expect(await row.getByTestId('ico-frozen').textContent()).toContain('150');

    // the operator distributes: 200 tokens for 100 USDT, 50 back at once
    await distributeSale(database.db, CLI_ACTOR, sale.id, sale.closes_at);
    await page.reload();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 15_000 }).toBe('distributed');
    expect(await row.getByTestId('ico-tokens').textContent()).toContain('200');
    expect(await row.getByTestId('ico-refunded').textContent()).toContain('50');
    expect(await row.getByTestId('ico-frozen').textContent()).toContain('0');
    await noSerious(page, 'ico commitments');
    await shot(page, 'commitments', lang);
    const bal = await apiGet<{ quoteAvailable: string }>(
      'coin/spot/balances',
      { symbol: 'BTCUSDT' },
      login.tokenDemo,
    );
    expect(bal.data.quoteAvailable).toBe('900.000000');

    // the operator lists the token; the leader adds the pair; the user opens it from the commitment
    await listSale(database.db, CLI_ACTOR, sale.id, sale.list_at);
    await expect
      .poll(async () => (await apiGet('coin/spot/balances', { symbol: pair }, login.tokenDemo)).code, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(0);
    await page.reload();
    const listed = row.getByTestId('ico-listed');
    await listed.waitFor({ timeout: 30_000 });
    await listed.click();
    await page.waitForURL(new RegExp(`/pages/coin/coinKline\\?symbol=${pair}`));
    await expect
      .poll(() => page.getByTestId('kline-page').textContent(), { timeout: 30_000 })
      .toContain(`${token}/USDT`);
    await shot(page, 'listed', lang);
    expect(errors).toEqual([]);
  });
});
