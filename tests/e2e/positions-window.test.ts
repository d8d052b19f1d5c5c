// The positions list's windowing in Chromium at 360×800: 3,000 positions (the worker's account channel is
// served by a stand-in socket, support/fake-account-feed.ts), and after jumps (scrollTo, End) and wheel scrolling the rows under the
// viewport are the right ones, filled in. The list moves its window when an IntersectionObserver reports a
// guard beyond the window's spare rows coming into view, not on scroll events (jsdom has no observer, so the
// unit tests exercise the scroll-event fallback): this is what proves no scroll or jump leaves a gap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Position } from '../../workers/protocol/trade.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { registerUser, signInContext } from './support/account.ts';
import { collectPageErrors } from './support/page-checks.ts';
import { startFakeAccountFeed, type FakeAccountFeed } from './support/fake-account-feed.ts';

const COUNT = 3000;
const ROW_H = 76; // POSITION_ROW_H in src/features/positions/position-row.tsx

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

const symbolAt = (i: number) => `ZZ${String(i + 1).padStart(4, '0')}`;

function holdings(): Position[] {
  return Array.from({ length: COUNT }, (_, i) => ({
    symbol: symbolAt(i),
    nameEn: symbolAt(i),
    nameUr: symbolAt(i),
    qty: '100',
    available: '100',
    locked: '0',
    avgCost: '10.00',
    cost: '1000.00',
    lastPrice: '10.50',
    marketValue: '1050.00',
    pnl: '50.00',
    pnlPct: '5.00',
  }));
}

let feed: FakeAccountFeed;

beforeAll(async () => {
  const list = holdings();
  feed = await startFakeAccountFeed({
    orders: [],
    positions: list,
    assets: {
      accountType: 'demo',
      currency: 'PKR',
      total: '3150000.00',
      available: '0.00',
      frozen: '0.00',
      marketValue: '3150000.00',
      floatingPnl: '150000.00',
    },
  });
  server = await startServer({ CSP_CONNECT_ORIGINS: feed.origin });
  browser = await launchBrowser();
  const login = await registerUser(server);
  context = await phoneContext(browser, 'en-US');
  await signInContext(context, login, { accountType: 'demo', lang: 'en-US' });
  page = await context.newPage();
  collectPageErrors(page, errors, 500);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await feed?.close();
});

/** For points down the viewport: the symbol the row under it shows (filled rows only) and the one it should. */
function rowsUnderViewport(p: Page) {
  return p.evaluate((rowH) => {
    const body = document.querySelector('[data-testid=positions-body]');
    if (!body) return [];
    const top = body.getBoundingClientRect().top + scrollY;
    // Points above the list's first row (the totals card at the top of the page) are not rows.
    return [180, 300, 420, 540, 660]
      .filter((y) => scrollY + y >= top)
      .map((y) => {
        // Probe the middle of the row that should be at y: a point on a row boundary could land on either
        // neighbour once a wheel leaves a fractional scroll offset.
        const expected = Math.floor((scrollY + y - top) / rowH);
        const mid = top + (expected + 0.5) * rowH - scrollY;
        const row = document.elementFromPoint(180, mid)?.closest('[data-testid="position-row"]');
        return { shown: row?.getAttribute('data-symbol') ?? null, expected };
      });
  }, ROW_H);
}

async function expectRowsFilled(p: Page) {
  await expect
    .poll(async () => (await rowsUnderViewport(p)).map((r) => [r.shown, symbolAt(r.expected)]), {
      timeout: 10_000,
    })
    .toSatisfy((pairs: (string | null)[][]) => pairs.every(([shown, want]) => shown === want));
}

describe('positions list windowing (3,000 positions, 360×800)', () => {
  it('shows the right, filled rows after jumps and wheel scrolling', async () => {
    await page.goto(`${server.url}/pages/tabbar/position?feed=${encodeURIComponent(feed.url)}`);
    await page.getByTestId('position-row').first().waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight))
      .toBeGreaterThan(COUNT * ROW_H);
    await expectRowsFilled(page);

    for (const y of [40_000, 150_000, 3_000]) {
      await page.evaluate((to) => scrollTo(0, to), y);
      await expectRowsFilled(page);
    }
    await page.keyboard.press('End');
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan((COUNT - 12) * ROW_H);
    await expectRowsFilled(page);
    const last = await rowsUnderViewport(page);
    expect(last.at(-1)?.shown).toBe(symbolAt(COUNT - 1));

    await page.evaluate(() => scrollTo(0, 20_000));
    await page.mouse.move(180, 400);
    for (let i = 0; i < 8; i++) {
      await page.mouse.wheel(0, 900);
      await page.waitForTimeout(50);
    }
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(25_000);
    await expectRowsFilled(page);
    for (let i = 0; i < 8; i++) {
      await page.mouse.wheel(0, -700);
      await page.waitForTimeout(30);
    }
    await expectRowsFilled(page);
    expect(errors).toEqual([]);
  });
});
