// BENCH PROBE for bench/browser/stream.bench-run.ts — inert unless the page URL asks for it:
//   ?baseline=1     the market port is the naive main-thread baseline (src/market/baseline/) instead of the worker;
//   ?bench=1        each ticker the bridge applies marks its feed time for the tick-to-paint measurement
//                   (into the page probe `window.__bench` that the bench runner installs);
//   ?benchBook=SYM  keep SYM's book subscribed, so the scenario's one book streams while Markets is shown.
// The bridge calls benchPort() where it picks its port; nothing else in the app knows about the bench.
import { bookKey } from '../../workers/protocol/market-api.ts';
import { TICKER_STRIDE, TK_TS } from '../../workers/protocol/ticker-batch.ts';
import { appStore } from '../shared/state/jotai.ts';
import { createNaivePort } from './baseline/naive-port.ts';
import type { MarketPort } from './bridge.ts';

interface PageProbe {
  mark(feedTime: number): void;
  count(updates: number): void;
}

function withBook(port: MarketPort, symbol: string | null): MarketPort {
  if (!symbol) return port;
  return {
    ...port,
    init(opts) {
      const r = port.init(opts);
      void port.subscribe([bookKey(symbol)]);
      return r;
    },
  };
}

/** The port the bridge should use: the worker's (`start()`), unless this is a bench page. */
export function benchPort(start: () => MarketPort): MarketPort {
  const q = new URLSearchParams(globalThis.location?.search ?? '');
  const probe = (globalThis as { __bench?: PageProbe }).__bench;
  const book = q.get('benchBook');
  if (q.get('baseline') === '1') {
    return withBook(
      createNaivePort(appStore, { delivered: (n) => probe?.count(n), shown: (t) => probe?.mark(t) }),
      book,
    );
  }
  const port = start();
  if (q.get('bench') !== '1' || !probe) return port;
  return withBook(
    {
      ...port,
      onBatch: (listener) =>
        port.onBatch((batch) => {
          listener(batch);
          // The worker sends tickers of subscribed (on-screen) symbols only: each row here is one a row shows.
          const t = batch.tickers;
          if (t) for (let r = 0; r < t.count; r++) probe.mark(t.data[r * TICKER_STRIDE + TK_TS]!);
        }),
    },
    book,
  );
}
