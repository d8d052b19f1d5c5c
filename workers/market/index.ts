// Market worker entry: builds the service with the real socket (partysocket) and fetch, and exposes it to
// the app with comlink. Batches cross with their Float64Array buffers transferred, not copied.
import { expose, transfer } from 'comlink';
import type { MarketApi } from '../protocol/market-api.ts';
import { MarketService } from './market-service.ts';
import { partySocketFactory } from './sources/socket.ts';
import { batchTransfers } from './state/batch.ts';

const service = new MarketService({
  socketFactory: partySocketFactory(),
  fetch: (url, init) => fetch(url, init),
  now: () => Date.now(),
  deliver: (listener, batch) => listener(transfer(batch, batchTransfers(batch))),
});

const api: MarketApi = {
  init: (opts) => service.init(opts),
  onBatch: (listener) => service.onBatch(listener),
  subscribe: (keys) => service.subscribe(keys),
  unsubscribe: (keys) => service.unsubscribe(keys),
  setHidden: (hidden) => service.setHidden(hidden),
  status: () => service.status(),
  loadOlderCandles: (symbol, interval, bars) => service.loadOlderCandles(symbol, interval, bars),
  setPositions: (accountKey, positions) => service.setPositions(accountKey, positions),
  upsertPositions: (accountKey, positions) => service.upsertPositions(accountKey, positions),
  removePosition: (accountKey, symbol) => service.removePosition(accountKey, symbol),
};

expose(api);
