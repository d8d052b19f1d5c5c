// Market worker entry: builds the feeds (worker.ts) with the real sockets (partysocket) and fetch, and exposes
// their API to the app with comlink. Batches cross with their Float64Array buffers transferred, not copied.
import { expose, transfer } from 'comlink';
import type { CellFont } from '../protocol/market-api.ts';
import { IdbPortfolioStore } from './offline/idb-portfolio-store.ts';
import { partySocketFactory } from './sources/socket.ts';
import { batchTransfers } from './state/batch.ts';
import { createMarketWorker } from './worker.ts';

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

const { api } = createMarketWorker({
  socketFactory: partySocketFactory(),
  fetch: (url, init) => fetch(url, init),
  now: () => Date.now(),
  deliver: (listener, batch) => listener(transfer(batch, batchTransfers(batch))),
  loadFonts,
  frame: (cb) => requestAnimationFrame(() => cb()),
  preciseNow: () => performance.timeOrigin + performance.now(),
  ...(typeof indexedDB === 'undefined' ? {} : { portfolioStore: new IdbPortfolioStore() }),
});

// The worker hears the network change itself too (the page forwards its own events: whichever comes first).
self.addEventListener('online', () => api.setOnline(true));
self.addEventListener('offline', () => api.setOnline(false));

expose(api);
