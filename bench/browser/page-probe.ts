// The in-page half of the streaming bench's measurements, installed before any app script runs
// (page.addInitScript): long tasks and long animation frames, requestAnimationFrame deltas, tick-to-paint
// samples and the delivered-update counter. The app's bench probe (src/market/bench-probe.ts) and the naive
// baseline report into `window.__bench`; the runner starts, stops and reads it.
//
// The frame loop (a rAF callback every frame, for dropped frames) is switched on only for its own window:
// here, with software compositing, a page asked for a frame at every vsync spends 6–9 % of its main thread
// producing frames even when nothing changed, which would be charged to the app's busy share.
//
// Plain JavaScript in a string on purpose: a function serialised by Playwright would carry the TS
// transpiler's helpers (e.g. `__name`), which do not exist in the page.

/** What `window.__bench.read()` returns. */
export interface PageReading {
  /** ms between rAF callbacks inside the window (empty unless started with frames on) */
  frames: number[];
  longTasks: number;
  longTaskMs: number;
  longAnimationFrames: number;
  longAnimationFrameMs: number;
  /** Scripts that ran inside long animation frames, by total duration (top 5). */
  longFrameScripts: { what: string; ms: number }[];
  /** tick-to-paint samples (ms) */
  latency: number[];
  /** ticker updates received so far by a main-thread client (the baseline), cumulative */
  delivered: number;
  /** wall ms between start() and read() */
  wallMs: number;
  /** Date.now() − (timeOrigin + performance.now()): the page clock's offset from the feed's clock */
  clockSkewMs: number;
}

export const PAGE_PROBE_SCRIPT = String.raw`
(() => {
  if (window.__bench) return;
  const MAX_SAMPLES = 50000;
  const PER_FRAME = 64;
  const B = {
    measuring: false, frameLoop: false, t0: 0, t1: 0, frames: [], entries: [], latency: [], delivered: 0,
    pending: [], lastFrame: 0,
  };
  const now = () => performance.timeOrigin + performance.now();
  // Tick-to-paint: a shown tick's feed time is marked when the row's data is applied; the sample is taken in
  // a task posted from the next rAF callback, i.e. just after that frame's rendering step.
  const port = new MessageChannel();
  let taken = [];
  let rafQueued = false;
  port.port1.onmessage = () => {
    const t = now();
    for (const ft of taken) if (B.latency.length < MAX_SAMPLES) B.latency.push(t - ft);
    taken = [];
  };
  const onFrame = (ts) => {
    rafQueued = false;
    if (B.frameLoop) {
      if (B.measuring && B.lastFrame) B.frames.push(ts - B.lastFrame);
      B.lastFrame = ts;
    }
    if (B.pending.length) {
      taken = taken.concat(B.pending);
      B.pending = [];
      port.port2.postMessage(0);
    }
    if (B.frameLoop) queueFrame();
  };
  const queueFrame = () => {
    if (rafQueued) return;
    rafQueued = true;
    requestAnimationFrame(onFrame);
  };
  B.mark = (feedTime) => {
    if (!B.measuring) return;
    // At most PER_FRAME samples a frame: plenty for p99, cheap at 10k updates/s.
    if (B.pending.length < PER_FRAME) B.pending.push(feedTime);
    queueFrame();
  };
  B.count = (n) => { B.delivered += n; };
  // Samples measured elsewhere (the market worker's painted cells: its own next frame after drawing).
  B.samples = (list) => {
    if (!B.measuring) return;
    for (const ms of list) if (B.latency.length < MAX_SAMPLES) B.latency.push(ms);
  };
  const observe = (type) => {
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          // LoAF entries name the scripts that ran in the frame: what the report blames for long frames.
          const scripts = (e.scripts || []).map((x) => ({
            what: (x.invoker || '') + ' ' + (x.sourceFunctionName || '') + ' ' + (x.sourceURL || '').split('/').pop(),
            ms: x.duration,
          }));
          B.entries.push({ type, start: e.startTime, duration: e.duration, scripts });
        }
      }).observe({ type, buffered: false });
    } catch (_) { /* entry type unsupported: counted as 0 */ }
  };
  observe('longtask');
  observe('long-animation-frame');
  B.start = (frames) => {
    B.frames = []; B.entries = []; B.latency = []; B.pending = []; taken = [];
    B.lastFrame = 0; B.t0 = performance.now(); B.t1 = 0; B.measuring = true;
    B.frameLoop = !!frames;
    if (B.frameLoop) queueFrame();
  };
  B.stop = () => { B.measuring = false; B.frameLoop = false; B.t1 = performance.now(); };
  B.read = () => {
    const t1 = B.t1 || performance.now();
    const inWin = (e) => e.start >= B.t0 && e.start < t1;
    const lt = B.entries.filter((e) => e.type === 'longtask' && inWin(e));
    const loaf = B.entries.filter((e) => e.type === 'long-animation-frame' && inWin(e));
    const sum = (a) => a.reduce((s, e) => s + e.duration, 0);
    const blame = {};
    for (const e of loaf) for (const x of e.scripts) blame[x.what] = (blame[x.what] || 0) + x.ms;
    const longFrameScripts = Object.entries(blame).sort((a, b) => b[1] - a[1]).slice(0, 5)
      .map(([what, ms]) => ({ what, ms: Math.round(ms) }));
    return {
      longFrameScripts,
      frames: B.frames, longTasks: lt.length, longTaskMs: sum(lt),
      longAnimationFrames: loaf.length, longAnimationFrameMs: sum(loaf),
      latency: B.latency, delivered: B.delivered, wallMs: t1 - B.t0,
      clockSkewMs: Date.now() - now(),
    };
  };
  window.__bench = B;
})();
`;
