// The customer-service chat (issue 19 item 5): a user and an operator chat both ways over their sockets, with
// history over REST; client ids make a resend the same message; sequences keep the order; nobody reads another
// conversation or its images; guests need the captcha, are limited, and see only their own session; bad frames
// and bad inputs are refused and change nothing.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WS_ERR } from '../../contract/ws-codes.ts';
import { CHAT_GUEST_HEADER, CHAT_PER_MINUTE, CHAT_TEXT_MAX } from '../../contract/service.ts';
import { appChat, consoleChat, newCid } from '../support/chat-clients.ts';
import { traderOn, type Trader } from '../support/cheap-trader.ts';
import { cookieOf, makeOperator } from './console-helpers.ts';
import { get, makeTestApp, rowCounts, solveCaptcha, uniquePhone, type TestApp } from './helpers.ts';

let t: TestApp;
let host: string;
let opCookie: string;

beforeAll(async () => {
  t = await makeTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  opCookie = await cookieOf(t, await makeOperator(t, 'support'));
});
afterAll(async () => t.close());

const user = (): Promise<Trader> => traderOn(t.db, { phone: uniquePhone(), demoFundsPaisa: 0n });
const history = (token: string, query: Record<string, string> = {}) =>
  get(t.app, '/api/service/messages', query, { token, lang: 'en-US' });

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#c03' } })
    .png()
    .toBuffer();
}

function multipart(fields: Record<string, string>, file?: Buffer) {
  const b = `----chat${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${b}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${b}` };
}

async function upload(
  headers: Record<string, string>,
  clientId: string,
  file?: Buffer,
  url = '/api/service/image',
) {
  const body = multipart({ clientId }, file);
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': body.contentType, 'accept-language': 'en-US' },
    payload: body.payload,
  });
  return JSON.parse(res.body) as {
    code: number;
    msg: string;
    data: { id: number; seq: number; kind: string };
  };
}

describe('service chat', () => {
  it('carries texts both ways with sequences, read markers and typing, and keeps them in history', async () => {
    const u = await user();
    const me = await appChat(host, { token: u.tokenDemo }, 0);
    const op = await consoleChat(host, opCookie);
    me.send({ op: 'send', cid: newCid(), text: '  Salam, I need help  ' });
    await op.until(() => op.msgs().some((m) => m.text === 'Salam, I need help'));
    const first = op.msgs().find((m) => m.text === 'Salam, I need help')!;
    expect(first).toMatchObject({ seq: 1, side: 'user', kind: 'text' });
    const conv = first.conversationId;
    me.send({ op: 'typing' });
    await op.until(() => op.frames.some((f) => f.op === 'typing' && f.conv === conv && f.side === 'user'));
    op.send({ op: 'send', conv, cid: newCid(), text: 'وعلیکم السلام، بتائیے' });
    await me.until(() => me.msgs().some((m) => m.side === 'operator'));
    expect(me.msgs().map((m) => m.seq)).toEqual([1, 2]);
    me.send({ op: 'read', seq: 2 });
    await op.until(() => op.frames.some((f) => f.op === 'read' && f.side === 'user' && f.seq === 2));
    const h = await history(u.tokenReal);
    expect(h.body.code).toBe(0);
    expect(h.body.data.list.map((m: { text: string }) => m.text)).toEqual([
      'Salam, I need help',
      'وعلیکم السلام، بتائیے',
    ]);
    // A reconnect with the last seq it holds gets exactly what came after.
    op.send({ op: 'send', conv, cid: newCid(), text: 'while you were away' });
    await me.until(() => me.msgs().length === 3);
    me.ws.close();
    const again = await appChat(host, { token: u.tokenDemo }, 2);
    await again.until(() => again.msgs().length === 1);
    expect(again.msgs()[0]).toMatchObject({ seq: 3, text: 'while you were away' });
    // An operator's reply marks what came before it read; a new user message is unread in the inbox.
    again.send({ op: 'send', cid: newCid(), text: 'thanks' });
    await again.until(() => again.msgs().length === 2);
    const inbox = await get(t.app, '/admin/api/service/conversations', {}, { headers: { cookie: opCookie } });
    expect(inbox.body.data[0]).toMatchObject({ id: conv, unread: 1, lastSeq: 4, guest: false });
    again.ws.close();
    op.ws.close();
  });

  it('stores a resent client id once, refuses a reused one with other text, and keeps per-sender order', async () => {
    const u = await user();
    const me = await appChat(host, { token: u.tokenDemo }, 0);
    const cid = newCid();
    for (let i = 0; i < 3; i++) me.send({ op: 'send', cid, text: 'once' });
    me.send({ op: 'send', cid, text: 'different' });
    await me.until(() => me.frames.some((f) => f.op === 'err'));
    const err = me.frames.find((f) => f.op === 'err');
    expect(err).toMatchObject({ cid, msg: 'This message id was already used for another message' });
    const texts = Array.from({ length: 12 }, (_, i) => `n${i}`);
    for (const text of texts) me.send({ op: 'send', cid: newCid(), text });
    await me.until(() => me.msgs().filter((m) => m.text.startsWith('n')).length === 12);
    const h = await history(u.tokenDemo);
    const list = h.body.data.list as { seq: number; text: string }[];
    expect(list.map((m) => m.text)).toEqual(['once', ...texts]);
    expect(list.map((m) => m.seq)).toEqual(list.map((_, i) => i + 1));
    // Delivered to the socket once each, in seq order.
    expect(me.msgs().map((m) => m.seq)).toEqual(list.map((m) => m.seq));
    me.ws.close();
  });

  it('names the message it could not store now (busy), so the sender sends it again with the same id', async () => {
    const u = await user();
    const me = await appChat(host, { token: u.tokenDemo }, 0);
    const cid = newCid();
    const spy = vi.spyOn(t.app.serviceChat, 'sendText').mockRejectedValueOnce(new Error('database away'));
    try {
      me.send({ op: 'send', cid, text: 'later' });
      await me.until(() => me.frames.some((f) => f.op === 'err'));
      expect(me.frames.find((f) => f.op === 'err')).toMatchObject({ code: WS_ERR.busy, cid });
      expect(me.msgs()).toEqual([]);
    } finally {
      spy.mockRestore();
    }
    me.send({ op: 'send', cid, text: 'later' });
    await me.until(() => me.msgs().length === 1);
    expect(me.msgs()[0]).toMatchObject({ clientId: cid, text: 'later', seq: 1 });
    me.ws.close();
  });

  it('refuses empty, long and too many messages, and bad frames, changing nothing', async () => {
    const u = await user();
    const me = await appChat(host, { token: u.tokenDemo }, 0);
    const before = await rowCounts(t.db);
    me.send({ op: 'send', cid: newCid(), text: ' \u202e\u0000 ' });
    me.send({ op: 'send', cid: newCid(), text: 'x'.repeat(CHAT_TEXT_MAX + 1) });
    for (const bad of [
      'null',
      '{"op":"send"}',
      '{"op":"send","cid":"short","text":"x"}',
      '[1]',
      '{"op":"read","seq":-1}',
    ])
      me.send(bad);
    me.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await me.until(() => me.frames.filter((f) => f.op === 'err').length === 8);
    const msgs = me.frames.flatMap((f) => (f.op === 'err' ? [f.msg] : []));
    expect(msgs).toContain('Write a message first');
    expect(msgs).toContain('A message may be at most 1000 characters');
    expect(msgs.filter((m) => m === 'The message could not be read')).toHaveLength(6);
    expect(await rowCounts(t.db)).toEqual(before);
    // The socket still works, and the server with it.
    for (let i = 0; i < CHAT_PER_MINUTE; i++) me.send({ op: 'send', cid: newCid(), text: `m${i}` });
    await me.until(() => me.msgs().length === CHAT_PER_MINUTE);
    me.send({ op: 'send', cid: newCid(), text: 'one too many' });
    await me.until(() => me.frames.filter((f) => f.op === 'err').length === 9);
    expect(me.frames.filter((f) => f.op === 'err').pop()).toMatchObject({
      msg: expect.stringMatching(/try again/i),
    });
    me.ws.close();
  });

  it('shows nobody another conversation or its images', async () => {
    const a = await user();
    const b = await user();
    const ca = await appChat(host, { token: a.tokenDemo }, 0);
    ca.send({ op: 'send', cid: newCid(), text: 'private to a' });
    await ca.until(() => ca.msgs().length === 1);
    const img = await upload({ accesstoken: a.tokenDemo }, newCid(), await jpeg());
    expect(img.code).toBe(0);
    expect(img.data).toMatchObject({ kind: 'image', seq: 2 });
    const own = await t.app.inject({
      url: `/api/service/image/${img.data.id}`,
      headers: { accesstoken: a.tokenReal },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const theirs = await t.app.inject({
      url: `/api/service/image/${img.data.id}`,
      headers: { accesstoken: b.tokenDemo, 'accept-language': 'en-US' },
    });
    expect(JSON.parse(theirs.body)).toMatchObject({ code: -1001, msg: 'This image does not exist' });
    const anon = await t.app.inject({ url: `/api/service/image/${img.data.id}` });
    expect(JSON.parse(anon.body).code).toBe(-1000);
    const hb = await history(b.tokenDemo);
    expect(hb.body.data.list).toEqual([]);
    const cb = await appChat(host, { token: b.tokenDemo }, 0);
    cb.send({ op: 'send', cid: newCid(), text: 'from b' });
    await cb.until(() => cb.msgs().length === 1);
    expect(ca.msgs().map((m) => m.text)).not.toContain('from b');
    expect(cb.msgs().map((m) => m.text)).toEqual(['from b']);
    // The console sees the image.
    const viaConsole = await t.app.inject({
      url: `/admin/api/service/image/${img.data.id}`,
      headers: { cookie: opCookie },
    });
    expect(viaConsole.statusCode).toBe(200);
    ca.ws.close();
    cb.ws.close();
  });

  it('refuses a non-image, changing nothing', async () => {
    const a = await user();
    const before = await rowCounts(t.db);
    const res = await upload({ accesstoken: a.tokenDemo }, newCid(), Buffer.from('not an image at all'));
    expect(res).toMatchObject({ code: -1001, msg: 'Send a photo (JPEG, PNG or WebP)' });
    const none = await upload({ accesstoken: a.tokenDemo }, newCid());
    expect(none).toMatchObject({ code: -1001, msg: 'Choose an image to send' });
    const after = await rowCounts(t.db);
    expect(after['chat_messages']).toBe(before['chat_messages']);
  });

  it('lets a guest chat behind the captcha, limited per address, seeing only its own session', async () => {
    const phone = `0${uniquePhone()}`;
    const ip = '10.9.0.1';
    const start = async (over: Record<string, string> = {}) => {
      const captcha = await solveCaptcha(t.app, ip);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/service/guest',
        remoteAddress: ip,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en-US' },
        payload: new URLSearchParams({ phone, ...captcha, ...over }).toString(),
      });
      return JSON.parse(res.body) as { code: number; msg: string; data: { token: string } };
    };
    const before = await rowCounts(t.db);
    expect(await start({ captcha: 'WRONG' })).toMatchObject({ code: -1001 });
    expect(await start({ phone: '12345' })).toMatchObject({ code: -1001 });
    expect((await rowCounts(t.db))['chat_guest_sessions']).toBe(before['chat_guest_sessions']);
    const g1 = await start();
    expect(g1.code).toBe(0);
    const c1 = await appChat(host, { guest: g1.data.token }, 0);
    c1.send({ op: 'send', cid: newCid(), text: 'I am locked out' });
    await c1.until(() => c1.msgs().length === 1);
    // A second guest giving the same phone sees nothing of the first session.
    const g2 = await start();
    const h2 = await get(
      t.app,
      '/api/service/messages',
      {},
      { headers: { [CHAT_GUEST_HEADER]: g2.data.token } },
    );
    expect(h2.body.data.list).toEqual([]);
    const bad = await get(
      t.app,
      '/api/service/messages',
      {},
      { headers: { [CHAT_GUEST_HEADER]: 'nope' }, lang: 'en-US' },
    );
    expect(bad.body).toMatchObject({ code: -1001, msg: expect.stringMatching(/guest chat has ended/) });
    let refused: { code: number; msg: string } | undefined;
    for (let i = 0; i < 12 && !refused; i++) {
      const r = await start();
      if (r.code !== 0) refused = r;
    }
    expect(refused?.msg).toMatch(/try again/i);
    c1.ws.close();
  });

  it('needs the support role and a session for the console socket and inbox', async () => {
    const kycOnly = await cookieOf(t, await makeOperator(t, 'kyc'));
    const inbox = await get(
      t.app,
      '/admin/api/service/conversations',
      {},
      { headers: { cookie: kycOnly }, lang: 'en-US' },
    );
    expect(inbox.body.code).toBe(-1001);
    const c = await consoleChat(host, kycOnly);
    await c.until(() => c.closed() !== null);
    await expect(consoleChat(host, 'pkc=nothing')).rejects.toThrow(/refused/);
  });
});
