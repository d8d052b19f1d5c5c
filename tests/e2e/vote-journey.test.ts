// Shareholder voting in Chromium at 360×800 against the real server, in Urdu and in English (a fresh user and a
// fresh company each), from Mine's Vote row: the user held 500 shares at the record date (granted through the ledger before it) and
// 200 more bought after it (they do not vote); an operator's resolution is open. The user finds it on
// /pages/stock/vote with its countdown and weight, votes For, changes the vote to Against; the deadline is then
// brought forward to a few seconds away (the test's short deadline) and, when the countdown ends, the screen
// reads the result by itself: the Results tab shows Against with the user's 500 shares and the turnout. The
// notice opens read-only at /pages/stock/voteUrl?id=. No page error; axe finds nothing serious or critical.
// SHOT_OUT=/dir also writes a screenshot of each screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { CLI_ACTOR } from '../../server/domain/audit/audit-log.ts';
import { accountIdOf } from '../../server/domain/auth/users-repo.ts';
import { postRecord } from '../../server/domain/ledger/post.ts';
import { createResolution } from '../../server/domain/vote/vote-repo.ts';
import { registerUser, signInContext } from './support/account.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { axeSeriousOrCritical, collectPageErrors, smallTargets } from './support/page-checks.ts';
import { startServer, type RunningServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let database: Database;
const errors: string[] = [];
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
  'ur-PK': {
    cast: 'ووٹ دیں',
    change: 'ووٹ بدلیں',
    title: 'سالانہ حسابات کی منظوری',
    body: 'نوٹس کا مکمل متن',
  },
  'en-US': {
    cast: 'Vote',
    change: 'Change vote',
    title: 'Adopt the annual accounts',
    body: 'The full notice text',
  },
} as const;
type Lang = keyof typeof TEXT;

async function shot(page: Page, name: string, lang: Lang): Promise<void> {
  const dir = process.env.SHOT_OUT;
  if (dir) await page.screenshot({ path: `${dir}/vote-${name}.${lang}.png`, fullPage: true });
}

async function grantShares(accountId: number, symbol: string, qty: bigint, at: number): Promise<void> {
  await postRecord(database.db, {
    kind: 'test_grant',
    ref: `e2e-vote:${symbol}:${at}`,
    accountId,
    now: at,
    legs: [
      { system: 'test_funding', asset: symbol, amount: -qty },
      { accountId, book: 'shares', asset: symbol, amount: qty },
    ],
  });
}

describe.each(['ur-PK', 'en-US'] as const)('voting in %s (real account, 360×800)', (lang) => {
  let context: BrowserContext;
  let page: Page;
  afterAll(async () => context?.close());

  it('votes, changes the vote, and sees the weighted result when the deadline passes', async () => {
    const login = await registerUser(server);
    const accountId = (await accountIdOf(database.db, login.user.id, 'real'))!;
    const symbol = `VOT${lang === 'ur-PK' ? 'UR' : 'EN'}${Date.now() % 100_000}`;
    const now = Date.now();
    await grantShares(accountId, symbol, 500n, now - 2 * HOUR);
    await grantShares(accountId, symbol, 200n, now - 30 * 60 * 1000);
    const r = await createResolution(
      database.db,
      CLI_ACTOR,
      {
        symbol,
        meeting: 'agm',
        titleUr: TEXT['ur-PK'].title,
        titleEn: TEXT['en-US'].title,
        bodyUr: TEXT['ur-PK'].body,
        bodyEn: TEXT['en-US'].body,
        options: [
          { ur: 'حق میں', en: 'For' },
          { ur: 'مخالفت', en: 'Against' },
          { ur: 'غیر جانبدار', en: 'Abstain' },
        ],
        recordAt: now - HOUR,
        deadlineAt: now + HOUR,
      },
      now,
    );

    context = await phoneContext(browser, lang);
    await signInContext(context, login, { accountType: 'real', lang });
    page = await context.newPage();
    collectPageErrors(page, errors, 500);

    // from Mine's row to the voting screen
    await page.goto(`${server.url}/pages/tabbar/mine`);
    await page.getByTestId('mine-vote').click(WAIT);
    await page.waitForURL(/\/pages\/stock\/vote$/, WAIT);
    const card = page.getByTestId('vote-list').locator(`[data-id="${r.id}"]`);
    await card.waitFor(WAIT);
    await expect.poll(() => card.getByTestId('vote-shares').textContent(), WAIT).toBe('500');
    expect(await card.getByTestId('vote-countdown').textContent()).toMatch(/\d\d:\d\d:\d\d/);
    expect(await card.textContent()).toContain(TEXT[lang].title);
    expect(await axeSeriousOrCritical(page, 'body'), 'vote screen').toEqual([]);
    expect(await smallTargets(page), 'vote screen targets').toEqual([]);
    await shot(page, 'open', lang);

    // vote For, then change to Against
    await card.getByTestId('vote-option-0').click();
    await card.getByRole('button', { name: TEXT[lang].cast }).click();
    await expect.poll(() => card.getAttribute('data-choice'), WAIT).toBe('0');
    await card.getByTestId('vote-option-1').click();
    await card.getByRole('button', { name: TEXT[lang].change }).click();
    await expect.poll(() => card.getAttribute('data-choice'), WAIT).toBe('1');
    await shot(page, 'voted', lang);

    // the test's short deadline: a few seconds from now; the countdown ends and the result shows by itself
    await database.db
      .updateTable('vote_resolutions')
      .set({ deadline_at: Date.now() + 6_000 })
      .where('id', '=', r.id)
      .execute();
    // (on a slow machine the page may load after the deadline: then the card is in Results at once)
    await page.reload();
    await page.getByTestId('vote-tab-closed').click();
    const closed = page.getByTestId('vote-list').locator(`[data-id="${r.id}"]`);
    await closed.waitFor(WAIT);
    const results = closed.getByTestId('vote-results');
    await results.waitFor(WAIT);
    expect(await results.getByTestId('vote-result-1').getAttribute('data-mine')).toBe('yes');
    expect(await results.getByTestId('vote-result-1-shares').textContent()).toContain('500');
    expect(await results.getByTestId('vote-result-1-shares').textContent()).toContain('100.0%');
    expect(await results.getByTestId('vote-result-0-shares').textContent()).toContain('0.0%');
    expect(await closed.getByTestId('vote-submit').count()).toBe(0);
    expect(await axeSeriousOrCritical(page, 'body'), 'vote results').toEqual([]);
    await shot(page, 'results', lang);

    // the notice, read-only
    await closed.getByTestId('vote-notice-link').click();
    await page.waitForURL(/\/pages\/stock\/voteUrl\?id=/, WAIT);
    await expect.poll(() => page.getByTestId('vote-notice-body').textContent(), WAIT).toBe(TEXT[lang].body);
    expect(await page.getByTestId('vote-notice-title').textContent()).toBe(TEXT[lang].title);
    expect(await page.getByTestId('vote-submit').count()).toBe(0);
    await shot(page, 'notice', lang);
    expect(errors).toEqual([]);
  });
});
