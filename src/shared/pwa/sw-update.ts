// Registers the service worker (production builds only) and tells the app when a new release is installed and
// waiting, so the update banner can offer "Reload". The waiting worker takes over only when the user says so:
// a trader mid-order must never have the page swapped under them.
import { useSyncExternalStore } from 'react';
import { ensureAllTexts } from '../i18n/i18n.ts';

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

/**
 * Registers /sw.js once the page has loaded, so its downloads never compete with the first screen. The
 * registration code (sw-register.ts) is a chunk of its own, fetched then: the first screen does not carry it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    import('./sw-register.ts').then(
      (m) => m.register(setWaiting),
      (err: unknown) => console.warn('service worker not registered', err),
    );
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
