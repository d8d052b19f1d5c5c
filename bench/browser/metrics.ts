// One measurement window of the streaming bench: CDP Performance metrics (main-thread TaskDuration, JS heap)
// around the in-page probe's window, reduced to the numbers the report needs.
import type { CDPSession, Page } from 'playwright-core';
import type { PageReading } from './page-probe.ts';

export interface RunMetrics {
  mainThreadBusyPct: number;
  longTasks: number;
  droppedFramesPct: number;
  tickToPaintP50Ms: number;
  tickToPaintP99Ms: number;
  /** JS heap used: main thread + market worker (when there is one), median of 1 s samples, MB. */
  heapMB: number;
  mainHeapMB: number;
  workerHeapMB: number;
  longAnimationFrames: number;
  longAnimationFrameMs: number;
  medianFrameMs: number;
  latencySamples: number;
  delivered: number;
  clockSkewMs: number;
}

export type HeapReader = () => Promise<number>;

type Metrics = Record<string, number>;

async function getMetrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Dropped frames: a rAF delta longer than 1.5 × the median frame time hid round(delta / median) − 1 frames;
 * the share is taken over the frames the window should have had (wall / median).
 */
export function droppedFrames(frames: readonly number[], wallMs: number): { pct: number; medianMs: number } {
  const m = median(frames);
  if (!Number.isFinite(m) || m <= 0) return { pct: 100, medianMs: NaN };
  let dropped = 0;
  for (const d of frames) if (d > 1.5 * m) dropped += Math.round(d / m) - 1;
  return { pct: (dropped / (wallMs / m)) * 100, medianMs: m };
}

const MB = 1024 * 1024;

export interface WindowProbes {
  /** Worker JS heap in bytes (absent: the page has no worker). */
  workerHeap?: HeapReader;
  /** Cumulative ticker updates the client has received from its socket. */
  delivered(): Promise<number>;
  /** Cumulative ticker updates the feed has offered to the client. */
  offered(): number;
}

export interface WindowResult extends RunMetrics {
  offered: number;
  /** Main-thread busy share in the frame window, where the rAF loop makes the page render every vsync. */
  mainThreadBusyWithFrameLoopPct: number;
  /** Where the main window's busy share went (% of wall time each). */
  busyBreakdown: BusyBreakdown;
  /** Scripts inside the main window's long animation frames (top 5 by time). */
  longFrameScripts: { what: string; ms: number }[];
}

/** `window` as the page probe leaves it (casts only: page.evaluate callbacks must not close over helpers). */
type BenchWindow = { __bench: { start(frames: boolean): void; stop(): void; read(): PageReading } };

/** Shares of wall time (%) of the main thread's task time, split as Chromium's Performance domain reports it. */
export interface BusyBreakdown {
  /** CPU time of the main thread (ThreadTime): unlike TaskDuration, not inflated by other processes. */
  cpu: number;
  script: number;
  layout: number;
  recalcStyle: number;
  /** Task time outside script, layout and style: paint, commit, compositing, rAF bookkeeping, parsing, … */
  other: number;
}

interface WindowSample {
  busyPct: number;
  breakdown: BusyBreakdown;
  reading: PageReading;
  mainHeapMB: number[];
  workerHeapMB: number[];
}

async function runWindow(
  page: Page,
  cdp: CDPSession,
  seconds: number,
  frames: boolean,
  probes: WindowProbes,
) {
  const m0 = await getMetrics(cdp);
  await page.evaluate((f) => (window as unknown as BenchWindow).__bench.start(f), frames);
  const out: WindowSample = {
    busyPct: NaN,
    breakdown: { cpu: NaN, script: NaN, layout: NaN, recalcStyle: NaN, other: NaN },
    reading: undefined as unknown as PageReading,
    mainHeapMB: [],
    workerHeapMB: [],
  };
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    await new Promise((r) => setTimeout(r, Math.min(1000, Math.max(0, end - Date.now()))));
    if (frames) continue;
    const m = await getMetrics(cdp);
    out.mainHeapMB.push((m.JSHeapUsedSize ?? 0) / MB);
    if (probes.workerHeap) out.workerHeapMB.push((await probes.workerHeap()) / MB);
  }
  const m1 = await getMetrics(cdp);
  await page.evaluate(() => (window as unknown as BenchWindow).__bench.stop());
  // Long-task entries are delivered asynchronously: give the observers a moment before reading.
  await new Promise((res) => setTimeout(res, 200));
  out.reading = await page.evaluate(() => (window as unknown as BenchWindow).__bench.read());
  const wallS = (m1.Timestamp ?? 0) - (m0.Timestamp ?? 0);
  const share = (k: string) => (((m1[k] ?? 0) - (m0[k] ?? 0)) / wallS) * 100;
  out.busyPct = share('TaskDuration');
  out.breakdown = {
    cpu: share('ThreadTime'),
    script: share('ScriptDuration'),
    layout: share('LayoutDuration'),
    recalcStyle: share('RecalcStyleDuration'),
    other: share('TaskOtherDuration'),
  };
  return out;
}

/**
 * One run's measurement: a main window of `seconds` without the frame loop (busy share, long tasks,
 * tick-to-paint, heap), then a frame window of `frameSeconds` with it (dropped frames). Delivered and offered
 * counts span both.
 */
export async function measureRun(
  page: Page,
  cdp: CDPSession,
  seconds: number,
  frameSeconds: number,
  probes: WindowProbes,
): Promise<WindowResult> {
  const delivered0 = await probes.delivered();
  const offered0 = probes.offered();
  const main = await runWindow(page, cdp, seconds, false, probes);
  const fw = await runWindow(page, cdp, frameSeconds, true, probes);
  const offered1 = probes.offered();
  const delivered1 = await probes.delivered();
  const lat = [...main.reading.latency].sort((a, b) => a - b);
  const frames = droppedFrames(fw.reading.frames, fw.reading.wallMs);
  const mainMB = median(main.mainHeapMB);
  const workerMB = main.workerHeapMB.length ? median(main.workerHeapMB) : 0;
  return {
    mainThreadBusyPct: main.busyPct,
    longTasks: main.reading.longTasks + fw.reading.longTasks,
    droppedFramesPct: frames.pct,
    tickToPaintP50Ms: quantile(lat, 0.5),
    tickToPaintP99Ms: quantile(lat, 0.99),
    heapMB: mainMB + workerMB,
    mainHeapMB: mainMB,
    workerHeapMB: workerMB,
    longAnimationFrames: main.reading.longAnimationFrames + fw.reading.longAnimationFrames,
    longAnimationFrameMs: main.reading.longAnimationFrameMs + fw.reading.longAnimationFrameMs,
    medianFrameMs: frames.medianMs,
    latencySamples: lat.length,
    delivered: delivered1 - delivered0,
    offered: offered1 - offered0,
    clockSkewMs: main.reading.clockSkewMs,
    mainThreadBusyWithFrameLoopPct: fw.busyPct,
    busyBreakdown: main.breakdown,
    longFrameScripts: main.reading.longFrameScripts,
  };
}
