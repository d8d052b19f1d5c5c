// The account socket's guards: frames outside the contract get `err` and change nothing, a socket that never
// signs in is closed, a revoked session (sign-out, password change) loses its socket at once, and a second
// account's token never receives the first account's events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ACCOUNT_WS_PATH } from '../../../workers/protocol/trade.ts';
import { login, post, registerUser } from '../helpers.ts';
import { waitFor } from '../../support/wait-for.ts';
import { listenLocally, tradeSetup, type Trader, type TradeTestApp } from './trade-helpers.ts';

let t: TradeTestApp;
let u: Trader;
let url: string;

beforeAll(async () => {
  ({ t, user: u } = await tradeSetup('account-ws-guard'));
  url = `ws://${await listenLocally(t)}${ACCOUNT_WS_PATH}`;
});
afterAll(async () => t.close());

interface Msg {
  op: string;
  ch?: string;
  msg?: string;
}

async function connect() {
  const ws = new WebSocket(url, { headers: { 'accept-language': 'en-US' } });
  const msgs: Msg[] = [];
  let closed: number | null = null;
  ws.on('message', (raw) => msgs.push(JSON.parse(String(raw)) as Msg));
  ws.on('close', (code) => (closed = code));
  await new Promise((resolve) => ws.once('open', resolve));
  const until = (cond: () => boolean) =>
    waitFor(cond, { what: () => `the condition; got ${JSON.stringify(msgs)} closed=${closed}` });
  return { ws, msgs, closed: () => closed, until };
}

describe('account socket guards', () => {
  it('answers frames outside the contract with err and subscribes nothing', async () => {
    const c = await connect();
    const bad = [
      'null',
      '{"op":"sub","ch":["account"]}',
      '{"op":"sub","ch":["account"],"token":{"toString":"x"}}',
      '{"op":"sub","ch":["orders"],"token":"x"}',
      `{"op":"sub","ch":["account"],"token":${JSON.stringify(u.tokenDemo)},"extra":1}`,
      '{"op":"ping","t":{"valueOf":1}}',
    ];
    for (const f of bad) c.ws.send(f);
    await c.until(() => c.msgs.length === bad.length);
    expect(c.msgs.map((m) => m.op)).toEqual(bad.map(() => 'err'));
    expect(c.msgs[0]!.msg).toBe('The message could not be read');
    c.ws.send(JSON.stringify({ op: 'ping', t: 5 }));
    await c.until(() => c.msgs.some((m) => m.op === 'pong'));
    expect(c.msgs.some((m) => m.op === 'snap')).toBe(false);
    c.ws.close();
  });

  it('closes the socket of a session the moment it is signed out', async () => {
    const me = await registerUser(t.app);
    const c = await connect();
    c.ws.send(JSON.stringify({ op: 'sub', ch: ['account'], token: me.tokenDemo }));
    await c.until(() => c.msgs.some((m) => m.op === 'snap'));
    // Another session of the same user is not touched by this sign-out.
    const other = await login(t.app, me.phone, me.password);
    expect(other.body.code).toBe(0);
    const c2 = await connect();
    c2.ws.send(JSON.stringify({ op: 'sub', ch: ['account'], token: other.body.data.tokenDemo }));
    await c2.until(() => c2.msgs.some((m) => m.op === 'snap'));

    const out = await post(t.app, '/api/user/logout', {}, { token: me.tokenDemo });
    expect(out.body.code).toBe(0);
    await c.until(() => c.closed() !== null);
    expect(c.closed()).toBe(1008);
    expect(c.msgs.at(-1)).toMatchObject({ op: 'err', ch: 'account' });
    expect(c2.closed()).toBeNull();

    // A password change ends every session of the user, and so every socket.
    const changed = await post(
      t.app,
      '/api/user/update/password',
      { oldPassword: me.password, password: 'N3w-pass-word', password2: 'N3w-pass-word' },
      { token: other.body.data.tokenDemo },
    );
    expect(changed.body.code).toBe(0);
    await c2.until(() => c2.closed() !== null);
    expect(c2.closed()).toBe(1008);
  });

  it("never delivers one account's snapshot to another's token", async () => {
    const stranger = await registerUser(t.app);
    const c = await connect();
    c.ws.send(JSON.stringify({ op: 'sub', ch: ['account'], token: stranger.tokenDemo }));
    await c.until(() => c.msgs.some((m) => m.op === 'snap'));
    const snap = c.msgs.find((m) => m.op === 'snap') as unknown as { data: { orders: unknown[] } };
    expect(snap.data.orders).toEqual([]);
    c.ws.close();
  });
});
