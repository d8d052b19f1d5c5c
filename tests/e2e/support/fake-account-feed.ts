// A stand-in market socket for browser tests that need an account the real server cannot hold (3,000
// positions): the page points its feed here with `?feed=` (the server must allow the origin with
// CSP_CONNECT_ORIGINS), the worker's account channel follows at `/account`, and this answers the account
// `sub` with the given snapshot and every market channel with an empty one. Pings get pongs.
import { WebSocketServer } from 'ws';
import type { AccountSnap } from '../../../workers/protocol/trade.ts';
import { freePort } from '../../support/server-process.ts';

export interface FakeAccountFeed {
  /** ws://127.0.0.1:<port> (the origin to allow) */
  origin: string;
  /** the market socket URL for `?feed=` */
  url: string;
  close(): Promise<void>;
}

export async function startFakeAccountFeed(snap: AccountSnap): Promise<FakeAccountFeed> {
  const port = await freePort();
  const wss = new WebSocketServer({ host: '127.0.0.1', port, perMessageDeflate: false });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  wss.on('connection', (ws) => {
    ws.on('message', (raw) => {
      let msg: { op?: string; ch?: string[]; t?: number };
      try {
        msg = JSON.parse(String(raw)) as typeof msg;
      } catch {
        return;
      }
      const ts = Date.now();
      if (msg.op === 'ping') ws.send(JSON.stringify({ op: 'pong', t: msg.t ?? 0, ts }));
      if (msg.op === 'unsub') ws.send(JSON.stringify({ op: 'unsubd', ch: msg.ch ?? [] }));
      if (msg.op !== 'sub') return;
      for (const ch of msg.ch ?? []) {
        if (ch === 'account') ws.send(JSON.stringify({ op: 'snap', ch, seq: 0, ts, data: snap }));
        else if (ch.startsWith('tickers:')) ws.send(JSON.stringify({ op: 'snap', ch, seq: 0, ts, data: [] }));
      }
    });
  });
  const origin = `ws://127.0.0.1:${port}`;
  return {
    origin,
    url: `${origin}/api/ws`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
}
