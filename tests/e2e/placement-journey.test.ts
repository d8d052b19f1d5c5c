// The offline placement journey in Chromium at 360×800 against the real server, in Urdu and in English (fresh
// users and a fresh placement each): an operator makes a placement for international investors (the console's
// own function, as the server tests do); the user, still a regular investor, sees it on the IPO hub's
// Placements tab with why they may not apply; the operator sets them international; they apply for two lots
// on the demo account with the transaction password and see the money frozen in the records' Placements area;
// another investor applies too, so the offer is oversubscribed; the operator allocates; the user sees one lot
// allocated, the refund and the payment exactly, and the shares locked until the stated date. No page error on
// the way; axe finds nothing serious or critical on the tab and the records.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import {
  allocatePlacement,
  createPlacement,
  setInvestorType,
} from '../../server/domain/placement/placement-operator.ts';
import { apiPost, registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { axeSeriousOrCritical, collectPageErrors } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let database: Database;
const errors: string[] = [];
const PIN = '246810';
const HOUR = 60 * 60 * 1000;
const WAIT = { timeout: 30_000 };

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
  'ur-PK': { why: 'صرف بین الاقوامی', allocated: 'الاٹ ہوئی', applied: 'درخواست دی', locked: 'تک لاک' },
  'en-US': { why: 'Only international', allocated: 'Allocated', applied: 'Applied', locked: 'locked until' },
} as const;

/** A moment as the screens write it (Pakistan time, UTC+5, no daylight saving): 'YYYY-MM-DD'. */
const pktDay = (ms: number): string => new Date(ms + 5 * HOUR).toISOString().slice(0, 10);

async function noSerious(page: Page, what: string): Promise<void> {
  expect(await axeSeriousOrCritical(page, 'body'), what).toEqual([]);
}

async function withPin(token: string): Promise<void> {
  const set = await apiPost(server, 'user/password/trade/set', { password: PIN, password2: PIN }, token);
  expect(set.code).toBe(0);
}

describe.each(['ur-PK', 'en-US'] as const)('placement journey in %s (demo account, 360×800)', (lang) => {
  let context: BrowserContext;
  let page: Page;
  afterAll(async () => context?.close());

  it('sees why not, becomes eligible, applies, is allocated pro rata with a refund, shares locked', async () => {
    const login = await registerUser(server);
    await withPin(login.tokenDemo);
    context = await phoneContext(browser, lang);
    await signInContext(
      context,
      { ...login, user: { ...login.user, hasTradePassword: true } },
      { accountType: 'demo', lang },
    );
    page = await context.newPage();
    collectPageErrors(page, errors, 500);

    const now = Date.now();
    const p = await createPlacement(
      database.db,
      CLI_ACTOR,
      {
        symbol: 'OGDC',
        company: 'Oil & Gas Development Company',
        price: 1000n,
        totalShares: 1_000,
        lot: 500,
        minQty: 500,
        opensAt: now - HOUR,
        closesAt: now + 2 * HOUR,
        allotAt: now + 3 * HOUR,
        lockDays: 90,
        eligibility: 'international',
        note: `e2e ${lang}`,
      },
      now,
    );

    // a regular investor: the placement and its rules, why they may not apply, no button
    await page.goto(`${server.url}/pages/tabbar/ipo?state=placements`);
    const card = page.getByTestId('placement-list').locator(`[data-id="${p.id}"]`);
    await card.waitFor(WAIT);
    await expect
      .poll(() => card.getByTestId('placement-why-not').textContent(), WAIT)
      .toContain(TEXT[lang].why);
    expect(await card.getByTestId('placement-apply').count()).toBe(0);
    expect(await card.getByTestId('placement-unlock').textContent()).toContain(pktDay(p.unlock_at));
    await noSerious(page, 'placements tab');

    // the operator makes the user international; the card now offers the form
    await setInvestorType(database.db, CLI_ACTOR, login.user.id, 'international', Date.now());
    await page.reload();
    await card.getByTestId('placement-apply').click(WAIT);
    await card.getByTestId('placement-form').waitFor(WAIT);
    expect(await card.getByTestId('placement-qty').textContent()).toBe('500');
    await card.getByTestId('placement-more').click();
    await expect.poll(() => card.getByTestId('placement-qty').textContent(), WAIT).toBe('1,000');
    expect(await card.getByTestId('placement-cost').textContent()).toContain('10,000.00');
    expect(await card.getByTestId('placement-more').isDisabled()).toBe(true);
    await card.getByTestId('placement-submit').click();
    const keypad = page.getByTestId('keypad');
    await keypad.waitFor(WAIT);
    for (const d of PIN) await keypad.locator(`[data-key="${d}"]`).click();

    // the records' Placements area: applied, 10,000.00 frozen
    await page.waitForURL(/\/pages\/stockIPO\/ipoRecord\?tab=placements/, WAIT);
    const rec = page.getByTestId('placement-record').first();
    await expect.poll(() => rec.getAttribute('data-state'), WAIT).toBe('applied');
    expect(await rec.getByTestId('placement-frozen').textContent()).toContain('10,000.00');
    expect(await rec.getByTestId('placement-record-state').textContent()).toBe(TEXT[lang].applied);

    // another international investor asks for the whole offer too: 4 lots asked, 2 offered
    const other = await registerUser(server);
    await withPin(other.tokenDemo);
    await setInvestorType(database.db, CLI_ACTOR, other.user.id, 'international', Date.now());
    const second = await apiPost(
      server,
      'stock/order/offline/apply',
      { placementId: String(p.id), qty: '1000', clientId: `e2e-${lang}-${now}`, tradePassword: PIN },
      other.tokenDemo,
    );
    expect(second.code).toBe(0);

    // the operator allocates after the window: one lot each, the other lot's money back at once
    const run = await allocatePlacement(database.db, CLI_ACTOR, p.id, p.closes_at);
    expect(run.allocated).toBe(1000);
    await page.reload();
    await expect.poll(() => rec.getAttribute('data-state'), WAIT).toBe('allocated');
    expect(await rec.getByTestId('placement-record-state').textContent()).toBe(TEXT[lang].allocated);
    expect(await rec.getByTestId('placement-won').textContent()).toBe('500');
    expect(await rec.getByTestId('placement-frozen').textContent()).toContain('0.00');
    expect(await rec.getByTestId('placement-refunded').textContent()).toContain('5,000.00');
    expect(await rec.getByTestId('placement-paid').textContent()).toContain('5,000.00');
    const lock = await rec.getByTestId('placement-lock').textContent();
    expect(lock).toContain(TEXT[lang].locked);
    expect(lock).toContain(pktDay(p.unlock_at));
    await noSerious(page, 'placement records');
    expect(errors).toEqual([]);
  });
});
