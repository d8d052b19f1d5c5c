// The chat under load, shared by the CI test (tests/server/service-chat-load.test.ts: 40 users, 3 operators,
// 10 s) and the bench (bench/server/chat-load.ts: 200 users, 5 operators, a minute): every user sends texts at
// a steady pace, the operator owning its conversation (conversation id mod operators) answers each one, and
// afterwards every conversation is checked against the database: sequences 1..N without gaps, each client id
// stored once, each sender's messages in the order sent, and every socket (the user's and every operator's)
// received exactly 1..N once each and in order.
import type { Db } from '../../server/db/database.ts';
import { appChat, consoleChat, newCid, type ChatClient } from './chat-clients.ts';
import { waitFor } from './wait-for.ts';

export interface ChatLoadOptions {
  durationMs: number;
  /** pause between one user's messages */
  userIntervalMs: number;
}

export interface ChatLoadResult {
  users: number;
  operators: number;
  durationMs: number;
  messages: number;
  /** problems found; empty when nothing was lost, duplicated or reordered */
  problems: string[];
  /** user message sent → its operator received it, ms */
  latencyP50: number;
  latencyP95: number;
  latencyMax: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runChatLoad(
  host: string,
  db: Db,
  userTokens: readonly string[],
  operatorCookies: readonly string[],
  opts: ChatLoadOptions,
): Promise<ChatLoadResult> {
  const ops = await Promise.all(operatorCookies.map((c) => consoleChat(host, c)));
  const users: ChatClient[] = [];
  for (const token of userTokens) users.push(await appChat(host, { token }, 0));
  const convOf = (u: ChatClient) => {
    const f = u.frames.find((x) => x.op === 'ready');
    if (!f || f.op !== 'ready' || f.conv === null) throw new Error('no ready frame');
    return f.conv;
  };
  const convs = users.map(convOf);
  const sentAt = new Map<string, number>();
  const senderOf = new Map<string, ChatClient['ws']>();
  const sentOrder = new Map<number, string[]>();
  const latencies: number[] = [];
  const replied = new Set<string>();

  // Operators answer every user message of the conversations they own, as it arrives.
  ops.forEach((op, i) => {
    op.ws.on('message', (raw) => {
      const f = JSON.parse(String(raw)) as {
        op: string;
        m?: { side: string; conversationId: number; clientId: string };
      };
      if (f.op !== 'msg' || !f.m) return;
      const { m } = f;
      if (m.side === 'user') {
        const t0 = sentAt.get(m.clientId);
        if (m.conversationId % ops.length === i) {
          if (t0 !== undefined) latencies.push(Date.now() - t0);
          if (replied.has(m.clientId)) return;
          replied.add(m.clientId);
          const cid = newCid();
          sentOrder.get(m.conversationId)?.push(cid);
          op.send({ op: 'send', conv: m.conversationId, cid, text: `re ${m.clientId}` });
        }
      }
    });
  });

  const started = Date.now();
  await Promise.all(
    users.map(async (u, k) => {
      const conv = convs[k]!;
      const mine: string[] = [];
      sentOrder.set(conv, mine);
      await sleep(Math.random() * opts.userIntervalMs);
      while (Date.now() - started < opts.durationMs) {
        const cid = newCid();
        sentAt.set(cid, Date.now());
        senderOf.set(cid, u.ws);
        mine.push(cid);
        u.send({ op: 'send', cid, text: `hello ${mine.length} from ${k}` });
        await sleep(opts.userIntervalMs);
      }
    }),
  );
  // Drain: every user message answered and every socket holding what the database holds.
  const problems: string[] = [];
  const userCids = () => [...sentAt.keys()];
  await waitFor(() => userCids().every((c) => replied.has(c)), {
    timeoutMs: 30_000,
    what: () => `replies to all ${sentAt.size} user messages (have ${replied.size})`,
  }).catch((e: Error) => problems.push(e.message));
  const rows = await db
    .selectFrom('chat_messages')
    .select(['conversation_id', 'seq', 'client_id', 'side'])
    .where('conversation_id', 'in', convs)
    .orderBy('conversation_id')
    .orderBy('seq')
    .execute();
  const byConv = new Map<number, typeof rows>();
  for (const r of rows) byConv.set(r.conversation_id, [...(byConv.get(r.conversation_id) ?? []), r]);
  const seqsOf = (c: ChatClient, conv: number) =>
    c
      .msgs()
      .filter((m) => m.conversationId === conv)
      .map((m) => m.seq);
  await waitFor(
    () =>
      users.every((u, k) => seqsOf(u, convs[k]!).length >= (byConv.get(convs[k]!)?.length ?? 0)) &&
      ops.every((op) => convs.every((conv) => seqsOf(op, conv).length >= (byConv.get(conv)?.length ?? 0))),
    { timeoutMs: 30_000, what: 'every socket to catch up' },
  ).catch((e: Error) => problems.push(e.message));

  const cidsSeen = new Set<string>();
  users.forEach((u, k) => {
    const conv = convs[k]!;
    const list = byConv.get(conv) ?? [];
    const expected = list.map((_, i) => i + 1);
    if (JSON.stringify(list.map((r) => r.seq)) !== JSON.stringify(expected))
      problems.push(`conversation ${conv}: stored seqs have gaps`);
    for (const r of list) {
      if (cidsSeen.has(`${r.side}:${r.client_id}`))
        problems.push(`conversation ${conv}: ${r.client_id} twice`);
      cidsSeen.add(`${r.side}:${r.client_id}`);
    }
    // Each sender's messages in the order it sent them (the user's; every operator reply's order too).
    const stored = list.map((r) => r.client_id);
    const sent = sentOrder.get(conv) ?? [];
    const userStored = stored.filter((c) => sentAt.has(c));
    const userSent = sent.filter((c) => sentAt.has(c));
    if (JSON.stringify(userStored) !== JSON.stringify(userSent))
      problems.push(`conversation ${conv}: user messages stored out of the order sent (or lost)`);
    if (JSON.stringify(seqsOf(u, conv)) !== JSON.stringify(expected))
      problems.push(
        `user of conversation ${conv}: received ${seqsOf(u, conv).length}/${expected.length}, not 1..N once each`,
      );
    ops.forEach((op, i) => {
      if (JSON.stringify(seqsOf(op, conv)) !== JSON.stringify(expected))
        problems.push(`operator ${i}, conversation ${conv}: received seqs not 1..N once each`);
    });
  });
  // A lost message says what the server answered its sender, if anything (a refusal names its cause).
  // (A refusal for a cause other than the message itself, e.g. busy, carries no client id: those are listed.)
  const refusalOf = (cid: string) => {
    const u = users.find((x) => x.ws === senderOf.get(cid));
    const errs = (u?.frames ?? []).filter((f) => f.op === 'err' && (f.cid === cid || f.cid === undefined));
    return errs.length ? `: answered ${JSON.stringify(errs)}` : ': no answer';
  };
  for (const c of sentAt.keys())
    if (!cidsSeen.has(`user:${c}`)) problems.push(`lost user message ${c}${refusalOf(c)}`);
  for (const c of [...users, ...ops]) c.ws.close();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    users: users.length,
    operators: ops.length,
    durationMs: Date.now() - started,
    messages: rows.length,
    problems,
    latencyP50: at(0.5),
    latencyP95: at(0.95),
    latencyMax: latencies[latencies.length - 1] ?? 0,
  };
}
