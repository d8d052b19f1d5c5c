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
}

/** `window` as the page probe leaves it (casts only: page.evaluate callbacks must not close over helpers). */
type BenchWindow = { __bench: { start(): void; stop(): void; read(): PageReading } };

export async function measureWindow(
  page: Page,
  cdp: CDPSession,
  seconds: number,
  probes: WindowProbes,
): Promise<WindowResult> {
  const m0 = await getMetrics(cdp);
  const delivered0 = await probes.delivered();
  const offered0 = probes.offered();
  await page.evaluate(() => (window as unknown as BenchWindow).__bench.start());
  const mainHeap: number[] = [];
  const wHeap: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    await new Promise((r) => setTimeout(r, Math.min(1000, Math.max(0, end - Date.now()))));
    const m = await getMetrics(cdp);
    mainHeap.push((m.JSHeapUsedSize ?? 0) / MB);
    if (probes.workerHeap) wHeap.push((await probes.workerHeap()) / MB);
  }
  const m1 = await getMetrics(cdp);
  await page.evaluate(() => (window as unknown as BenchWindow).__bench.stop());
  const offered1 = probes.offered();
  const delivered1 = await probes.delivered();
  // Long-task entries are delivered asynchronously: give the observers a moment before reading.
  await new Promise((res) => setTimeout(res, 200));
  const reading = await page.evaluate(() => (window as unknown as BenchWindow).__bench.read());
  const wallS = (m1.Timestamp ?? 0) - (m0.Timestamp ?? 0);
  const busy = ((m1.TaskDuration ?? 0) - (m0.TaskDuration ?? 0)) / wallS;
  const lat = [...reading.latency].sort((a, b) => a - b);
  const frames = droppedFrames(reading.frames, reading.wallMs);
  const mainMB = median(mainHeap);
  const workerMB = wHeap.length ? median(wHeap) : 0;
  return {
    mainThreadBusyPct: busy * 100,
    longTasks: reading.longTasks,
    droppedFramesPct: frames.pct,
    tickToPaintP50Ms: quantile(lat, 0.5),
    tickToPaintP99Ms: quantile(lat, 0.99),
    heapMB: mainMB + workerMB,
    mainHeapMB: mainMB,
    workerHeapMB: workerMB,
    longAnimationFrames: reading.longAnimationFrames,
    longAnimationFrameMs: reading.longAnimationFrameMs,
    medianFrameMs: frames.medianMs,
    latencySamples: lat.length,
    delivered: delivered1 - delivered0,
    offered: offered1 - offered0,
    clockSkewMs: reading.clockSkewMs,
  };
}
