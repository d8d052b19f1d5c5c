// The private WebSocket channel `account` (workers/protocol/trade.ts): a snapshot of open orders, positions and
// assets, then one delta per order change (placed, filled, cancelled). Reconnects with back-off; the caller
// polls while it is down. Carries the access token in the subscribe message, never in the URL.
import {
  ACCOUNT_CHANNEL,
  ACCOUNT_WS_PATH,
  type AccountDelta,
  type AccountSnap,
} from '../../../workers/protocol/trade.ts';
import { currentApiBase } from '../../shared/api/api-base.ts';

export interface AccountSocketHandlers {
  onSnap(snap: AccountSnap): void;
  onDelta(delta: AccountDelta): void;
  /** true once a snapshot arrived on the current connection, false when it drops or is refused */
  onLive(live: boolean): void;
}

const MAX_BACKOFF_MS = 15_000;

/** The channel's URL next to the API base, on the page's scheme. */
export function accountSocketUrl(apiBase: string, pageHref: string): string {
  const url = new URL(ACCOUNT_WS_PATH, new URL(apiBase, pageHref));
  url.protocol = new URL(pageHref).protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** Opens the channel for `token`; returns the close function. */
export function openAccountSocket(token: string, h: AccountSocketHandlers): () => void {
  let ws: WebSocket | null = null;
  let closed = false;
  let backoff = 1000;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    if (closed || typeof WebSocket === 'undefined') return;
    const url = accountSocketUrl(currentApiBase(), globalThis.location.href);
    const sock = new WebSocket(url);
    ws = sock;
    sock.onopen = () => sock.send(JSON.stringify({ op: 'sub', ch: [ACCOUNT_CHANNEL], token }));
    sock.onmessage = (e) => {
      let msg: { op?: string; ch?: string; data?: unknown };
      try {
        msg = JSON.parse(String(e.data)) as typeof msg;
      } catch {
        return;
      }
      if (msg.ch !== ACCOUNT_CHANNEL) return;
      if (msg.op === 'snap') {
        backoff = 1000;
        h.onSnap(msg.data as AccountSnap);
        h.onLive(true);
      } else if (msg.op === 'delta') h.onDelta(msg.data as AccountDelta);
      else if (msg.op === 'err') sock.close();
    };
    sock.onclose = () => {
      if (ws !== sock) return;
      ws = null;
      h.onLive(false);
      if (closed) return;
      retry = setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    };
  };
  connect();
  return () => {
    closed = true;
    clearTimeout(retry);
    const s = ws;
    ws = null;
    s?.close();
  };
}
