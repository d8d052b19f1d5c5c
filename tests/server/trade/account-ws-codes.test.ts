// The account socket's `err` frames carry a code (contract/ws.ts WsErrFrame, codes in contract/ws-codes.ts) so
// the client can tell an ended session (-1000: sign out, go to login) from everything it should ride out: a
// refused frame, a flood (the socket closes), a busy server (ask again). Every err frame here must match the
// contract's schema.
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { WS_ERR, WsErrFrame } from '../../../contract/ws.ts';
import { ACCOUNT_WS_PATH } from '../../../workers/protocol/trade.ts';
import { post, registerUser } from '../helpers.ts';
import { waitFor } from '../../support/wait-for.ts';
import { listenLocally, tradeSetup, type Trader, type TradeTestApp } from './trade-helpers.ts';

const isErrFrame = Compile(WsErrFrame);
let t: TradeTestApp;
let u: Trader;
let url: string;

beforeAll(async () => {
  ({ t, user: u } = await tradeSetup('account-ws-codes'));
  url = `ws://${await listenLocally(t)}${ACCOUNT_WS_PATH}`;
});
afterAll(async () => t.close());

interface Msg {
  op: string;
  ch?: string;
  code?: number;
  msg?: string;
}

async function connect(lang = 'en-US') {
  const ws = new WebSocket(url, { headers: { 'accept-language': lang } });
  const msgs: Msg[] = [];
  let closed: number | null = null;
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as Msg;
    if (m.op === 'err') expect(isErrFrame.Check(m), JSON.stringify(m)).toBe(true);
    msgs.push(m);
  });
  ws.on('close', (code) => (closed = code));
  await new Promise((resolve) => ws.once('open', resolve));
  const until = (cond: () => boolean) =>
    waitFor(cond, { what: () => `the condition; got ${JSON.stringify(msgs)} closed=${closed}` });
  const errs = () => msgs.filter((m) => m.op === 'err');
  return { ws, msgs, errs, closed: () => closed, until };
}

describe('account socket err codes', () => {
  it('a frame outside the contract: badFrame, the socket stays and nothing ends', async () => {
    const c = await connect();
    c.ws.send('{"op":"sub","ch":["account"]}');
    c.ws.send('null');
    await c.until(() => c.errs().length === 2);
    expect(c.errs().map((m) => m.code)).toEqual([WS_ERR.badFrame, WS_ERR.badFrame]);
    c.ws.send(JSON.stringify({ op: 'sub', ch: ['account'], token: u.tokenDemo }));
    await c.until(() => c.msgs.some((m) => m.op === 'snap'));
    expect(c.closed()).toBeNull();
    c.ws.close();
  });

  it('a token the server refuses: sessionEnded (-1000, as the API), in the socket’s language', async () => {
    const c = await connect('ur-PK');
    c.ws.send(JSON.stringify({ op: 'sub', ch: ['account'], token: 'not-a-token' }));
    await c.until(() => c.errs().length === 1);
    expect(c.errs()[0]).toMatchObject({ ch: 'account', code: -1000 });
    expect(c.errs()[0]!.msg).toMatch(/[\u0600-\u06FF]/);
    c.ws.close();
  });

  it('a session signed out elsewhere: sessionEnded, then the socket closes with 1008', async () => {
    const me = await registerUser(t.app);
    const c = await connect();
    c.ws.send(JSON.stringify({ op: 'sub', ch: ['account'], token: me.tokenDemo }));
    await c.until(() => c.msgs.some((m) => m.op === 'snap'));
    expect((await post(t.app, '/api/user/logout', {}, { token: me.tokenDemo })).body.code).toBe(0);
    await c.until(() => c.closed() !== null);
    expect(c.closed()).toBe(1008);
    expect(c.errs().map((m) => m.code)).toEqual([WS_ERR.sessionEnded]);
  });

  it('a flood: rateLimited, then the socket closes with 1008 (the session stands)', async () => {
    const c = await connect();
    for (let i = 0; i < 200; i++) c.ws.send(JSON.stringify({ op: 'ping', t: i }));
    await c.until(() => c.closed() !== null);
    expect(c.closed()).toBe(1008);
    expect(c.errs().map((m) => m.code)).toEqual([WS_ERR.rateLimited]);
    // The same token signs in again on a new socket.
    const again = await connect();
    again.ws.send(JSON.stringify({ op: 'sub', ch: ['account'], token: u.tokenDemo }));
    await again.until(() => again.msgs.some((m) => m.op === 'snap'));
    again.ws.close();
  });

  it('a snapshot the server cannot read: busy, and the next sub gets the snapshot', async () => {
    const c = await connect();
    const now = vi.spyOn(t.app.market, 'now').mockImplementation(() => {
      throw new Error('market unreadable (test)');
    });
    try {
      c.ws.send(JSON.stringify({ op: 'sub', ch: ['account'], token: u.tokenDemo }));
      await c.until(() => c.errs().length === 1);
    } finally {
      now.mockRestore();
    }
    expect(c.errs()[0]).toMatchObject({ ch: 'account', code: WS_ERR.busy });
    expect(c.msgs.some((m) => m.op === 'snap')).toBe(false);
    c.ws.send(JSON.stringify({ op: 'sub', ch: ['account'], token: u.tokenDemo }));
    await c.until(() => c.msgs.some((m) => m.op === 'snap'));
    expect(c.closed()).toBeNull();
    c.ws.close();
  });
});
