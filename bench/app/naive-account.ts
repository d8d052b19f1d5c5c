// The account half of the naive main-thread port (naive-port.ts's setAccount), in the bench build only: what
// a worker-less app does for the signed-in account — its own WebSocket on the main thread to the private
// account channel (ACCOUNT_WS_PATH next to the market socket, as the worker's account feed finds it), the
// token in the `sub` frame, JSON.parse of the snapshot here, and the positions handed to the decimal.js P&L
// (naive-positions.ts), open orders and the feed's state written to the same atoms the worker's posts fill.
// The positions bench sends a snapshot and no delta (its holdings stay put; only prices move), so deltas are
// not applied: a baseline for measuring, not for users.
import type { AccountSession } from '../../workers/protocol/account-api.ts';
import { WS_PATH, type ServerMessage } from '../../workers/protocol/market.ts';
import { ACCOUNT_CHANNEL, ACCOUNT_WS_PATH, type AccountSnap } from '../../workers/protocol/trade.ts';
import { accountFeedStateAtom, openOrdersAtom } from '../../src/market/account-atoms.ts';
import type { MarketStore } from '../../src/market/market-port.ts';
import { createNaivePositions } from './naive-positions.ts';

/** The account socket beside the market socket (the worker's accountUrlFor, without importing the worker). */
export function naiveAccountUrl(marketWsUrl: string): string {
  const url = new URL(marketWsUrl);
  url.pathname = url.pathname.endsWith(WS_PATH)
    ? url.pathname.slice(0, -WS_PATH.length) + ACCOUNT_WS_PATH
    : ACCOUNT_WS_PATH;
  return url.href;
}

export interface NaiveAccount {
  /** The market socket's URL, once the port is initialised (the account socket waits for it). */
  setMarketUrl(wsUrl: string | null): void;
  /** Login or switch (a new socket for the new account) or sign-out (null). */
  setAccount(session: AccountSession | null): void;
}

export function createNaiveAccount(store: MarketStore): NaiveAccount {
  const positions = createNaivePositions(store);
  let marketUrl: string | null = null;
  let session: AccountSession | null = null;
  let ws: WebSocket | null = null;

  const close = () => {
    if (!ws) return;
    ws.onmessage = ws.onclose = null;
    ws.close();
    ws = null;
  };

  const open = () => {
    close();
    const s = session;
    if (!s || !marketUrl) return;
    const sock = new WebSocket(naiveAccountUrl(marketUrl));
    ws = sock;
    sock.onopen = () => sock.send(JSON.stringify({ op: 'sub', ch: [ACCOUNT_CHANNEL], token: s.token }));
    sock.onmessage = (e: MessageEvent) => {
      if (typeof e.data !== 'string') return;
      const msg = JSON.parse(e.data) as ServerMessage;
      if (msg.op === 'err') {
        store.set(accountFeedStateAtom, 'ended');
        close();
      } else if (msg.op === 'snap' && msg.ch === ACCOUNT_CHANNEL) {
        const snap = msg.data as AccountSnap;
        store.set(openOrdersAtom, snap.orders);
        positions.set(snap.positions, snap.assets);
        store.set(accountFeedStateAtom, 'live');
      }
    };
    sock.onclose = () => store.set(accountFeedStateAtom, 'offline');
  };

  return {
    setMarketUrl(wsUrl) {
      marketUrl = wsUrl;
      open();
    },
    setAccount(next) {
      session = next;
      // Another account: nothing of the previous one is priced any more (resetAccount cleared its atoms).
      positions.clear();
      open();
    },
  };
}
