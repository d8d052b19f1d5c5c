// Registers the service worker and watches it for a new release (reported through `report`, sw-update.ts's
// state), and asks it to keep the rest of the app once the page is idle. Loaded by sw-update.ts once the page
// has loaded, as a chunk of its own: the first screen does not carry it.

const SW_URL = '/sw.js';
/** Besides the browser's own check on each navigation, look for a release when the app returns to the front. */
const RECHECK_AFTER_MS = 60 * 60_000;
/** How long after the worker is ready before the rest of the app is fetched (the first screen's data first). */
const REST_AFTER_MS = 5_000;

type Report = (worker: ServiceWorker | null) => void;

function watch(reg: ServiceWorkerRegistration, setWaiting: Report): void {
  // A release that finished installing while no tab took it (e.g. found on the last visit).
  if (reg.waiting && navigator.serviceWorker.controller) setWaiting(reg.waiting);
  reg.addEventListener('updatefound', () => {
    const next = reg.installing;
    next?.addEventListener('statechange', () => {
      // Without a controller this is the first install: nothing to replace, nothing to offer.
      if (next.state === 'installed' && navigator.serviceWorker.controller) setWaiting(next);
    });
  });
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < RECHECK_AFTER_MS) return;
    lastCheck = Date.now();
    reg.update().catch(() => undefined); // offline: try again next time
  });
}

/**
 * Once the page is idle, asks the active worker to keep the rest of the app (every other screen, the fonts)
 * for offline use; not with Data Saver on, where screens are kept as they are opened.
 */
function precacheRestWhenIdle(): void {
  const saveData = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;
  if (saveData) return;
  void navigator.serviceWorker.ready.then((reg) => {
    setTimeout(() => {
      // The worker's message, as SKIP_WAITING below (src/sw/service-worker.ts).
      const ask = () => reg.active?.postMessage({ type: 'PRECACHE_REST' });
      if ('requestIdleCallback' in window) requestIdleCallback(ask, { timeout: 10_000 });
      else ask();
    }, REST_AFTER_MS);
  });
}

/** Registers /sw.js now; a release that installs and waits is reported to `setWaiting`. */
export function register(setWaiting: Report): void {
  // updateViaCache 'none': the browser asks the server for sw.js itself, never its HTTP cache.
  navigator.serviceWorker
    .register(SW_URL, { scope: '/', updateViaCache: 'none' })
    .then((reg) => watch(reg, setWaiting))
    .then(precacheRestWhenIdle)
    .catch((err: unknown) => console.warn('service worker not registered', err));
}
