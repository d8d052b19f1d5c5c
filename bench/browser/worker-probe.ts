// The worker side of the streaming bench's measurements, kept out of the app: the market worker is started
// through a wrapper (page init script) whose WebSocket counts the ticker updates it receives, and the worker's
// JS heap is read over CDP (auto-attach to the page's dedicated workers).
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

// Runs first in the worker: a WebSocket subclass that counts every ticker of every `tickers:*` delta before
// the app's own listener sees the frame. Counting `{"s":"` is exact for the feed's frames and costs ~µs.
const WORKER_COUNTER_PATCH = String.raw`
(() => {
  const Base = self.WebSocket;
  if (!Base || self.__benchCounts) return;
  const C = (self.__benchCounts = { updates: 0, frames: 0 });
  const DELTA = '{"op":"delta","ch":"tickers:';
  class CountingWebSocket extends Base {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (e) => {
        const d = e.data;
        if (typeof d !== 'string' || !d.startsWith(DELTA)) return;
        C.frames++;
        let i = d.indexOf('{"s":"');
        while (i !== -1) {
          C.updates++;
          i = d.indexOf('{"s":"', i + 6);
        }
      });
    }
  }
  self.WebSocket = CountingWebSocket;
})();
`;

/**
 * Page init script: module workers the page starts are started from a blob module that applies the counter
 * patch and then imports the real script, unchanged (its own URL, so its chunks and import.meta.url hold).
 * (Rewriting the script through a Playwright route instead leaves the worker unable to open WebSockets.)
 */
export const WORKER_WRAP_SCRIPT = `
(() => {
  const Native = window.Worker;
  if (!Native || Native.__benchWrapped) return;
  const PATCH = ${JSON.stringify(WORKER_COUNTER_PATCH)};
  function BenchWorker(url, opts) {
    if (!opts || opts.type !== 'module') return new Native(url, opts);
    const real = new URL(String(url), location.href).href;
    const src = PATCH + '\\nimport ' + JSON.stringify(real) + ';\\n';
    return new Native(URL.createObjectURL(new Blob([src], { type: 'text/javascript' })), opts);
  }
  BenchWorker.prototype = Native.prototype;
  BenchWorker.__benchWrapped = true;
  window.Worker = BenchWorker;
})();
`;

/** Installs the counting wrapper for every module worker of the context's pages. */
export async function installWorkerCounter(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript(WORKER_WRAP_SCRIPT);
}

/** Cumulative ticker updates received by the page's workers' sockets (0 when there is no patched worker). */
export async function workerDelivered(page: Page): Promise<number> {
  let total = 0;
  for (const w of page.workers()) {
    total += await w.evaluate(
      () => (self as unknown as { __benchCounts?: { updates: number } }).__benchCounts?.updates ?? 0,
    );
  }
  return total;
}

/**
 * Reads the JS heap of the page's dedicated workers: auto-attach (non-flat sessions, so Playwright's own
 * sessions are untouched) and `Runtime.getHeapUsage` through `Target.sendMessageToTarget`.
 */
export async function workerHeapReader(cdp: CDPSession): Promise<() => Promise<number>> {
  const sessions = new Set<string>();
  const pending = new Map<number, (usedSize: number) => void>();
  let nextId = 1;
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type === 'worker') sessions.add(e.sessionId);
  });
  cdp.on('Target.detachedFromTarget', (e) => {
    if (e.sessionId) sessions.delete(e.sessionId);
  });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const msg = JSON.parse(e.message) as { id?: number; result?: { usedSize?: number } };
    const done = msg.id === undefined ? undefined : pending.get(msg.id);
    if (done && msg.id !== undefined) {
      pending.delete(msg.id);
      done(msg.result?.usedSize ?? 0);
    }
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  return async () => {
    let total = 0;
    for (const sessionId of sessions) {
      const id = nextId++;
      total += await new Promise<number>((resolve) => {
        const timer = setTimeout(() => resolve(0), 2000);
        pending.set(id, (v) => {
          clearTimeout(timer);
          resolve(v);
        });
        void cdp.send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }),
        });
      });
    }
    return total;
  };
}
