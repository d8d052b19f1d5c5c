// Browser positions bench (issue 4 Bench b): the positions tab with N live positions (one per symbol of a local
// feed pushing N symbols × R ticker updates a second) while the page scrolls the virtualised list up and down,
// in headless Chromium at phone size; the same scenario against the naive main-thread baseline (?baseline=1:
// main-thread sockets, decimal.js P&L per tick, totals summed again per tick), alternating, for several
// repetitions. The portfolio reaches both through the account channel, as in production: the feed serves it
// at the account socket's path (feed-account.ts), the worker's account feed subscribes there for ours, the
// baseline's own main-thread socket for it. The session is a freshly registered user. Writes
// bench/results/positions.json (stream.json's shape).
//
//   npx vite build --config bench/app/vite.config.ts && npx tsx bench/browser/positions.bench-run.ts [--reps=2 …]
import type { Browser } from 'playwright-core';
import type { AccountSnap, Position } from '../../workers/protocol/trade.ts';
import { registerUser } from '../../tests/e2e/support/account.ts';
import type { RunningServer } from '../../tests/e2e/support/server.ts';
import { makeSymbols, paisa, type SymbolSpec } from './feed-data.ts';
import type { Feed } from './feed-server.ts';
import { printReport, summarise, writeResults, type Mode, type RunRecord, type Scenario } from './report.ts';
import {
  exitWith,
  measureMode,
  openBenchPage,
  option,
  runReps,
  withRig,
  type BenchPage,
} from './run-support.ts';

const RESULTS = process.env.RESULTS ?? 'bench/results/positions.json';

const scenario: Scenario = {
  symbols: option('positions', 'POSITIONS', 10_000),
  updatesPerSymbolPerSec: option('rate', 'RATE', 1),
  bookLevels: 10,
  bookHz: 1,
  seconds: option('seconds', 'SECONDS', 15),
  reps: option('reps', 'REPS', 2),
};
const warmupS = option('warmup', 'WARMUP', 3);
const frameSeconds = option('frame-seconds', 'FRAME_SECONDS', 5);
/** Pixels scrolled per frame (down to the end, then back up). */
const scrollPx = option('scroll', 'SCROLL_PX', 8);
/** Longest wait for a client to catch up with the paused feed after the windows (see README, "Drain"). */
const drainS = option('drain', 'DRAIN_SECONDS', 60);

interface Session {
  tokenReal: string;
  tokenDemo: string;
  user: unknown;
}

/** Signs up through the real API (captcha and SMS code read from the server's database, as the tests do). */
async function register(server: RunningServer): Promise<Session> {
  return registerUser(server);
}

/** One position per feed symbol; integers in paisa so the bench itself does no float money arithmetic. */
function holdings(symbols: readonly SymbolSpec[]): Position[] {
  return symbols.map((spec, i) => {
    const qty = 100 + (i % 900);
    const cost = BigInt(qty) * BigInt(spec.pc);
    return {
      symbol: spec.symbol,
      nameEn: spec.symbol,
      nameUr: spec.symbol,
      qty: String(qty),
      available: String(qty),
      locked: '0',
      avgCost: paisa(spec.pc),
      cost: paisa(Number(cost)),
      lastPrice: paisa(spec.pc),
      marketValue: paisa(Number(cost)),
      pnl: '0.00',
      pnlPct: '0.00',
    };
  });
}

/** Cash of one million rupees, none frozen, beside the holdings at cost (the server's answer at open). */
const CASH_PAISA = 100_000_000n;

/** The account channel's snapshot: the holdings, no open order, the balances. */
function portfolio(positions: Position[]): AccountSnap {
  const mv = positions.reduce((sum, p) => sum + BigInt(p.marketValue.replace('.', '')), 0n);
  return {
    orders: [],
    positions,
    assets: {
      accountType: 'demo',
      currency: 'PKR',
      total: paisa(Number(CASH_PAISA + mv)),
      available: paisa(Number(CASH_PAISA)),
      frozen: '0.00',
      marketValue: paisa(Number(mv)),
      floatingPnl: '0.00',
    },
  };
}

/** The cash each mode showed (the fixed part of the totals card), to compare with the other. */
const cashShown = new Map<Mode, string>();

/**
 * Both modes must show the same portfolio: the first row is the first holding, and the totals card has the
 * snapshot's cash (available, frozen: the figures that do not move with prices) once it has its figures.
 */
async function checkScreen(page: BenchPage['page'], mode: Mode, first: Position): Promise<void> {
  const cash = page.locator('[data-testid="totals-grid"] > span');
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-testid="totals-grid"] > span')]
        .slice(2)
        .every((e) => !e.textContent?.includes('—')),
    undefined,
    { timeout: 30_000 },
  );
  const flat = (t: string) => t.replace(/\s+/g, ' ').trim();
  const row = flat(await page.locator('[data-testid="position-row"]').first().innerText());
  const shown = `${flat(await cash.nth(2).innerText())} / ${flat(await cash.nth(3).innerText())}`;
  process.stdout.write(`  ${mode}: first row "${row}"; cash ${shown}\n`);
  if (!row.includes(first.symbol))
    throw new Error(`${mode}: the first row is not the first holding (${first.symbol}): ${row}`);
  const other = [...cashShown].find(([m]) => m !== mode);
  if (other && other[1] !== shown)
    throw new Error(`${mode} shows other balances than ${other[0]}: ${shown} vs ${other[1]}`);
  cashShown.set(mode, shown);
}

/**
 * How the list is scrolled. `gesture` (default): a scroll gesture the browser synthesises (CDP
 * Input.synthesizeScrollGesture), scrolled by the compositor as a phone or a wheel scrolls; the page gets
 * its scroll events but produces a frame only when something on it changes. (A touch-source gesture does not
 * scroll in this headless Chromium; the wheel source does.) `raf`: the older driver, window.scrollBy from a
 * requestAnimationFrame loop in the page — a main-thread scroller no real user has, which makes the page
 * produce a frame every vsync (6–9 % of the main thread on its own here).
 */
const scrollMode = process.env.SCROLL === 'raf' ? 'raf' : 'gesture';

/** Scrolls down the list at `pxPerSec` in strokes of ~2 s until `stop()` says so (the run prints the rate). */
async function gestureScroll(cdp: BenchPage['cdp'], pxPerSec: number, stop: () => boolean): Promise<void> {
  // --scroll=0 measures the feed alone: a zero-length gesture returns at once and would spin this loop.
  while (pxPerSec > 0 && !stop()) {
    await cdp.send('Input.synthesizeScrollGesture', {
      x: 180,
      y: 500,
      yDistance: -Math.round(pxPerSec * 2),
      speed: pxPerSec,
      gestureSourceType: 'mouse',
      preventFling: true,
    });
  }
}

/** Scrolls the window down to the end of the list and back, a few pixels every frame, until told to stop. */
const SCROLLER = (px: number) => `(() => {
  let dir = 1;
  window.__scrolling = true;
  const step = () => {
    if (!window.__scrolling) return;
    window.scrollBy(0, dir * ${px});
    const end = document.documentElement.scrollHeight - innerHeight - 2;
    if (dir > 0 && scrollY >= end) dir = -1;
    else if (dir < 0 && scrollY <= 0) dir = 1;
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})()`;

async function runOnce(
  browser: Browser,
  server: RunningServer,
  feed: Feed,
  session: Session,
  first: Position,
  mode: Mode,
  rep: number,
): Promise<RunRecord> {
  const b = await openBenchPage(browser, async (ctx) => {
    await ctx.addInitScript((s: Session) => {
      localStorage.setItem('userToken', s.tokenDemo);
      localStorage.setItem('userTokenReal', s.tokenReal);
      localStorage.setItem('userTokenDemo', s.tokenDemo);
      localStorage.setItem('userAccountType', 'demo');
      localStorage.setItem('userInfo', JSON.stringify(s.user));
    }, session);
  });
  try {
    const { page, errors } = b;
    const q = new URLSearchParams({ feed: feed.url, bench: '1' });
    if (mode === 'baseline') q.set('baseline', '1');
    for (const [k, v] of new URLSearchParams(process.env.BENCH_QUERY ?? '')) q.set(k, v);
    const snaps0 = feed.counts().account.snapshots;
    await page.goto(`${server.url}/pages/tabbar/position?${q.toString()}`);
    await page
      .locator('[data-testid="position-row"]')
      .first()
      .waitFor({ timeout: 60_000 })
      .catch(() => {
        throw new Error(`${mode}: no position row${errors.length ? `: ${errors.join('; ')}` : ''}`);
      });
    // Rows from anywhere but the account channel (a REST poll of the real server's empty account) would
    // measure something else: the feed must have sent this page its snapshot.
    if (feed.counts().account.snapshots <= snaps0)
      throw new Error(`${mode}: rows shown, but the feed sent no account snapshot`);
    await checkScreen(page, mode, first);
    await page.waitForTimeout(warmupS * 1000);
    let stopped = false;
    const touching =
      scrollMode === 'gesture'
        ? gestureScroll(b.cdp, scrollPx * 60, () => stopped)
        : page.evaluate(SCROLLER(scrollPx));
    let rows = 0;
    let scrolledTo = 0;
    const scrollT0 = Date.now();
    let scrollSeconds = 0;
    const record = await measureMode(b, feed, mode, rep, {
      scenario,
      frameSeconds,
      drainSeconds: drainS,
      afterWindows: async () => {
        rows = await page.locator('[data-testid="position-row"]').count();
        scrolledTo = await page.evaluate(() => scrollY);
        scrollSeconds = (Date.now() - scrollT0) / 1000;
        stopped = true;
        await page.evaluate(() => ((window as unknown as { __scrolling: boolean }).__scrolling = false));
        await touching;
      },
    });
    process.stdout.write(
      `  ${mode}: ${rows} rows mounted at the end, scrolled to ${Math.round(scrolledTo)} px (${Math.round(scrolledTo / scrollSeconds)} px/s)\n`,
    );
    return record;
  } finally {
    await b.ctx.close();
  }
}

async function main(): Promise<RunRecord[]> {
  // The feed lists its symbols with makeSymbols too (no real ones here), so the positions are exactly its own.
  const list = holdings(makeSymbols(scenario.symbols));
  const feedOptions = () =>
    Promise.resolve({
      symbols: scenario.symbols,
      updatesPerSymbolPerSec: scenario.updatesPerSymbolPerSec,
      bookLevels: scenario.bookLevels,
      bookHz: scenario.bookHz,
      account: portfolio(list),
    });
  return withRig(feedOptions, async ({ server, feed, browser }) => {
    const session = await register(server);
    if (feed.symbols.length !== list.length || feed.symbols.some((s, i) => s.symbol !== list[i]!.symbol))
      throw new Error('the portfolio does not match the feed’s symbols');
    // The baseline may saturate the main thread so that no row ever paints: a result, not a crash.
    const { runs, failures } = await runReps(
      'positions',
      scenario,
      (mode, rep) => runOnce(browser, server, feed, session, list[0]!, mode, rep),
      true,
    );
    const ours = summarise(runs, 'ours');
    const baseline = summarise(runs, 'baseline');
    printReport(scenario, runs, ours, baseline, 'positions');
    writeResults(RESULTS, scenario, runs, ours, baseline, {
      positions: list.length,
      scrolling:
        scrollMode === 'gesture'
          ? `synthesised scroll gestures down the list at ~${scrollPx * 60} px/s (compositor-scrolled), during both windows`
          : `window.scrollBy ${scrollPx} px per frame from a rAF loop, down to the end of the list and back, during both windows`,
      heapMB: 'JS heap used (page + market worker), median of 1 s samples',
      tickToPaint: 'n/a here: the positions tab shows no ticker rows (the probe marks ticker rows only)',
      delivered: 'ours: updates counted by the worker socket; baseline: by its main-thread socket',
      validity:
        'after both windows the feed pauses until the client has received every update offered to it since it connected (runs[].drain: lag when the windows closed, drain time); void if those totals differ by more than 2 %',
      portfolio:
        'the feed’s account channel (snapshot at the account socket path): ours through the worker’s account feed, the baseline through its own main-thread account socket',
      baseline:
        'main-thread sockets (bench/app/naive-port.ts, naive-account.ts) + decimal.js P&L per tick (bench/app/naive-positions.ts)',
      feedUrl: feed.url,
      effectiveUpdatesPerSec: feed.effectiveRate,
      failures,
    });
    process.stdout.write(`\nwrote ${RESULTS}\n`);
    return runs;
  });
}

exitWith('positions', main, 1);
