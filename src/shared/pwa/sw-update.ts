// Registers the service worker (production builds only) and tells the app when a new release is installed and
// waiting, so the update banner can offer "Reload". The waiting worker takes over only when the user says so:
// a trader mid-order must never have the page swapped under them.
import { useSyncExternalStore } from 'react';
import { ensureAllTexts } from '../i18n/i18n.ts';

const SW_URL = '/sw.js';
/** Besides the browser's own check on each navigation, look for a release when the app returns to the front. */
const RECHECK_AFTER_MS = 60 * 60_000;
/** How long after the worker is ready before the rest of the app is fetched (the first screen's data first). */
const REST_AFTER_MS = 5_000;

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null): void {
  const notify = () => {
    waiting = worker;
    for (const l of listeners) l();
  };
  // The banner's words are not among the first screens' texts: fetched first (shown anyway if that fails).
  if (worker)
    void ensureAllTexts()
      .catch(() => undefined)
      .finally(notify);
  else notify();
}

function watch(reg: ServiceWorkerRegistration): void {
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

/** Registers /sw.js once the page has loaded, so its downloads never compete with the first screen. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    // updateViaCache 'none': the browser asks the server for sw.js itself, never its HTTP cache.
    navigator.serviceWorker
      .register(SW_URL, { scope: '/', updateViaCache: 'none' })
      .then(watch)
      .then(precacheRestWhenIdle)
      .catch((err: unknown) => console.warn('service worker not registered', err));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Lets the waiting release take over, then reloads the page into it. */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** Hides the banner until the next release (or the next start of the app). */
export function dismissUpdate(): void {
  setWaiting(null);
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** true while a new release is installed and waiting for the user. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => waiting !== null,
    () => false,
  );
}
