// Market worker entry: builds the service with the real socket (partysocket) and fetch, and exposes it to
// the app with comlink. Batches cross with their Float64Array buffers transferred, not copied.
import { expose, transfer } from 'comlink';
import type { CellFont, MarketApi } from '../protocol/market-api.ts';
import { MarketService } from './market-service.ts';
import { partySocketFactory } from './sources/socket.ts';
import { batchTransfers } from './state/batch.ts';

/** Font faces already added to this worker's FontFaceSet, by URL. */
const loaded = new Map<string, Promise<FontFace>>();

/** Painted cells draw with the page's web fonts (the Urdu volume label): a worker has its own FontFaceSet. */
function loadFonts(fonts: CellFont[]): Promise<unknown> {
  return Promise.all(
    fonts.map((f) => {
      let p = loaded.get(f.url);
      if (!p) {
        const face = new FontFace(f.family, `url(${f.url})`, {
          weight: f.weight,
          unicodeRange: f.unicodeRange,
        });
        (self.fonts as FontFaceSet & Set<FontFace>).add(face);
        p = face.load();
        loaded.set(f.url, p);
      }
      return p;
    }),
  );
}

const service = new MarketService({
  socketFactory: partySocketFactory(),
  fetch: (url, init) => fetch(url, init),
  now: () => Date.now(),
  deliver: (listener, batch) => listener(transfer(batch, batchTransfers(batch))),
  loadFonts,
  frame: (cb) => requestAnimationFrame(() => cb()),
  preciseNow: () => performance.timeOrigin + performance.now(),
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
  attachCell: (id, canvas, symbol, layout) => service.attachCell(id, canvas, symbol, layout),
  relayoutCell: (id, layout) => service.relayoutCell(id, layout),
  detachCell: (id) => service.detachCell(id),
  setCellTheme: (theme, fonts) => service.setCellTheme(theme, fonts),
  takePaintSamples: () => service.takePaintSamples(),
};

expose(api);
