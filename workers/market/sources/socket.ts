// The market and account sockets behind a small interface: partysocket (reconnecting WebSocket with back-off) in the app,
// a fake in tests. Events only; the feed decides what open and close mean.
import ReconnectingWebSocket from 'partysocket/ws';
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

export function partySocketFactory(extra: PartySocketOptions = {}): SocketFactory {
  return (url, emit) => {
    const ws = new ReconnectingWebSocket(url, [], {
      ...(extra.WebSocket ? { WebSocket: extra.WebSocket } : {}),
      // A little jitter, so the phones that lost the same cell do not all redial in step (it grows 1.6× a try).
      minReconnectionDelay: Math.min(400 + jitterDraw() * 200, extra.maxReconnectionDelay ?? 500),
      maxReconnectionDelay: extra.maxReconnectionDelay ?? 8000,
      reconnectionDelayGrowFactor: 1.6,
      connectionTimeout: 3000,
      // Nothing is queued while closed: a queued `sub` would duplicate the full resubscribe on open.
      maxEnqueuedMessages: 0,
    });
    ws.addEventListener('open', () => emit({ type: 'open' }));
    ws.addEventListener('close', () => emit({ type: 'close' }));
    ws.addEventListener('message', (e: MessageEvent) => {
      if (typeof e.data === 'string') emit({ type: 'message', data: e.data });
    });
    return {
      get isOpen() {
        return ws.readyState === ws.OPEN;
      },
      send(msg) {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
      },
      reconnect() {
        ws.reconnect();
      },
      close() {
        ws.close();
      },
    };
  };
}
