// The precache manifest's shape, shared by the build step that writes it into sw.js
// (scripts/build/service-worker-plugin.ts) and the service worker that reads it (service-worker.ts).

/**
 * One file of the app to keep offline. `revision` is null for hashed files, whose name changes with them.
 * `shell`: kept when the worker installs (what an offline reload needs: index.html, the entry and all it
 * imports, its styles, the market worker, the texts); the rest is kept once the page is idle (or on use).
 */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
  shell: boolean;
}

/** What the page posts to the active worker once it is idle (src/shared/pwa/sw-update.ts): keep the rest now. */
export const PRECACHE_REST = 'PRECACHE_REST';

/** The string the build replaces with the manifest's JSON (quoted): a literal survives minification. */
export const MANIFEST_PLACEHOLDER = '__PK_PRECACHE_MANIFEST__';

/** The key a file is cached under: revisioned files carry their revision, so a new one never hits an old copy. */
export function cacheKeyOf(entry: PrecacheEntry): string {
  return entry.revision ? `${entry.url}?__rev=${entry.revision}` : entry.url;
}

/**
 * Paths the server answers with index.html (history-mode routing): outside /api/ and the operator console,
 * no dot in the last segment.
 */
export function isAppPagePath(pathname: string): boolean {
  if (isApiPath(pathname) || isConsolePath(pathname)) return false;
  return !pathname.slice(pathname.lastIndexOf('/') + 1).includes('.');
}

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** The operator console (/admin/, its API included): its own bundle, never answered by the app's worker. */
export function isConsolePath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}
