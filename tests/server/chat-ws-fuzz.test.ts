// Fuzzes the three kinds of customer-service chat socket (a signed-in user's and a guest's /api/ws/service, an
// operator's /admin/api/ws/service) with what an attacker would send after a valid hello: every JSON value at
// every field of every frame kind the contract names, missing and extra fields, unknown kinds, NaN-like,
// negative and huge sequence numbers, malformed and binary frames, deep nesting, seeded random frames
// (ws-fuzz-helpers.ts, shared with the market sockets' fuzz test); then, per kind, the frames a valid shape lets
// through: another conversation's id, another user's message ids as read receipts, a second hello naming
// someone else, a hello claiming more than was sent, a frame over the size limit, a frame flood, a message
// flood past the rate limit, and clients that never read while messages pile up. After each: the server is up
// and answering, the socket got `err` (or a clean close), nothing was written for a refused frame, and another
// user's conversation was neither seen nor changed.
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  CHAT_PER_MINUTE,
  ChatClientFrame,
  ConsoleChatFrame,
  type ChatServerFrame,
} from '../../contract/service.ts';
import { WS_ERR, WS_MAX_FRAME_BYTES } from '../../contract/ws.ts';
import { appChat, consoleChat, newCid, type ChatClient } from '../support/chat-clients.ts';
import { traderOn, type Trader } from '../support/cheap-trader.ts';
import { cookieOf, makeOperator } from './console-helpers.ts';
import { get, makeTestApp, post, solveCaptcha, uniquePhone, type TestApp } from './helpers.ts';
import { JSON_VALUES, deep, randomFrames } from './ws-fuzz-helpers.ts';

let t: TestApp;
let host: string;
let opCookie: string;
let victim: Trader;
let victimConv: number;
let victimMsgIds: number[];
const SECRET = 'SECRET-OF-VICTIM';

beforeAll(async () => {
  t = await makeTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  opCookie = await cookieOf(t, await makeOperator(t, 'support'));
});
beforeAll(async () => {
  // The victim: a conversation with a few messages both ways, which no attacker may see or change.
  victim = await user();
  const v = await appChat(host, { token: victim.tokenDemo }, 0);
  for (let i = 0; i < 3; i++) v.send({ op: 'send', cid: newCid(), text: `${SECRET}-${i}` });
  await v.until(() => v.msgs().length === 3);
  victimConv = v.msgs()[0]!.conversationId;
  const op = await consoleChat(host, opCookie);
  op.send({ op: 'send', conv: victimConv, cid: newCid(), text: `${SECRET}-reply` });
  await v.until(() => v.msgs().length === 4);
  victimMsgIds = v.msgs().map((m) => m.id);
  v.ws.close();
  op.ws.close();
});
afterAll(async () => t.close());

const user = (): Promise<Trader> => traderOn(t.db, { phone: uniquePhone(), demoFundsPaisa: 0n });

let guestIps = 0;
/** A guest chat token for a phone, as the app gets one (captcha first; each from its own address). */
async function guestToken(phone = `0${uniquePhone()}`): Promise<string> {
  const ip = `10.77.0.${++guestIps}`;
  const res = await post(t.app, '/api/service/guest', { phone, ...(await solveCaptcha(t.app, ip)) }, { ip });
  if (res.body.code !== 0) throw new Error(`guest refused: ${res.body.msg}`);
  return (res.body.data as { token: string }).token;
}

/** Every stored message, and the victim's conversation row: what a refused frame must leave as it was. */
async function snapshot() {
  const rows = await t.db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const conv = await t.db
    .selectFrom('chat_conversations')
    .selectAll()
    .where('id', '=', victimConv)
    .executeTakeFirstOrThrow();
  const victimMsgs = await t.db
    .selectFrom('chat_messages')
    .select(['id', 'seq', 'body'])
    .where('conversation_id', '=', victimConv)
    .orderBy('seq')
    .execute();
  return { rows: Number(rows.n), conv, victimMsgs };
}

const errsOf = (c: ChatClient) =>
  c.frames.filter((f): f is Extract<ChatServerFrame, { op: 'err' }> => f.op === 'err');
const leaked = (c: ChatClient) => JSON.stringify(c.frames).includes(SECRET);

/** The server is up: a fresh socket of the kind says `ready` and answers a ping; REST answers too. */
async function stillServing(open: () => Promise<ChatClient>) {
  const c = await open();
  expect(c.frames.some((f) => f.op === 'ready')).toBe(true);
  c.send({ op: 'ping', t: 1 });
  await c.until(() => c.frames.some((f) => f.op === 'pong'));
  c.ws.close();
  expect((await get(t.app, '/api/user/login/info')).body.code).toBe(0);
}

// ---- the frame matrix ----

/** A valid frame of each kind the contract names, field by field as JSON text. */
const USER_KINDS: ReadonlyArray<Record<string, string>> = [
  { op: '"hello"', token: '"tok"', guest: '"g"', after: '0' },
  { op: '"send"', cid: '"abcdefgh12"', text: '"hi"' },
  { op: '"typing"' },
  { op: '"read"', seq: '1' },
  { op: '"ping"', t: '1' },
];
const OPERATOR_KINDS: ReadonlyArray<Record<string, string>> = [
  { op: '"send"', conv: '1', cid: '"abcdefgh12"', text: '"hi"' },
  { op: '"typing"', conv: '1' },
  { op: '"read"', conv: '1', seq: '1' },
  { op: '"ping"', t: '1' },
];
/** JSON of every type, and the numbers a sequence or id field should never take. */
const CHAT_VALUES: readonly string[] = [
  ...JSON_VALUES,
  '1.5',
  '-1e-9',
  '9007199254740992',
  '1e309',
  '-1e309',
  '"1"',
  '"NaN"',
  '"Infinity"',
  '"send"',
  '{"$gt":0}',
  JSON.stringify('ک'.repeat(2001)),
];
/** Frames no JSON parser accepts, or JSON that is no frame at all, or a kind the contract does not name. */
const JUNK: readonly string[] = [
  '',
  '{',
  '}',
  '{"op":',
  '\u0000',
  '"hello"',
  '{"op":"read","seq":NaN}',
  '{"op":"read","seq":Infinity}',
  '{"op":"read","conv":1,"seq":-Infinity}',
  '{"op":"ping","t":NaN}',
  '{"op":"read","seq":0x10}',
  '{"op":"read","seq":1,}',
  "{'op':'typing'}",
  '{"op":"typing"}{"op":"typing"}',
  '{"op":"nope"}',
  '{"op":"SEND","cid":"abcdefgh12","text":"x"}',
  '{"op":"msg","m":{"id":1,"conversationId":1,"seq":1}}',
  '{"op":"ready"}',
  '{"op":"err","code":0,"msg":"x"}',
  '{"op":"pong","t":1}',
  '{"op":"typing","__proto__":{"admin":true}}',
  '{"op":"typing","constructor":{"prototype":{"admin":true}}}',
  deep(2000, '[', ']'),
  deep(1000, '{"op":', '}').replace(/\}+$/, (m) => '"typing"' + m),
];

function frameOf(fields: Record<string, string>): string {
  return `{${Object.entries(fields)
    .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
    .join(',')}}`;
}

/** Each kind with each field given each value, each field missing, and an extra field; then junk and noise. */
function matrix(kinds: ReadonlyArray<Record<string, string>>, extraField: string): string[] {
  const out: string[] = [...CHAT_VALUES, ...JUNK];
  for (const kind of kinds) {
    for (const field of Object.keys(kind)) {
      for (const v of CHAT_VALUES) out.push(frameOf({ ...kind, [field]: v }));
      const { [field]: _gone, ...rest } = kind;
      out.push(frameOf(rest));
    }
    out.push(frameOf({ ...kind, [extraField]: '1' }));
  }
  const fields = [...new Set(kinds.flatMap((k) => Object.keys(k))), extraField, '__proto__'];
  const ops = kinds.map((k) => k.op!).concat('"NOPE"', 'null');
  return out.concat(randomFrames(200, 20261206, fields, ops, CHAT_VALUES));
}

/** The frames of `list` the contract refuses (the valid ones are the semantic cases below). */
function refused(list: readonly string[], check: { Check(v: unknown): boolean }): string[] {
  return list.filter((f) => {
    try {
      return !check.Check(JSON.parse(f));
    } catch {
      return true;
    }
  });
}

/**
 * Sends `list` (frames the contract refuses) in batches that stay inside the frame budget, each on a fresh
 * socket, and expects one `err` -1101 per frame and no close; the socket sees no message of the victim's.
 */
async function expectEachRefused(open: () => Promise<ChatClient>, list: readonly string[], batch: number) {
  for (const f of list)
    expect(Buffer.byteLength(f), 'a matrix frame under the size limit').toBeLessThan(WS_MAX_FRAME_BYTES);
  for (let i = 0; i < list.length; i += batch) {
    const c = await open();
    const part = list.slice(i, i + batch);
    const before = errsOf(c).length;
    for (const f of part) c.send(f);
    await c.until(() => errsOf(c).length >= before + part.length || c.closed() !== null, 15_000);
    expect(c.closed(), `closed in batch from frame ${i}`).toBeNull();
    expect(
      errsOf(c)
        .slice(before)
        .map((e) => e.code),
    ).toEqual(part.map(() => WS_ERR.badFrame));
    expect(leaked(c)).toBe(false);
    c.ws.close();
  }
}

/** A frame over the limit closes the socket (1009, before it is buffered); a binary frame gets `err`. */
async function expectSizeAndBinaryRefused(open: () => Promise<ChatClient>) {
  const huge = await open();
  huge.send(JSON.stringify({ op: 'send', cid: newCid(), text: 'y'.repeat(2 * WS_MAX_FRAME_BYTES) }));
  await huge.until(() => huge.closed() !== null);
  expect(huge.closed()).toBe(1009);
  const bin = await open();
  bin.ws.send(Buffer.from(JSON.stringify({ op: 'typing' })), { binary: true });
  await bin.until(() => errsOf(bin).length === 1);
  expect(errsOf(bin)[0]!.code).toBe(WS_ERR.badFrame);
  bin.ws.close();
}

/** More frames than the budget at once: `err` -1102, then the server closes the socket with 1008. */
async function expectFloodClosed(open: () => Promise<ChatClient>, frame: unknown) {
  const c = await open();
  for (let i = 0; i < 500 && c.ws.readyState === WebSocket.OPEN; i++) c.send(frame);
  await c.until(() => c.closed() !== null);
  expect(c.closed()).toBe(1008);
  expect(errsOf(c).some((e) => e.code === WS_ERR.rateLimited)).toBe(true);
}

/**
 * What a user's or a guest's socket may try with valid frames: sending into the victim's conversation, read
 * receipts naming the victim's message ids or seqs past its own last, a second hello as the victim, a hello
 * claiming more than was sent, and more messages than the rate limit. Nothing of the victim's is seen or
 * changed; a refused read or message writes nothing.
 */
async function partyAttacks(open: (after?: number) => Promise<ChatClient>) {
  const before = await snapshot();
  const c = await open(0);
  const { conv, lastSeq } = c.frames.find((f) => f.op === 'ready') as { conv: number; lastSeq: number };
  expect(conv).not.toBe(victimConv);
  // The victim's message ids, as seqs of this conversation, where they name no message of it.
  const ids = victimMsgIds.filter((id) => id > lastSeq);
  expect(ids.length).toBeGreaterThan(1);
  const errs0 = errsOf(c).length;
  c.send({ op: 'send', conv: victimConv, cid: newCid(), text: 'into the victim' });
  c.send({ op: 'read', conv: victimConv, seq: 1 });
  c.send({ op: 'typing', conv: victimConv });
  for (const seq of [...ids, 999_999, Number.MAX_SAFE_INTEGER]) c.send({ op: 'read', seq });
  // A second hello naming the victim: refused, and the socket stays the attacker's.
  c.send({ op: 'hello', token: victim.tokenDemo, after: 0 });
  const expected = 3 + ids.length + 2 + 1;
  await c.until(() => errsOf(c).length === errs0 + expected);
  const got = errsOf(c).slice(errs0);
  expect(got.slice(0, 3).map((e) => e.code)).toEqual([WS_ERR.badFrame, WS_ERR.badFrame, WS_ERR.badFrame]);
  expect(got.slice(3, -1).every((e) => e.code === -1001 && e.msg === 'This message does not exist')).toBe(
    true,
  );
  expect(got.at(-1)!.code).toBe(WS_ERR.badFrame);
  expect(await snapshot()).toEqual(before);
  // Messages past the rate limit (per conversation: an earlier session's messages count too): those within it
  // stored, the rest refused and not stored.
  const n = CHAT_PER_MINUTE + 1;
  for (let i = 0; i < n; i++) c.send({ op: 'send', cid: newCid(), text: `mine ${i}` });
  const limited = () => errsOf(c).slice(errs0 + expected);
  await c.until(() => c.msgs().length + limited().length === n);
  const stored = c.msgs().length;
  expect(limited().length).toBeGreaterThan(0);
  expect(limited().every((e) => /try again/i.test(e.msg))).toBe(true);
  expect(c.msgs().every((m) => m.conversationId === conv)).toBe(true);
  const after = await snapshot();
  expect(after.rows).toBe(before.rows + stored);
  expect(after.conv).toEqual(before.conv);
  expect(after.victimMsgs).toEqual(before.victimMsgs);
  // A hello claiming a seq never sent still hears what comes next (an operator's reply).
  const claim = await open(Number.MAX_SAFE_INTEGER);
  const op = await consoleChat(host, opCookie);
  op.send({ op: 'send', conv, cid: newCid(), text: 'operator reply' });
  await claim.until(() => claim.msgs().some((m) => m.text === 'operator reply'));
  expect(claim.msgs().map((m) => m.seq)).toEqual([lastSeq + stored + 1]);
  expect(leaked(c) || leaked(claim)).toBe(false);
  for (const s of [c, claim, op]) s.ws.close();
}

const userCheck = Compile(ChatClientFrame);
const operatorCheck = Compile(ConsoleChatFrame);

describe('chat sockets under fuzz', () => {
  it('user socket: every refused frame gets err, writes nothing, and shows nothing of another user', async () => {
    const attacker = await user();
    const open = (after?: number) => appChat(host, { token: attacker.tokenDemo }, after);
    const before = await snapshot();
    const list = refused(matrix(USER_KINDS, 'conv'), userCheck);
    expect(list.length).toBeGreaterThan(300);
    await expectEachRefused(open, list, 50);
    await expectSizeAndBinaryRefused(open);
    await expectFloodClosed(open, { op: 'typing' });
    expect(await snapshot()).toEqual(before);
    await partyAttacks(open);
    await stillServing(open);
  });

  it('guest socket: the same, and a later guest of the same phone sees nothing from before its session', async () => {
    const phone = `0${uniquePhone()}`;
    const first = await guestToken(phone);
    const g1 = await appChat(host, { guest: first }, 0);
    g1.send({ op: 'send', cid: newCid(), text: `${SECRET}-guest` });
    await g1.until(() => g1.msgs().length === 1);
    g1.ws.close();
    const token = await guestToken(phone);
    const open = (after?: number) => appChat(host, { guest: token }, after);
    const before = await snapshot();
    const list = refused(matrix(USER_KINDS, 'conv'), userCheck);
    await expectEachRefused(open, list, 50);
    await expectSizeAndBinaryRefused(open);
    await expectFloodClosed(open, { op: 'ping', t: 1 });
    expect(await snapshot()).toEqual(before);
    // The earlier session's message is the same conversation's seq 1: a catch-up from 0 does not reach it.
    const late = await open(0);
    late.send({ op: 'read', seq: 1 });
    late.send({ op: 'ping', t: 2 });
    await late.until(() => late.frames.some((f) => f.op === 'pong'));
    expect(leaked(late)).toBe(false);
    late.ws.close();
    await partyAttacks(open);
    await stillServing(open);
  });

  it('operator socket: refused frames and unknown conversations get err and write nothing', async () => {
    const open = () => consoleChat(host, opCookie);
    const before = await snapshot();
    const list = refused(matrix(OPERATOR_KINDS, 'token'), operatorCheck);
    expect(list.length).toBeGreaterThan(300);
    await expectEachRefused(open, list, 150);
    await expectSizeAndBinaryRefused(open);
    await expectFloodClosed(open, { op: 'ping', t: 1 });
    // Valid shapes naming what does not exist: a conversation, or a message past the victim's last.
    const op = await open();
    const last = before.conv.last_seq;
    for (const frame of [
      { op: 'send', conv: 987_654_321, cid: newCid(), text: 'to nobody' },
      { op: 'read', conv: 987_654_321, seq: 1 },
      { op: 'typing', conv: Number.MAX_SAFE_INTEGER },
      { op: 'read', conv: victimConv, seq: last + 1 },
      { op: 'read', conv: victimConv, seq: Number.MAX_SAFE_INTEGER },
    ])
      op.send(frame);
    await op.until(() => errsOf(op).length === 5);
    expect(errsOf(op).map((e) => e.msg)).toEqual([
      ...Array<string>(3).fill('Not found.'),
      'This message does not exist',
      'This message does not exist',
    ]);
    op.ws.close();
    expect(await snapshot()).toEqual(before);
    await stillServing(open);
  });

  it('drops a user socket and an operator socket that never read while messages pile up', async () => {
    const hog = await user();
    const u = await appChat(host, { token: hog.tokenDemo }, 0);
    const conv = (u.frames.find((f) => f.op === 'ready') as { conv: number }).conv;
    const op = await consoleChat(host, opCookie);
    const sockets = () => t.app.socketAdmission.count;
    const before = sockets();
    // Both stop reading: the kernel's buffers fill, then the server's own send buffer, which it bounds.
    for (const c of [u, op]) (c.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    // What other nodes would publish for this conversation (the bus is how they reach this node); big texts,
    // so the buffers fill in a few rounds. Bounded: a server that never drops them fails the wait.
    const big = 'ز'.repeat(30_000);
    let seq = 0;
    for (let round = 0; round < 60 && sockets() > before - 2; round++) {
      for (let i = 0; i < 20; i++) {
        seq += 1;
        t.app.serviceChat.hub.publish({
          t: 'msg',
          m: {
            id: -seq,
            conversationId: conv,
            seq,
            side: 'operator',
            kind: 'text',
            text: big,
            clientId: `pile${seq}`,
            at: Date.now(),
          },
        });
      }
      // The memory bus delivers at once; the streams and socket writes run on the next turns.
      for (let k = 0; k < 3; k++) await new Promise((r) => setImmediate(r));
    }
    await u.until(() => sockets() <= before - 2, 15_000);
    u.ws.terminate();
    op.ws.terminate();
    await stillServing(() => consoleChat(host, opCookie));
  });
});
