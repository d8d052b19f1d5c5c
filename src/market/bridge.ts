// The one door from the app to the market worker: starts it once, wraps it with comlink, feeds its batches
// into the store, forwards visibility (a page going away counts as hidden: the worker saves the portfolio),
// the device's online/offline events and reference-counted interest. Nothing else in src/ touches the worker.
import { proxy, wrap } from 'comlink';
import type {
  BatchListener,
  InterestKey,
  WorkerApi,
  WorkerInitOptions,
} from '../../workers/protocol/worker-api.ts';
import { appStore } from '../shared/state/jotai.ts';
import { createBatchApplier } from './apply-batch.ts';
import {
  bookAtomFamily,
  candlesAtomFamily,
  EMPTY_CANDLES,
  EMPTY_INDICATOR,
  indicatorAtomFamily,
  tradesAtomFamily,
} from './atoms.ts';
import { deviceOnlineAtom } from './connectivity.ts';
import { marketInitOptions } from './feed-config.ts';
import { InterestCounter } from './interest.ts';
import type { MarketPort, MarketStore } from './market-port.ts';

export interface MarketBridge {
  port: MarketPort;
  interest: InterestCounter;
}

/** A released chart channel shows nothing stale when it is opened again. */
function clearReleased(store: MarketStore, keys: readonly InterestKey[]): void {
  for (const k of keys) {
    const [kind, symbol = '', interval, name] = k.split(':');
    if (kind === 'book') store.set(bookAtomFamily(symbol), null);
    else if (kind === 'trades') store.set(tradesAtomFamily(symbol), null);
    else if (kind === 'candles') store.set(candlesAtomFamily(`${symbol}:${interval}`), EMPTY_CANDLES);
    else if (kind === 'indicator')
      store.set(indicatorAtomFamily(`${symbol}:${interval}:${name}`), EMPTY_INDICATOR);
  }
}

export function createBridge(
  port: MarketPort,
  opts: WorkerInitOptions,
  store: MarketStore = appStore,
  doc: Pick<Document, 'hidden' | 'addEventListener'> | null = globalThis.document ?? null,
  win: Pick<Window, 'addEventListener'> | null = globalThis.window ?? null,
): MarketBridge {
  const listen = (): void => {
    // The worker calls this through comlink; an exception here must not reject back into the worker.
    const apply = createBatchApplier(store, listen);
    const safe: BatchListener = (batch) => {
      try {
        apply(batch);
      } catch (err) {
        console.error('market batch', err);
      }
    };
    void port.onBatch(safe);
  };
  void port.init(opts);
  listen();
  const interest = new InterestCounter((sub, unsub) => {
    if (sub.length) void port.subscribe(sub);
    if (unsub.length) {
      void port.unsubscribe(unsub);
      clearReleased(store, unsub);
    }
  });
  if (doc) {
    if (doc.hidden) void port.setHidden(true);
    doc.addEventListener('visibilitychange', () => void port.setHidden(doc.hidden));
  }
  if (win) {
    // pagehide without a visibilitychange first (some mobile browsers): the worker saves what it holds now.
    win.addEventListener('pagehide', () => void port.setHidden(true));
    const network = (online: boolean) => () => {
      store.set(deviceOnlineAtom, online);
      void port.setOnline?.(online);
    };
    win.addEventListener('online', network(true));
    win.addEventListener('offline', network(false));
  }
  return { port, interest };
}

let bridge: MarketBridge | null = null;

/** The worker behind comlink as a MarketPort (the listener crosses as a proxy; batches come transferred). */
function startWorker(): MarketPort {
  const worker = new Worker(new URL('../../workers/market/index.ts', import.meta.url), {
    type: 'module',
    name: 'market',
  });
  const remote = wrap<WorkerApi>(worker);
  return {
    init: (o) => remote.init(o),
    onBatch: (listener) => remote.onBatch(proxy(listener)),
    subscribe: (keys) => remote.subscribe(keys),
    unsubscribe: (keys) => remote.unsubscribe(keys),
    setHidden: (hidden) => remote.setHidden(hidden),
    setOnline: (online) => remote.setOnline(online),
    status: () => remote.status(),
    loadOlderCandles: (symbol, interval, bars) => remote.loadOlderCandles(symbol, interval, bars),
    setAccount: (session) => remote.setAccount(session),
    setWatchlist: (accountKey, watchlist) => remote.setWatchlist(accountKey, watchlist),
    setContractPositions: (accountKey, positions) => remote.setContractPositions(accountKey, positions),
    // The canvas arrives wrapped in comlink.transfer by cells.ts, so it moves instead of being cloned.
    attachCell: (id, canvas, symbol, layout) => remote.attachCell(id, canvas, symbol, layout),
    relayoutCell: (id, layout) => remote.relayoutCell(id, layout),
    retargetCell: (id, symbol) => remote.retargetCell(id, symbol),
    detachCell: (id) => remote.detachCell(id),
    setCellTheme: (theme, fonts) => remote.setCellTheme(theme, fonts),
    takePaintSamples: () => remote.takePaintSamples(),
  };
}

/** Where the bridge's port comes from: the worker, unless the page's entry installed another source. */
type PortSource = (startWorker: () => MarketPort) => MarketPort;
let portSource: PortSource = (start) => start();

/**
 * Lets another entry wrap or replace the worker's port before the bridge starts (the bench build, bench/app/,
 * measures through it and swaps in its main-thread baseline). The app's own entry never calls it, so the
 * production bundle holds no bench code and no URL parameter can change how market data flows.
 */
export function setMarketPortSource(source: PortSource): void {
  if (bridge) throw new Error('setMarketPortSource: the market bridge has already started');
  portSource = source;
}

/** The app's bridge, starting the worker on first use. */
export function marketBridge(): MarketBridge {
  bridge ??= createBridge(portSource(startWorker), marketInitOptions());
  return bridge;
}

/** Tests (and a future non-worker host) install their own bridge. */
export function setMarketBridge(b: MarketBridge | null): void {
  bridge = b;
}
