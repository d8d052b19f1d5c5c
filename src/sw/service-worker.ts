// The service worker (served as /sw.js): keeps the whole app — index.html, every route's lazy chunk, the
// styles, fonts, the market worker and the locale texts — in a cache, so that opening any screen without a
// connection shows that screen, not an empty page. Installing keeps only the shell (what an offline reload
// needs); the rest follows when the page says it is idle (PRECACHE_REST, not sent with Data Saver on), and
// any file of the app the page fetches before that is kept as it passes: a first visit on a slow link pays
// for its first screen, not for every screen at once. API calls and sockets are never touched (network
// only): prices, balances and orders must never come from a cache. A new release installs beside the
// running one and waits until the user taps "Reload" in the app (src/app/layout/update-banner.tsx).
import {
  MANIFEST_PLACEHOLDER,
  PRECACHE_REST,
  cacheKeyOf,
  isApiPath,
  isAppPagePath,
  isConsolePath,
  type PrecacheEntry,
} from './precache-manifest.ts';

const sw = self as unknown as ServiceWorkerGlobalScope;

/** One cache across releases: a hashed file already kept is not downloaded again by the next release. */
const CACHE = 'pk-trade-precache-v1';
const APP_SHELL = '/index.html';
/** Files fetched at once: enough to fill a 3G link, few enough not to starve the page. */
const PARALLEL_FETCHES = 4;
/** The rest is fetched while the user may be reading the first screen: fewer at a time. */
const PARALLEL_REST_FETCHES = 2;

// The build replaces the placeholder's string literal in sw.js with the manifest's JSON.
const MANIFEST = JSON.parse(MANIFEST_PLACEHOLDER) as PrecacheEntry[];
const KEY_OF_PATH = new Map(MANIFEST.map((e) => [e.url, cacheKeyOf(e)]));
const SHELL = MANIFEST.filter((e) => e.shell);
const REST = MANIFEST.filter((e) => !e.shell);

async function precache(entries: readonly PrecacheEntry[], parallel: number): Promise<void> {
  const cache = await caches.open(CACHE);
  const missing: PrecacheEntry[] = [];
  for (const entry of entries) if (!(await cache.match(cacheKeyOf(entry)))) missing.push(entry);
  let next = 0;
  const worker = async () => {
    for (let entry = missing[next++]; entry; entry = missing[next++]) {
      // Revisioned files (index.html, manifests) are revalidated; hashed ones may come from the HTTP cache.
      const res = await fetch(entry.url, { cache: entry.revision ? 'no-cache' : 'default' });
      if (!res.ok) throw new Error(`precache ${entry.url}: HTTP ${res.status}`);
      await cache.put(cacheKeyOf(entry), res);
    }
  };
  // While installing, any failure fails the install: a release without its shell never takes over; the
  // browser retries later. For the rest, what was kept stays kept and the next idle page asks again.
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** The rest of the app, once: a second request while the first runs joins it. */
let restRun: Promise<void> | null = null;
function precacheRest(): Promise<void> {
  restRun ??= precache(REST, PARALLEL_REST_FETCHES).finally(() => {
    restRun = null;
  });
  return restRun;
}

async function dropOldFiles(): Promise<void> {
  const wanted = new Set([...KEY_OF_PATH.values()].map((k) => new URL(k, sw.location.origin).href));
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request);
}

/** A file of the app: from the cache, else from the network, kept for next time (offline) as it passes. */
async function fromPrecache(path: string, request: Request): Promise<Response> {
  const key = KEY_OF_PATH.get(path);
  const cached = key ? await caches.match(key, { cacheName: CACHE }) : undefined;
  if (cached) return cached;
  const res = await fetch(request);
  // Hashed files only: a revisioned one (index.html) from the network may already be a newer release's.
  if (key === path && res.ok && res.type === 'basic') {
    const copy = res.clone(); // before the page reads the body
    void caches.open(CACHE).then((cache) => cache.put(key, copy));
  }
  return res;
}

sw.addEventListener('install', (event) => event.waitUntil(precache(SHELL, PARALLEL_FETCHES)));

sw.addEventListener('activate', (event) => {
  // The first install takes the open page at once, so it works offline without a reload.
  event.waitUntil(dropOldFiles().then(() => sw.clients.claim()));
});

sw.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'SKIP_WAITING') void sw.skipWaiting();
  // The page posts it to the active worker (sw-update.ts): a waiting release gets its turn once it takes over.
  else if (type === PRECACHE_REST) event.waitUntil(precacheRest().catch(() => undefined));
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || isApiPath(url.pathname) || isConsolePath(url.pathname)) return;
  if (request.mode === 'navigate' && isAppPagePath(url.pathname)) {
    // Every app route is index.html (history-mode routing); the router then loads the route's chunk.
    event.respondWith(fromPrecache(APP_SHELL, request));
  } else if (KEY_OF_PATH.has(url.pathname)) {
    event.respondWith(fromPrecache(url.pathname, request));
  }
});

// ---- alerts (h-alerts): Web Push of price alerts (contract/alerts.ts PushPayload). The server writes the
// title and body in the device's language; a tap focuses an open window of the app on the symbol's page, or
// opens one. A payload that is not ours still shows something rather than nothing (browsers require a
// notification for every push).
interface AlertPush {
  title: string;
  body: string;
  url: string;
  tag: string;
}

function alertPushOf(data: PushMessageData | null): AlertPush {
  try {
    const p = data?.json() as Partial<AlertPush> | undefined;
    if (p && typeof p.title === 'string' && typeof p.body === 'string')
      return {
        title: p.title,
        body: p.body,
        url: typeof p.url === 'string' && p.url.startsWith('/') ? p.url : '/',
        tag: typeof p.tag === 'string' ? p.tag : 'alert',
      };
  } catch {
    // not JSON: fall through
  }
  return { title: data?.text() ?? '', body: '', url: '/', tag: 'alert' };
}

sw.addEventListener('push', (event) => {
  const p = alertPushOf(event.data);
  event.waitUntil(
    sw.registration.showNotification(p.title, {
      body: p.body,
      tag: p.tag,
      icon: '/icons/icon-192.png',
      data: { url: p.url },
    }),
  );
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/';
  event.waitUntil(
    (async () => {
      const target = new URL(url, sw.location.origin).href;
      const wins = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const w of wins) {
        if ('focus' in w) {
          await w.focus();
          await w.navigate(target).catch(() => undefined);
          return;
        }
      }
      await sw.clients.openWindow(target);
    })(),
  );
});
