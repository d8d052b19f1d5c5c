// The market and account sockets behind a small interface: a reconnecting WebSocket with back-off in the app,
// a fake in tests. Events only; the feed decides what open and close mean.
import type { AccountClientFrame } from '../../../contract/ws.ts';
import type { ClientMessage } from '../../protocol/market.ts';
import { jitterDraw } from './jitter.ts';

export type SocketEvent = { type: 'open' } | { type: 'close' } | { type: 'message'; data: string };

export interface FeedSocket {
  readonly isOpen: boolean;
  /** Sends now when open; dropped otherwise (the feed resubscribes everything on the next open). */
  send(msg: ClientMessage | AccountClientFrame): void;
  /** Drops the connection and dials again (a silent link that still looks open). */
  reconnect(): void;
  close(): void;
}

export type SocketFactory = (url: string, emit: (e: SocketEvent) => void) => FeedSocket;

export interface PartySocketOptions {
  /** A WebSocket constructor (tests in Node pass `ws`). */
  WebSocket?: unknown;
  /** Back-off ceiling between reconnect attempts (default 8 s). */
  maxReconnectionDelay?: number;
}

type WsLike = {
  readonly readyState: number;
  onopen: (() => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
  onmessage: ((e: { data: unknown }) => void) | null;
  send(data: string): void;
  close(): void;
};
type WsCtor = new (url: string) => WsLike;
const OPEN = 1;
const ignore = () => {};

/**
 * A reconnecting WebSocket: dials at once, then after each close or failed dial waits a back-off (from about
 * 0.5 s, with jitter so the phones that lost the same cell do not all redial in step, growing 1.6× a try up to
 * the ceiling; back to the start once a dial opens); a dial not open within 3 s is given up. Nothing is queued
 * while closed: a queued `sub` would duplicate the full resubscribe on open. (It replaced partysocket: the
 * same behaviour in a third of its 2.4 KB brotli, on the worker's first load; issue 14's first-route budget.)
 */
export function partySocketFactory(extra: PartySocketOptions = {}): SocketFactory {
  const Ws = (extra.WebSocket ?? globalThis.WebSocket) as WsCtor;
  const maxDelay = extra.maxReconnectionDelay ?? 8000;
  return (url, emit) => {
    const minDelay = Math.min(400 + jitterDraw() * 200, extra.maxReconnectionDelay ?? 500);
    let ws: WsLike | null = null;
    let tries = 0;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let openBy: ReturnType<typeof setTimeout> | undefined;

    /** Forgets the current socket (if any), tells the feed, and dials again later unless stopped. */
    const drop = () => {
      const s = ws;
      clearTimeout(openBy);
      if (!s) return;
      ws = null;
      // A no-op error handler stays: Node's `ws` throws an error event nobody listens to (closing mid-dial).
      s.onopen = s.onclose = s.onmessage = null;
      s.onerror = ignore;
      s.close();
      emit({ type: 'close' });
      if (!stopped) retry = setTimeout(dial, Math.min(maxDelay, minDelay * 1.6 ** tries++));
    };
    function dial() {
      clearTimeout(retry);
      if (stopped) return;
      const s = new Ws(url);
      ws = s;
      openBy = setTimeout(drop, 3000);
      s.onopen = () => {
        clearTimeout(openBy);
        tries = 0;
        emit({ type: 'open' });
      };
      s.onclose = drop;
      s.onerror = ignore; // a close follows
      s.onmessage = (e) => {
        if (typeof e.data === 'string') emit({ type: 'message', data: e.data });
      };
    }
    dial();
    return {
      get isOpen() {
        return ws?.readyState === OPEN;
      },
      send(msg) {
        if (ws?.readyState === OPEN) ws.send(JSON.stringify(msg));
      },
      reconnect() {
        drop();
        tries = 0;
        dial();
      },
      close() {
        stopped = true;
        clearTimeout(retry);
        drop();
      },
    };
  };
}
