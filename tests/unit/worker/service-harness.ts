// Builds the worker's feeds (workers/market/worker.ts) on fake timers, a fake socket and a fake REST server, and decodes what it posts.
import { vi } from 'vitest';
import type { Ticker } from '../../../workers/protocol/market.ts';
import type { WorkerApi, WorkerBatch, WorkerInitOptions } from '../../../workers/protocol/worker-api.ts';
import {
  createTickerReceiver,
  unpackTickers,
  type TickerRow,
} from '../../../workers/protocol/ticker-batch.ts';
import type { FeedDeps } from '../../../workers/market/host/feed.ts';
import * as accountFeedModule from '../../../workers/market/feeds/account/account-feed.ts';
import { createMarketWorker, type MarketWorker } from '../../../workers/market/worker.ts';
import { FakeRest, fakeSocketFactory, ticker } from './fakes.ts';

export interface Harness {
  /** The API the app sees. */
  service: WorkerApi;
  /** The feeds behind it (state a test inspects or drives directly). */
  worker: MarketWorker;
  rest: FakeRest;
  socket: ReturnType<typeof fakeSocketFactory>['socket'];
  accountSocket: ReturnType<typeof fakeSocketFactory>['accountSocket'];
  batches: WorkerBatch[];
  /** Ticker rows decoded from every batch so far, in order. */
  rows(): TickerRow[];
  advance(ms: number): Promise<void>;
}

/** The fake exchange's current PSX tickers (tests mutate it to move prices for the poller). */
export function psxBoard(): Map<string, Ticker> {
  return new Map(['AAA', 'BBB', 'CCC'].map((s, i) => [s, ticker(s, `${100 + i}.00`, 1000)]));
}

export function createHarness(
  board = psxBoard(),
  opts: Partial<WorkerInitOptions> = {},
  routes: ConstructorParameters<typeof FakeRest>[0] = {},
  deps: Partial<Pick<FeedDeps, 'portfolioStore'>> = {},
): Harness {
  vi.useFakeTimers({ now: 1_000_000 });
  const sock = fakeSocketFactory();
  const rest = new FakeRest({
    'stock/list': () => ({
      list: [...board.values()].map((t) => ({ symbol: t.s, ticker: t })),
      total: board.size,
      page: 1,
      size: 200,
    }),
    'stock/index/indices/list': () => [],
    'coin/tickers': () => [],
    ...routes,
  });
  // The account feed handed over at once (the worker loads it when first needed): the tests drive it directly.
  const worker = createMarketWorker(
    {
      socketFactory: sock.factory,
      fetch: rest.fetch,
      now: () => Date.now(),
      ...deps,
    },
    accountFeedModule,
  );
  const service = worker.api;
  const batches: WorkerBatch[] = [];
  service.onBatch((b) => void batches.push(b));
  // The tests step time in frames and slow flushes: a one-frame ticker flush and positions on the 100 ms
  // clock (the defaults are 50 and 200 ms, see feeds/market/market-feed.ts and feeds/account/account-feed.ts).
  service.init({
    apiBase: 'http://test/api/',
    wsUrl: 'ws://test/api/ws',
    tickerFlushMs: 16,
    positionsFlushMs: 100,
    ...opts,
  });
  const receiver = createTickerReceiver();
  let decoded = 0;
  const rowsSoFar: TickerRow[] = [];
  return {
    service,
    worker,
    rest,
    socket: sock.socket,
    accountSocket: sock.accountSocket,
    batches,
    rows() {
      for (; decoded < batches.length; decoded++) {
        const tk = batches[decoded]!.tickers;
        if (tk) rowsSoFar.push(...unpackTickers(receiver, tk));
      }
      return rowsSoFar;
    },
    advance: (ms) => vi.advanceTimersByTimeAsync(ms).then(() => undefined),
  };
}
