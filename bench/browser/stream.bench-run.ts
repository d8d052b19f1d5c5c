// Browser streaming bench (issue 3, Deliver §5(b)): a local feed of N symbols × R updates/s plus one book
// streams into the real app's Markets screen in headless Chromium at phone size; the same scenario runs
// against the naive main-thread baseline (?baseline=1), alternating, for several repetitions. Prints a table,
// checks the targets and writes bench/results/stream.json. Exits non-zero only when a run is void or broken.
//
//   npx vite build --config bench/app/vite.config.ts && npx tsx bench/browser/stream.bench-run.ts [--symbols=1000 …]
//   (or env SYMBOLS, RATE, SECONDS, REPS, WARMUP; `npm run bench` builds and runs it with the defaults)
import type { Browser } from 'playwright-core';
import type { RunningServer } from '../../tests/e2e/support/server.ts';
import type { SymbolSpec } from './feed-data.ts';
import type { Feed } from './feed-server.ts';
import { printReport, summarise, writeResults, type Mode, type RunRecord, type Scenario } from './report.ts';
import { exitWith, measureMode, openBenchPage, option, runReps, withRig } from './run-support.ts';

/** Where the results go (env RESULTS: e.g. a short trial run that must not replace the committed numbers). */
const RESULTS = process.env.RESULTS ?? 'bench/results/stream.json';

const scenario: Scenario = {
  symbols: option('symbols', 'SYMBOLS', 1000),
  updatesPerSymbolPerSec: option('rate', 'RATE', 10),
  bookLevels: option('book-levels', 'BOOK_LEVELS', 50),
  bookHz: option('book-hz', 'BOOK_HZ', 10),
  seconds: option('seconds', 'SECONDS', 20),
  reps: option('reps', 'REPS', 3),
};
const warmupS = option('warmup', 'WARMUP', 3);
/** The dropped-frames window that follows the main one (the frame loop costs the main thread; see page-probe). */
const frameSeconds = option('frame-seconds', 'FRAME_SECONDS', 5);

/** Decimal string → integer paisa without float arithmetic ('272.5' → 27250). */
function toPaisa(s: string): number {
  const [int = '0', frac = ''] = s.split('.');
  return Number(int) * 100 + Number((frac + '00').slice(0, 2));
}

/** The simulator's own PSX symbols first, so real rows carry names; synthetic ones fill up to N. */
async function realSymbols(server: RunningServer): Promise<SymbolSpec[]> {
  const out: SymbolSpec[] = [];
  try {
    for (let page = 1; page < 20; page++) {
      const res = await fetch(`${server.url}/api/stock/list?market=psx&page=${page}&size=200&sort=symbol`, {
        headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
      });
      const env = (await res.json()) as {
        code: number;
        data?: { list: { symbol: string; ticker: { pc: string } }[]; total: number };
      };
      if (env.code !== 0 || !env.data) break;
      for (const q of env.data.list) out.push({ symbol: q.symbol, pc: Math.max(100, toPaisa(q.ticker.pc)) });
      if (!env.data.list.length || out.length >= env.data.total) break;
    }
  } catch (err) {
    process.stderr.write(`stream bench: no real symbols (${String(err)}); synthetic only\n`);
  }
  return out;
}

async function runOnce(
  browser: Browser,
  server: RunningServer,
  feed: Feed,
  mode: Mode,
  rep: number,
): Promise<RunRecord> {
  const b = await openBenchPage(browser);
  try {
    const { page, errors } = b;
    const q = new URLSearchParams({ feed: feed.url, bench: '1', benchBook: feed.bookSymbol });
    if (mode === 'baseline') q.set('baseline', '1');
    // Experiments: extra page parameters, e.g. BENCH_QUERY='benchFlushMs=100'.
    for (const [k, v] of new URLSearchParams(process.env.BENCH_QUERY ?? '')) q.set(k, v);
    await page.goto(`${server.url}/pages/tabbar/markets?${q.toString()}`);
    // Rows are on screen and moving: a row whose price is no longer the '--' placeholder (painted cells carry
    // their figures in the canvas's label; DOM rows in the price text).
    await page
      .waitForFunction(
        () =>
          [...document.querySelectorAll('[data-testid="quote-row"]')].some((row) => {
            const text =
              row.querySelector('canvas')?.getAttribute('aria-label') ??
              row.querySelector('[data-testid=quote-price]')?.textContent ??
              '';
            return /\d/.test(text.split(/[,،]/)[0] ?? '');
          }),
        undefined,
        { timeout: 30_000 },
      )
      .catch(() => {
        throw new Error(
          `${mode}: the Markets list never showed a live price${errors.length ? `: ${errors.join('; ')}` : ''}`,
        );
      });
    await page.waitForTimeout(warmupS * 1000);
    return await measureMode(b, feed, mode, rep, { scenario, frameSeconds });
  } finally {
    await b.ctx.close();
  }
}

async function main(): Promise<RunRecord[]> {
  const feedOptions = async (server: RunningServer) => ({
    symbols: scenario.symbols,
    updatesPerSymbolPerSec: scenario.updatesPerSymbolPerSec,
    bookLevels: scenario.bookLevels,
    bookHz: scenario.bookHz,
    real: await realSymbols(server),
  });
  return withRig(feedOptions, async ({ server, feed, browser }) => {
    const { runs } = await runReps('stream', scenario, (mode, rep) =>
      runOnce(browser, server, feed, mode, rep),
    );
    const ours = summarise(runs, 'ours');
    const baseline = summarise(runs, 'baseline');
    printReport(scenario, runs, ours, baseline);
    writeResults(RESULTS, scenario, runs, ours, baseline, {
      heapMB:
        'JS heap used (CDP JSHeapUsedSize of the page + Runtime.getHeapUsage of its market worker), median of 1 s samples',
      tickToPaint:
        'feed send time (ticker t, epoch ms) to the first task after the next rendering opportunity once the row applied it',
      delivered:
        'ours: updates counted in the worker by a counting WebSocket (a page init script starts module workers through a blob wrapper); baseline: counted by its main-thread socket',
      busy: 'mainThreadBusyPct: TaskDuration over a main window without the rAF frame loop; droppedFramesPct: a separate frame window with it (runs[].mainThreadBusyWithFrameLoopPct)',
      feedUrl: feed.url,
      bookSymbol: feed.bookSymbol,
      effectiveUpdatesPerSec: feed.effectiveRate,
      subscribedChannels: feed.counts().subscribed,
    });
    process.stdout.write(`\nwrote ${RESULTS}\n`);
    return runs;
  });
}

exitWith('stream', main, 2);
