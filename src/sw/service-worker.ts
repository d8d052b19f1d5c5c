// The service worker (served as /sw.js): keeps the whole app — index.html, every route's lazy chunk, the
// styles, fonts, the market worker and the bundled locale texts — in a cache, so that opening any screen
// without a connection shows that screen, not an empty page. API calls and sockets are never touched
// (network only): prices, balances and orders must never come from a cache. A new release installs beside
// the running one and waits until the user taps "Reload" in the app (src/app/layout/update-banner.tsx).
import {
  MANIFEST_PLACEHOLDER,
  cacheKeyOf,
  isApiPath,
  isAppPagePath,
  type PrecacheEntry,
} from './precache-manifest.ts';

const sw = self as unknown as ServiceWorkerGlobalScope;

/** One cache across releases: a hashed file already kept is not downloaded again by the next release. */
const CACHE = 'pk-trade-precache-v1';
const APP_SHELL = '/index.html';
/** Files fetched at once while installing: enough to fill a 3G link, few enough not to starve the page. */
const PARALLEL_FETCHES = 4;

// The build replaces the placeholder's string literal in sw.js with the manifest's JSON.
const MANIFEST = JSON.parse(MANIFEST_PLACEHOLDER) as PrecacheEntry[];
const KEY_OF_PATH = new Map(MANIFEST.map((e) => [e.url, cacheKeyOf(e)]));

async function precache(): Promise<void> {
  const cache = await caches.open(CACHE);
  const missing: PrecacheEntry[] = [];
  for (const entry of MANIFEST) if (!(await cache.match(cacheKeyOf(entry)))) missing.push(entry);
  let next = 0;
  const worker = async () => {
    for (let entry = missing[next++]; entry; entry = missing[next++]) {
      // Revisioned files (index.html, manifests) are revalidated; hashed ones may come from the HTTP cache.
      const res = await fetch(entry.url, { cache: entry.revision ? 'no-cache' : 'default' });
      if (!res.ok) throw new Error(`precache ${entry.url}: HTTP ${res.status}`);
      await cache.put(cacheKeyOf(entry), res);
    }
  };
  // Any failure fails the install: a half-filled release never takes over; the browser retries later.
  await Promise.all(Array.from({ length: PARALLEL_FETCHES }, worker));
}

async function dropOldFiles(): Promise<void> {
  const wanted = new Set([...KEY_OF_PATH.values()].map((k) => new URL(k, sw.location.origin).href));
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request);
}

async function fromPrecache(path: string, request: Request): Promise<Response> {
  const key = KEY_OF_PATH.get(path);
  const cached = key ? await caches.match(key, { cacheName: CACHE }) : undefined;
  return cached ?? fetch(request);
}

sw.addEventListener('install', (event) => event.waitUntil(precache()));

sw.addEventListener('activate', (event) => {
  // The first install takes the open page at once, so it works offline without a reload.
  event.waitUntil(dropOldFiles().then(() => sw.clients.claim()));
});

sw.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || isApiPath(url.pathname)) return;
  if (request.mode === 'navigate' && isAppPagePath(url.pathname)) {
    // Every app route is index.html (history-mode routing); the router then loads the route's chunk.
    event.respondWith(fromPrecache(APP_SHELL, request));
  } else if (KEY_OF_PATH.has(url.pathname)) {
    event.respondWith(fromPrecache(url.pathname, request));
  }
});
