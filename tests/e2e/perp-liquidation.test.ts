// A perpetual's forced liquidation in Chromium at 360×800 against a real server run with SIM_CONTROLS=1, in
// Urdu and in English: a demo user with a transaction password exchanges PKR to USDT and moves 1,000 USDT to the
// contract account (by API: perp-trade.test.ts and exchange.test.ts cover those screens), opens a 10× long of
// 0.01 BTC on the Contract side of /pages/coin/index, sets a take-profit and a stop-loss one tick above the
// liquidation price; then a signed-in admin (password + TOTP) starts the console's market scenario (BTCUSDT
// −20 % over 4 s) and the mark falls through the liquidation price. The panel says the position was liquidated,
// the History tab shows the liquidation row with the mark that crossed, the liquidation price and the margin
// lost (as the API and the ledger have them), the message centre has the liquidation message, and the contract
// balance shown is the ledger's. Screenshots: tests/e2e/screenshots/perp-liquidation-<lang>-*.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor } from '../../contract/money.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { createOperator } from '../../server/domain/console/operators-repo.ts';
import { totpCode } from '../../server/domain/console/totp.ts';
import { userAcct } from '../../server/domain/ledger/books.ts';
import { balanceOf } from '../../server/domain/ledger/ledger-repo.ts';
import { postRecord } from '../../server/domain/ledger/post.ts';
import type { ApiEnvelope, LoginResult } from '../../workers/protocol/api.ts';
import { apiPost, registerUser } from './support/account.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { signedInPage } from './support/trader.ts';

const OUT = 'tests/e2e/screenshots';
/** The transaction password set for every user: opening the position asks for it. */
const PIN = '246810';

let server: RunningServer;
let browser: Browser;
let database: Database;
let consoleCookie = '';
const errors: string[] = [];

/** An admin signs in to the console (password + TOTP) by its API; the session cookie is kept. */
async function adminCookie(): Promise<string> {
  const username = 'crash-admin';
  const password = 'operator-password-1';
  const { totpSecret } = await createOperator(
    database.db,
    CLI_ACTOR,
    { username, password, roles: 'admin' },
    Date.now(),
  );
  const res = await fetch(`${server.url}/admin/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-console': '1' },
    body: new URLSearchParams({ username, password, code: totpCode(totpSecret, Date.now()) }).toString(),
  });
  const body = (await res.json()) as ApiEnvelope<unknown>;
  if (body.code !== 0) throw new Error(`console login failed: ${body.msg}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** The console's market scenario, as an operator's tool calls it. */
async function startScenario(symbol: string, pct: string, seconds: string): Promise<ApiEnvelope<unknown>> {
  const res = await fetch(`${server.url}/admin/api/market/scenario`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-console': '1',
      cookie: consoleCookie,
      'accept-language': 'en-US',
    },
    body: new URLSearchParams({ symbol, pct, seconds }).toString(),
  });
  return (await res.json()) as ApiEnvelope<unknown>;
}

beforeAll(async () => {
  server = await startServer({ SIM_CONTROLS: '1' });
  browser = await launchBrowser();
  database = await openDatabase({ dataDir: server.dataDir });
  consoleCookie = await adminCookie();
});
afterAll(async () => {
  await database?.close();
  await browser?.close();
  await server?.stop();
});

const TEXT = {
  'ur-PK': { contract: 'کنٹریکٹ', message: 'پوزیشن لیکویڈیٹ ہو گئی: BTCUSDT' },
  'en-US': { contract: 'Contract', message: 'Position liquidated: BTCUSDT' },
} as const;
type Lang = keyof typeof TEXT;

const text = async (page: Page, id: string) => (await page.getByTestId(id).first().textContent()) ?? '';

async function shot(page: Page, lang: Lang, name: string): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await page.screenshot({ path: `${OUT}/perp-liquidation-${lang}-${name}.png` });
}

/** A registered user with a transaction password and 1,000 USDT in the demo account's contract book. */
async function contractUser(): Promise<{ login: LoginResult; accountId: number }> {
  const login = await registerUser(server);
  const token = login.tokenDemo;
  const must = (r: ApiEnvelope<unknown>, what: string) => {
    if (r.code !== 0) throw new Error(`${what} failed: ${r.msg}`);
    return r.data as Record<string, unknown>;
  };
  must(
    await apiPost(server, 'user/password/trade/set', { password: PIN, password2: PIN }, token),
    'trade pin',
  );
  const quote = must(
    await apiPost(
      server,
      'user/exchange',
      { action: 'quote', direction: 'PKR_USDT', amount: '400000' },
      token,
    ),
    'quote',
  );
  const clientId = `e2e-liq-${login.user.id}`;
  must(
    await apiPost(
      server,
      'user/exchange',
      { action: 'accept', quoteId: String(quote.quoteId), clientId },
      token,
    ),
    'exchange',
  );
  must(
    await apiPost(
      server,
      'coin/transfer',
      { from: 'spot', to: 'contract', amount: '1000', clientId: `${clientId}-t` },
      token,
    ),
    'transfer',
  );
  const acc = await database.db
    .selectFrom('accounts')
    .select('id')
    .where('user_id', '=', login.user.id)
    .where('type', '=', 'demo')
    .executeTakeFirstOrThrow();
  // The simulated exchange's insurance fund holds enough to cover a tick that gaps past a bankruptcy price, so
  // the position is liquidated at the mark (an empty fund would auto-deleverage it instead: perp-adl.test.ts).
  const fund = 100_000n * 1_000_000n;
  await postRecord(database.db, {
    kind: 'test_grant',
    ref: `e2e-perp-liquidation-fund-${acc.id}`,
    accountId: acc.id,
    now: Date.now(),
    legs: [
      { system: 'test_funding', asset: 'USDT', amount: -fund },
      { system: 'insurance_fund', asset: 'USDT', amount: fund },
    ],
  });
  return { login, accountId: acc.id };
}

describe.each(['ur-PK', 'en-US'] as const)('a perpetual liquidated by a market crash in %s', (lang) => {
  it('opens a 10× long with TP/SL, the crash liquidates it, and the panel, history, messages and balance show it', async () => {
    const { login, accountId } = await contractUser();
    const { context, page } = await signedInPage(browser, login, { lang, accountType: 'demo', errors });

    await page.goto(`${server.url}/pages/coin/index?symbol=BTCUSDT`);
    await page.getByTestId('coin-mode').getByRole('radio', { name: TEXT[lang].contract }).click();
    await page.waitForURL(/mode=contract/);
    await expect.poll(() => text(page, 'perp-available'), { timeout: 15_000 }).toBe('1000.000000');
    await expect.poll(() => page.getByTestId('perp-leverage').inputValue(), { timeout: 10_000 }).toBe('10');
    await page.getByTestId('perp-qty').fill('0.01');
    await expect.poll(() => text(page, 'perp-est-liq')).toMatch(/^\d+\.\d{2}$/);
    await page.getByTestId('perp-submit').click();
    // opening is confirmed with the transaction password (as every money-committing crypto order)
    const keypad = page.getByTestId('keypad');
    await keypad.waitFor();
    for (const d of PIN) await keypad.locator(`[data-key="${d}"]`).click();
    await page.getByTestId('perp-done').waitFor();
    await page.getByTestId('perp-position').first().waitFor({ timeout: 10_000 });
    const liq = await text(page, 'perp-pos-liq');
    expect(liq).toMatch(/^\d+\.\d{2}$/);

    // TP 5 % above the mark; SL one tick above the liquidation price (the closest the rules allow), so that
    // the falling mark's first tick past the SL is, all but surely, past the liquidation price too
    const mark = Number(await text(page, 'perp-pos-mark'));
    const tp = (mark * 1.05).toFixed(2);
    const sl = (Number(liq) + 0.01).toFixed(2);
    await page.getByTestId('perp-tp').fill(tp);
    await page.getByTestId('perp-sl').fill(sl);
    await page.getByTestId('perp-tpsl-go').click();
    await expect.poll(() => text(page, 'perp-pos-tpsl'), { timeout: 10_000 }).toBe(`${tp} / ${sl}`);
    await shot(page, lang, 'open');

    // the operator's crash: BTCUSDT −20 % over 4 s of feed steps
    const started = await startScenario('BTCUSDT', '-20', '4');
    expect(started.code, started.msg).toBe(0);

    // the panel: the notice of the liquidation, and no position left
    const notice = page.getByTestId('perp-liquidated');
    await notice.waitFor({ timeout: 30_000 });
    await page.getByTestId('perp-no-positions').waitFor({ timeout: 10_000 });
    const row = await database.db
      .selectFrom('perp_orders')
      .select(['price', 'action'])
      .where('account_id', '=', accountId)
      .where('action', '=', 'liquidation')
      .executeTakeFirstOrThrow();
    const crossed = formatMinor(row.price, 2);
    expect(Number(crossed)).toBeLessThanOrEqual(Number(liq));
    expect(await notice.textContent()).toContain(crossed);
    await shot(page, lang, 'liquidated');

    // the History tab: the liquidation row with the mark that crossed, the LP and the margin lost, as the API says
    const history = await fetch(`${server.url}/api/coin/contract/order/history?symbol=BTCUSDT`, {
      headers: { accesstoken: login.tokenDemo },
    });
    const orders = ((await history.json()) as ApiEnvelope<{ orders: { list: HistoryRow[] } }>).data.orders
      .list;
    const liqRow = orders.find((o) => o.action === 'liquidation');
    expect(liqRow?.reason).toMatchObject({ markPrice: crossed, liqPrice: liq });
    await page.getByRole('tab').nth(2).click();
    await expect
      .poll(
        () =>
          page
            .getByTestId('perp-history-row')
            .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action'))),
        { timeout: 15_000 },
      )
      .toEqual(['liquidation', 'open']);
    const why = await text(page, 'perp-history-why');
    expect(why).toContain(crossed);
    expect(why).toContain(liq);
    expect(why).toContain(liqRow!.reason!.marginLost);
    await shot(page, lang, 'history');

    // the contract balance shown is the ledger's (the margin is gone; nothing came back)
    const ledger = await balanceOf(database.db, await userAcct(database.db, accountId, 'contract'), 'USDT');
    await expect.poll(() => text(page, 'perp-available'), { timeout: 10_000 }).toBe(formatMinor(ledger, 6));
    expect(ledger).toBeLessThan(1000n * 1_000_000n);

    // the message centre has the liquidation message
    await page.goto(`${server.url}/pages/notice/list?tab=messages`);
    const rows = page.getByTestId('notice-message-row');
    await expect
      .poll(async () => (await rows.first().textContent()) ?? '', { timeout: 15_000 })
      .toContain(TEXT[lang].message);
    await shot(page, lang, 'message');
    await context.close();
  });
});

interface HistoryRow {
  action: string;
  reason: { markPrice: string; liqPrice: string | null; marginLost: string } | null;
}

it('no page errors', () => {
  expect(errors).toEqual([]);
});
