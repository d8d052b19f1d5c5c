// What the browser benches' runners (stream.bench-run.ts, positions.bench-run.ts) share: options from argv or
// env, the modes to run, a phone-sized page set up for measuring (probes, CDP, the worker's counter and heap),
// one measured run reduced to a RunRecord, the alternating repetitions and the process exit.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser, phoneContext } from '../../tests/e2e/support/browser.ts';
import { startServer, type RunningServer } from '../../tests/e2e/support/server.ts';
import { startFeed, type Feed, type FeedOptions } from './feed-server.ts';
import { measureRun, type HeapReader } from './metrics.ts';
import { PAGE_PROBE_SCRIPT } from './page-probe.ts';
import type { DrainRecord, Mode, RunRecord, Scenario } from './report.ts';
import { installWorkerCounter, workerDelivered, workerHeapReader } from './worker-probe.ts';

/** |offered − delivered| / offered above this: the run measured another load than the one offered (void). */
export const VOID_TOLERANCE = 0.02;

/** A non-negative number from `--name=N` or the env variable, else the fallback. */
export function option(name: string, env: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const raw = arg ? arg.slice(name.length + 3) : process.env[env];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`bad --${name} / ${env}: ${raw}`);
  return n;
}

/** Experiments may run one side only (MODES=ours); the targets then show n/a for the other. */
export const MODES = (process.env.MODES ?? 'ours,baseline').split(',') as Mode[];

function cssInjector(css: string): string {
  return `document.addEventListener('DOMContentLoaded', () => {
    const s = document.createElement('style');
    s.textContent = ${JSON.stringify(css)};
    document.head.appendChild(s);
  });`;
}

export interface BenchPage {
  ctx: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Uncaught page errors so far. */
  errors: string[];
  /** The market worker's JS heap (bytes). */
  workerHeap: HeapReader;
}

/**
 * A new phone context and page with the in-page probe, the worker's update counter and CDP Performance on.
 * `prepare` adds the bench's own init scripts and routes before the page opens. Experiment knobs:
 * BENCH_CSS='…' (extra CSS), BENCH_REDUCED_MOTION=1. The page's CSP is bypassed (see below).
 */
export async function openBenchPage(
  browser: Browser,
  prepare?: (ctx: BrowserContext) => Promise<void>,
): Promise<BenchPage> {
  // No service worker: its background precache of every route would run inside the measured window.
  const ctx = await phoneContext(browser, 'ur-PK', { serviceWorkers: 'block' });
  try {
    await ctx.addInitScript(PAGE_PROBE_SCRIPT);
    if (process.env.BENCH_CSS) await ctx.addInitScript(cssInjector(process.env.BENCH_CSS));
    await installWorkerCounter(ctx);
    await prepare?.(ctx);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Performance.enable');
    // The page's CSP (connect-src 'self') refuses a socket from the page to the bench feed, which listens on a
    // port of its own: the baseline's main-thread socket needs it bypassed (the worker's socket is not refused).
    // Both modes run bypassed so they load alike; BENCH_CSS (inline styles) needs it too.
    await cdp.send('Page.setBypassCSP', { enabled: true });
    if (process.env.BENCH_REDUCED_MOTION === '1') await page.emulateMedia({ reducedMotion: 'reduce' });
    const workerHeap = await workerHeapReader(cdp);
    return { ctx, page, cdp, errors, workerHeap };
  } catch (err) {
    await ctx.close();
    throw err;
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  ts?: number;
  args?: { name?: string } & Record<string, unknown>;
}

/** Starts a devtools.timeline trace; the returned function ends it and sums main-thread events by name. */
async function startTrace(
  cdp: CDPSession,
): Promise<() => Promise<Record<string, { n: number; ms: number }>>> {
  const events: TraceEvent[] = [];
  // playwright-core types only the events it knows; the CDP session does deliver Tracing's.
  (cdp as unknown as { on(e: string, f: (d: { value: TraceEvent[] }) => void): void }).on(
    'Tracing.dataCollected',
    (d) => void events.push(...d.value),
  );
  await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
  return async () => {
    const done = new Promise<void>((r) =>
      (cdp as unknown as { once(e: string, f: () => void): void }).once('Tracing.tracingComplete', r),
    );
    await cdp.send('Tracing.end');
    await done;
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const sums: Record<string, { n: number; ms: number }> = {};
    for (const e of events) {
      if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X') continue;
      const s = (sums[e.name] ??= { n: 0, ms: 0 });
      s.n++;
      s.ms = Math.round((s.ms + (e.dur ?? 0) / 1000) * 10) / 10;
    }
    const dump = process.env.BENCH_TRACE_DUMP; // Experiment knob: "Name:file", every Name event with its args.
    if (dump) {
      const [name, file] = dump.split(':') as [string, string];
      const picked = events
        .filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
        .filter((e) => name === '*' || e.name === name)
        .map((e) => ({ name: e.name, ts: e.ts, ms: (e.dur ?? 0) / 1000, args: e.args }));
      writeFileSync(file, JSON.stringify(picked, null, 1));
    }
    return Object.fromEntries(Object.entries(sums).sort((a, b) => b[1].ms - a[1].ms));
  };
}

/** Ticker updates the mode's client has received since it connected (ours: the worker's socket). */
function deliveredBy(page: Page, mode: Mode): Promise<number> {
  return mode === 'ours'
    ? workerDelivered(page)
    : page.evaluate(() => (window as unknown as { __bench: { delivered: number } }).__bench.delivered);
}

export interface MeasureOptions {
  scenario: Scenario;
  frameSeconds: number;
  /**
   * After the windows, stop the feed and wait (up to this many seconds) until the client has received all
   * it was offered since it connected; validity is then judged on those totals (see README, "Drain").
   * 0 / absent: the window's own offered and delivered counts decide, as the stream bench does.
   */
  drainSeconds?: number;
  /** Runs between the windows and the drain (e.g. stop scrolling). */
  afterWindows?: () => Promise<void>;
}

/** Waits for the backlog to drain: delivered reaches offered, or stops moving for 3 s, or time runs out. */
async function drain(b: BenchPage, mode: Mode, feed: Feed, seconds: number): Promise<DrainRecord> {
  const rate = feed.effectiveRate || 1;
  const offeredTotal = () => feed.counts().lastClientOffered;
  const lagUpdates = offeredTotal() - (await deliveredBy(b.page, mode));
  feed.pause();
  try {
    const t0 = Date.now();
    let last = -1;
    let lastMove = t0;
    let delivered = 0;
    for (;;) {
      delivered = await deliveredBy(b.page, mode);
      const now = Date.now();
      if (delivered !== last) lastMove = now;
      last = delivered;
      if (delivered >= offeredTotal() || now - lastMove > 3000 || now - t0 > seconds * 1000) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const offered = offeredTotal();
    return {
      lagUpdates,
      lagSeconds: lagUpdates / rate,
      drainMs: delivered >= offered ? Date.now() - t0 : NaN,
      offeredTotal: offered,
      deliveredTotal: delivered,
      deliveredTotalPct: offered ? (delivered / offered) * 100 : 0,
    };
  } finally {
    feed.resume();
  }
}

/** One mode's measured windows on an open page, as a record (void when offered and delivered disagree). */
export async function measureMode(
  b: BenchPage,
  feed: Feed,
  mode: Mode,
  rep: number,
  o: MeasureOptions,
): Promise<RunRecord> {
  const skipped0 = feed.counts().skippedFrames;
  const load0 = loadavg()[0]!;
  const profiling = process.env.BENCH_PROFILE;
  if (profiling) await b.cdp.send('Profiler.enable').then(() => b.cdp.send('Profiler.start'));
  const tracing = process.env.BENCH_TRACE ? await startTrace(b.cdp) : null;
  const m = await measureRun(b.page, b.cdp, o.scenario.seconds, o.frameSeconds, {
    ...(mode === 'ours' ? { workerHeap: b.workerHeap } : {}),
    delivered: () => deliveredBy(b.page, mode),
    offered: () => feed.counts().offeredUpdates,
  });
  if (tracing) {
    // Experiment knob: BENCH_TRACE=prefix writes prefix-<mode>-<rep>.json, the renderer main thread's
    // timeline events summed by name (count, ms): where "other" in busyBreakdown goes.
    writeFileSync(`${process.env.BENCH_TRACE}-${mode}-${rep}.json`, JSON.stringify(await tracing(), null, 1));
  }
  if (profiling) {
    // Experiment knob: BENCH_PROFILE=prefix writes prefix-<mode>-<rep>.cpuprofile (open in DevTools).
    const { profile } = await b.cdp.send('Profiler.stop');
    writeFileSync(`${profiling}-${mode}-${rep}.cpuprofile`, JSON.stringify(profile));
  }
  const load1 = loadavg()[0]!;
  await o.afterWindows?.();
  const drained = o.drainSeconds ? await drain(b, mode, feed, o.drainSeconds) : undefined;
  const deliveredPct = m.offered ? (m.delivered / m.offered) * 100 : 0;
  const off = drained ? drained.offeredTotal : m.offered;
  const got = drained ? drained.deliveredTotal : m.delivered;
  if (b.errors.length) process.stderr.write(`${mode} rep ${rep}: page errors: ${b.errors.join('; ')}\n`);
  return {
    ...m,
    mode,
    rep,
    deliveredPct,
    void: off === 0 || Math.abs(off - got) / off > VOID_TOLERANCE,
    skippedFrames: feed.counts().skippedFrames - skipped0,
    loadAvg: [load0, load1],
    ...(drained ? { drain: drained } : {}),
  };
}

/**
 * Every repetition runs each mode once, alternating which goes first so drift over the session (thermal,
 * caches, other work) hits both alike. A baseline run that throws is recorded as a failure when
 * `baselineMayFail` (a saturated baseline that never paints is a result); anything else propagates.
 */
export async function runReps(
  name: string,
  scenario: Scenario,
  once: (mode: Mode, rep: number) => Promise<RunRecord>,
  baselineMayFail = false,
): Promise<{ runs: RunRecord[]; failures: string[] }> {
  const runs: RunRecord[] = [];
  const failures: string[] = [];
  for (let rep = 1; rep <= scenario.reps; rep++) {
    const order = (rep % 2 ? (['ours', 'baseline'] as const) : (['baseline', 'ours'] as const)).filter((m) =>
      MODES.includes(m),
    );
    for (const mode of order) {
      process.stdout.write(`${name} bench: ${mode} rep ${rep}/${scenario.reps} …\n`);
      try {
        runs.push(await once(mode, rep));
      } catch (err) {
        if (mode === 'ours' || !baselineMayFail) throw err;
        failures.push(`${mode} rep ${rep}: ${err instanceof Error ? err.message : String(err)}`);
        process.stderr.write(`${failures.at(-1)}\n`);
      }
    }
  }
  return { runs, failures };
}

export interface Rig {
  server: RunningServer;
  feed: Feed;
  browser: Browser;
}

/**
 * The bench build (bench/app/: the app plus the bench probe and the naive baseline), served by the real server
 * from dist-bench/; `npm run bench` builds it. The production build in dist/ carries neither.
 */
export const BENCH_DIST = 'dist-bench';

/** The real server (serving the bench build), the feed and Chromium for the body's runs; all stopped afterwards. */
export async function withRig<T>(
  feedOptions: (server: RunningServer) => Promise<FeedOptions>,
  body: (rig: Rig) => Promise<T>,
): Promise<T> {
  const server = await startServer({ STATIC_DIR: BENCH_DIST });
  let feed: Feed | null = null;
  let browser: Browser | null = null;
  try {
    feed = await startFeed(await feedOptions(server));
    browser = await launchBrowser();
    return await body({ server, feed, browser });
  } finally {
    await browser?.close();
    await feed?.close();
    await server.stop();
  }
}

/** Exit 0 when every run is valid, 1 when some run is void (said on stderr), `brokenCode` when it threw. */
export function exitWith(name: string, main: () => Promise<readonly RunRecord[]>, brokenCode: number): void {
  main().then(
    (runs) => {
      const voids = runs.filter((r) => r.void);
      if (voids.length)
        process.stderr.write(
          `${name} bench: ${voids.length} void run(s): offered and delivered differ by more than 2 %\n`,
        );
      process.exit(voids.length ? 1 : 0);
    },
    (err: unknown) => {
      process.stderr.write(
        `${name} bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
      process.exit(brokenCode);
    },
  );
}
