// The bench build's market port (bench/app/main.tsx installs it with setMarketPortSource; the app's own build
// has no such code): for bench/browser/*.bench-run.ts, inert unless the page URL asks for it:
//   ?baseline=1     the market port is the naive main-thread baseline (naive-port.ts) instead of the worker;
//   ?bench=1        each ticker the bridge applies marks its feed time for the tick-to-paint measurement
//                   (into the page probe `window.__bench` that the bench runner installs), and the worker
//                   measures the rows it paints itself (samples fetched every SAMPLES_MS);
//   ?benchBook=SYM  keep SYM's book subscribed, so the scenario's one book streams while Markets is shown;
//   ?benchFlushMs=N the worker's ticker flush period (an experiment knob: what a slower row cadence saves).
import { bookKey } from '../../workers/protocol/market-api.ts';
import { TICKER_STRIDE, TK_TS } from '../../workers/protocol/ticker-batch.ts';
import type { MarketPort } from '../../src/market/market-port.ts';
import { appStore } from '../../src/shared/state/jotai.ts';
import { createNaivePort } from './naive-port.ts';

interface PageProbe {
  mark(feedTime: number): void;
  count(updates: number): void;
  samples(ms: number[]): void;
}

/** How often the painted cells' tick-to-paint samples are fetched from the worker. */
const SAMPLES_MS = 250;

function withBench(port: MarketPort, q: URLSearchParams): MarketPort {
  const symbol = q.get('benchBook');
  const flushMs = Number(q.get('benchFlushMs'));
  return {
    ...port,
    init(opts) {
      const r = port.init(flushMs > 0 ? { ...opts, tickerFlushMs: flushMs } : opts);
      if (symbol) void port.subscribe([bookKey(symbol)]);
      return r;
    },
  };
}

/** The port the bridge should use: the worker's (`start()`), unless this is a bench page. */
export function benchPort(start: () => MarketPort): MarketPort {
  const q = new URLSearchParams(globalThis.location?.search ?? '');
  const probe = (globalThis as { __bench?: PageProbe }).__bench;
  if (q.get('baseline') === '1') {
    return withBench(
      createNaivePort(appStore, { delivered: (n) => probe?.count(n), shown: (t) => probe?.mark(t) }),
      q,
    );
  }
  const port = start();
  if (q.get('bench') !== '1' || !probe) return port;
  // Rows the worker paints never reach this thread: their tick-to-paint is measured in the worker.
  setInterval(() => {
    void Promise.resolve(port.takePaintSamples?.()).then((s) => s?.length && probe.samples(s));
  }, SAMPLES_MS);
  return withBench(
    {
      ...port,
      init: (opts) => port.init({ ...opts, benchPaint: true }),
      onBatch: (listener) =>
        port.onBatch((batch) => {
          listener(batch);
          // The worker sends tickers of subscribed (on-screen) symbols only: each row here is one a row shows.
          const t = batch.tickers;
          if (t) for (let r = 0; r < t.count; r++) probe.mark(t.data[r * TICKER_STRIDE + TK_TS]!);
        }),
    },
    q,
  );
}
