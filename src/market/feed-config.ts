// Where the market worker reads from: the API base of src/shared/api, and the WebSocket on the same host
// (ws/wss by the page's protocol) at /api/ws — unless a dev or bench run points the feed elsewhere:
//   ?feed=ws://127.0.0.1:9001/   or   VITE_FEED_URL=ws://…   use that socket;
//   ?feed=poll                   no socket at all (exercise the polling fallback).
import type { WorkerInitOptions } from '../../workers/protocol/worker-api.ts';
import { WS_PATH } from '../../workers/protocol/market.ts';
import { currentApiBase } from '../shared/api/api-base.ts';
import { storage } from '../shared/storage/storage.ts';

/** The socket URL next to an API base (absolute or same-origin), on the page's scheme. */
export function wsUrlFor(apiBase: string, pageHref: string): string {
  const api = new URL(apiBase, pageHref);
  const page = new URL(pageHref);
  const url = new URL(WS_PATH, api);
  url.protocol = page.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** The override from the query string or the build, if any: a URL, null for "no socket", undefined for none. */
export function feedOverride(search: string, buildValue: unknown): string | null | undefined {
  const fromQuery = new URLSearchParams(search).get('feed');
  const raw = (fromQuery ?? (typeof buildValue === 'string' ? buildValue : '')).trim();
  if (!raw) return undefined;
  if (raw === 'poll' || raw === 'off') return null;
  return /^wss?:\/\//.test(raw) ? raw : undefined;
}

export function marketInitOptions(): WorkerInitOptions {
  const href = globalThis.location?.href ?? 'http://localhost/';
  const apiBase = new URL(currentApiBase(), href).href;
  const override = feedOverride(globalThis.location?.search ?? '', import.meta.env.VITE_FEED_URL);
  return {
    apiBase,
    wsUrl: override === undefined ? wsUrlFor(apiBase, href) : override,
    lang: storage.get('lang'),
    online: globalThis.navigator?.onLine ?? true,
  };
}
