// The bench feed's private account channel: what the real server's /api/ws/account does for one signed-in
// account (workers/protocol/trade.ts), reduced to a fixed portfolio. `sub` of `account` with a token is
// answered with the snapshot (seq 0: open orders, positions, assets); no delta follows, because in the
// positions bench the holdings stay put and only the prices move. `unsub` → `unsubd`, `ping` → `pong`, the
// heartbeat as on the market socket, and `err` for a `sub` without a token (as the server refuses one).
// The snapshot is serialised once: 10,000 positions are megabytes of JSON, built before any page asks.
import type { WebSocket } from 'ws';
import type { AccountClientFrame } from '../../contract/ws.ts';
import { ACCOUNT_CHANNEL, type AccountSnap, type Assets } from '../../workers/protocol/trade.ts';

export interface AccountCounts {
  /** Account sockets opened (the worker's, or the baseline's own). */
  connections: number;
  /** Snapshots sent: every client that got its portfolio from this channel got one. */
  snapshots: number;
  unsubs: number;
}

export interface AccountChannel {
  /** Serves one socket that connected at the account path. */
  accept(ws: WebSocket): void;
  heartbeat(now: number): void;
  counts(): AccountCounts;
  close(): void;
}

const NO_CASH: Assets = {
  accountType: 'demo',
  currency: 'PKR',
  total: '0.00',
  available: '0.00',
  frozen: '0.00',
  marketValue: '0.00',
  floatingPnl: '0.00',
};

export function createAccountChannel(snap: AccountSnap | undefined): AccountChannel {
  const clients = new Set<WebSocket>();
  const counts: AccountCounts = { connections: 0, snapshots: 0, unsubs: 0 };
  // Without a portfolio the channel still answers as an account with nothing in it.
  const data = JSON.stringify(snap ?? { orders: [], positions: [], assets: NO_CASH });

  function onMessage(ws: WebSocket, raw: string): void {
    let msg: AccountClientFrame;
    try {
      msg = JSON.parse(raw) as AccountClientFrame;
    } catch {
      ws.send(JSON.stringify({ op: 'err', msg: 'bad JSON' }));
      return;
    }
    if (msg.op === 'ping') {
      ws.send(JSON.stringify({ op: 'pong', t: msg.t, ts: Date.now() }));
    } else if (msg.op === 'sub') {
      if (!msg.ch.includes(ACCOUNT_CHANNEL)) return;
      // The worker never sends one without: this is what the server answers a signed-out client.
      if (!msg.token) {
        ws.send(JSON.stringify({ op: 'err', ch: ACCOUNT_CHANNEL, msg: 'token required' }));
        return;
      }
      counts.snapshots++;
      ws.send(`{"op":"snap","ch":"${ACCOUNT_CHANNEL}","seq":0,"ts":${Date.now()},"data":${data}}`);
    } else if (msg.op === 'unsub') {
      counts.unsubs++;
      ws.send(JSON.stringify({ op: 'unsubd', ch: msg.ch ?? [ACCOUNT_CHANNEL] }));
    }
  }

  return {
    accept(ws) {
      clients.add(ws);
      counts.connections++;
      ws.on('close', () => clients.delete(ws));
      ws.on('message', (raw) => onMessage(ws, String(raw)));
    },
    heartbeat(now) {
      for (const ws of clients) ws.send(JSON.stringify({ op: 'hb', ts: now }));
    },
    counts: () => ({ ...counts }),
    close() {
      for (const ws of clients) ws.terminate();
    },
  };
}
