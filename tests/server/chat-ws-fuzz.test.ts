// Fuzzes the customer-service chat sockets (user /api/ws/service and operator /admin/api/ws/service) with what
// an attacker would send after a valid hello: malformed JSON, every JSON type at every field, prototype keys,
// a user frame naming another conversation, an operator frame naming conversations that do not exist, a huge
// frame and a flood. The server never stops, answers each bad frame with `err` (or closes that socket), stores
// nothing, leaks no other conversation's text, and a fresh socket still gets `ready` and `pong`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appChat, consoleChat, newCid, type ChatClient } from '../support/chat-clients.ts';
import { traderOn } from '../support/cheap-trader.ts';
import { cookieOf, makeOperator } from './console-helpers.ts';
import { makeTestApp, uniquePhone, type TestApp } from './helpers.ts';

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

const chatRows = async () =>
  Number(
    (
      await t.db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  Number.MAX_VALUE,
  2 ** 53 + 1,
  'x',
  '',
  {},
  [],
  { a: 1 },
  ['x'],
  'a'.repeat(5000),
];

function junkFrames(fields: string[]): unknown[] {
  const out: unknown[] = [
    '{',
    '}',
    'null',
    '[]',
    '"hello"',
    '{"op":',
    '\u0000',
    '{"__proto__":{"op":"send"}}',
  ];
  for (const op of ['send', 'typing', 'read', 'ping', 'hello', 'nope', 1, null])
    for (const f of fields)
      for (const v of VALUES) out.push({ op, cid: newCid(), text: 'hi', conv: 1, seq: 1, t: 1, [f]: v });
  out.push({ op: 'send', cid: newCid(), text: 'x', constructor: { prototype: { admin: true } } });
  return out;
}

async function stillServing(token: string) {
  const c = await appChat(host, { token }, 0);
  expect(c.frames.some((f) => f.op === 'ready')).toBe(true);
  c.send({ op: 'ping', t: 1 });
  await c.until(() => c.frames.some((f) => f.op === 'pong'));
  c.ws.close();
}

const answeredOrClosed = (c: ChatClient, before: number) => () =>
  c.frames.filter((f) => f.op === 'err').length > before || c.closed() !== null;

describe('chat sockets under fuzz', () => {
  it('user socket: bad frames get err or a close, nothing is stored, other conversations stay unseen', async () => {
    const victim = await traderOn(t.db, { phone: uniquePhone(), demoFundsPaisa: 0n });
    const v = await appChat(host, { token: victim.tokenDemo }, 0);
    v.send({ op: 'send', cid: newCid(), text: 'SECRET-OF-VICTIM' });
    await v.until(() => v.msgs().length === 1);
    const attacker = await traderOn(t.db, { phone: uniquePhone(), demoFundsPaisa: 0n });
    const before = await chatRows();
    let c = await appChat(host, { token: attacker.tokenDemo }, 0);
    for (const frame of junkFrames(['op', 'cid', 'text', 'conv', 'seq', 't'])) {
      if (c.closed() !== null) c = await appChat(host, { token: attacker.tokenDemo }, 0);
      const errs = c.frames.filter((f) => f.op === 'err').length;
      // every junk frame carries fields the strict user frames do not have (conv, seq, t), so none is valid
      c.send(frame);
      await c.until(answeredOrClosed(c, errs), 15_000);
    }
    // a huge frame
    c = c.closed() === null ? c : await appChat(host, { token: attacker.tokenDemo }, 0);
    const errs = c.frames.filter((f) => f.op === 'err').length;
    c.send(JSON.stringify({ op: 'send', cid: newCid(), text: 'y'.repeat(2_000_000) }));
    await c.until(answeredOrClosed(c, errs), 15_000);
    expect(await chatRows()).toBe(before);
    expect(JSON.stringify(c.frames)).not.toContain('SECRET-OF-VICTIM');
    c.ws.close();
    v.ws.close();
    await stillServing(attacker.tokenDemo);
  });

  it('operator socket: unknown conversations and junk are refused; a flood leaves the server serving', async () => {
    const u = await traderOn(t.db, { phone: uniquePhone(), demoFundsPaisa: 0n });
    const before = await chatRows();
    let op = await consoleChat(host, opCookie);
    for (const frame of [
      ...junkFrames(['conv', 'seq', 'text']),
      { op: 'send', conv: 987_654_321, cid: newCid(), text: 'to nobody' },
      { op: 'read', conv: 987_654_321, seq: 1 },
      { op: 'typing', conv: 987_654_321 },
    ]) {
      if (op.closed() !== null) op = await consoleChat(host, opCookie);
      const errs = op.frames.filter((f) => f.op === 'err').length;
      op.send(frame);
      await op.until(answeredOrClosed(op, errs), 15_000);
    }
    expect(await chatRows()).toBe(before);
    // flood: many frames at once from one user socket
    const c = await appChat(host, { token: u.tokenDemo }, 0);
    for (let i = 0; i < 2000; i++) c.send({ op: 'typing' });
    await c.until(() => c.closed() !== null || c.frames.some((f) => f.op === 'err'), 15_000).catch(() => 0);
    c.ws.close();
    op.ws.close();
    await stillServing(u.tokenDemo);
  });
});
