// The customer-service chat across two nodes (real processes on one PostgreSQL and one Redis): a user on node A
// and an operator on node B chat both ways (texts and an image), typing and read markers cross the nodes, and
// the user reconnecting to node B from its last seq, while the operator keeps writing, gets every message
// once, in order. Each node has its own data directory, as machines do not share a disk: the image stored
// through A is served by B from the database. PostgreSQL only (the `server-pg` project), like the other cluster tests.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RedisInstance } from '../../../scripts/services/redis-instance.mjs';
import { openDatabase } from '../../../server/db/database.ts';
import { totpCode } from '../../../server/domain/console/totp.ts';
import { appChat, consoleChat, newCid, type ChatClient } from '../../support/chat-clients.ts';
import { clusterSecrets } from '../../support/cluster-secrets.ts';
import { traderOn, type Trader } from '../../support/cheap-trader.ts';
import { freshPgDatabase, type PgTestDatabase } from '../../support/services/pg-test-db.ts';
import { startServerProcess, type ServerProcess } from '../../support/server-process.ts';
import { testDialect } from '../../support/test-db.ts';
import { makeOperator, type TestOperator } from '../console-helpers.ts';

const onPg = testDialect() === 'postgres';
let redis: RedisInstance;
let pg: PgTestDatabase;
let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
let trader: Trader;
let operator: TestOperator;

const env = (id: string) => ({
  DATABASE_URL: pg.url,
  REDIS_URL: redis.url,
  NODE_ID: id,
  ...clusterSecrets(),
  SERVE_STATIC: '0',
  MARKET_HISTORY_DAYS: '3',
  MARKET_MINUTE_DAYS: '1',
  RATE_API_PER_IP_PER_MIN: '1000000',
});

beforeAll(async () => {
  if (!onPg) return;
  redis = await startRedis();
  pg = await freshPgDatabase();
  const database = await openDatabase({ dataDir: '/tmp', databaseUrl: pg.url, poolSize: 2 });
  try {
    trader = await traderOn(database.db, { phone: '3004445577', demoFundsPaisa: 0n, userAgent: 'cluster' });
    operator = await makeOperator(database, 'support');
  } finally {
    await database.close();
  }
  a = await startServerProcess(env('a'));
  b = await startServerProcess(env('b'));
}, 180_000);

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await pg?.drop();
  await redis?.stop();
});

const hostOf = (n: ServerProcess) => `127.0.0.1:${n.port}`;

/** The console login on `node` (password and the current TOTP code), as the Cookie header value. */
async function consoleCookie(node: ServerProcess): Promise<string> {
  const res = await fetch(`${node.url}/admin/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-console': '1' },
    body: new URLSearchParams({
      username: operator.username,
      password: operator.password,
      code: totpCode(operator.secret, Date.now()),
    }),
  });
  const body = (await res.json()) as { code: number; msg: string };
  if (body.code !== 0) throw new Error(`console login failed: ${body.msg}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** The user's image upload (multipart: clientId and the file) through `node`. */
async function uploadImage(node: ServerProcess, token: string) {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a6' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('clientId', newCid());
  form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  const res = await fetch(`${node.url}/api/service/image`, {
    method: 'POST',
    headers: { accesstoken: token },
    body: form,
  });
  return (await res.json()) as { code: number; msg: string; data: { id: number; seq: number; kind: string } };
}

const seqs = (c: ChatClient) => c.msgs().map((m) => m.seq);
const texts = (c: ChatClient, conv: number) =>
  c
    .msgs()
    .filter((m) => m.conversationId === conv)
    .map((m) => m.text);

describe.runIf(onPg)('the service chat on two nodes', () => {
  it('carries texts, an image, typing and read markers between nodes, and a reconnect to the other node loses nothing', async () => {
    const cookie = await consoleCookie(b!);
    const op = await consoleChat(hostOf(b!), cookie);
    const me = await appChat(hostOf(a!), { token: trader.tokenDemo }, 0);
    try {
      // user (A) → operator (B)
      me.send({ op: 'send', cid: newCid(), text: 'Salam from node A' });
      await op.until(() => op.msgs().some((m) => m.text === 'Salam from node A'), 15_000);
      const conv = op.msgs().find((m) => m.text === 'Salam from node A')!.conversationId;
      // operator (B) → user (A)
      op.send({ op: 'send', conv, cid: newCid(), text: 'Jawab from node B' });
      await me.until(() => me.msgs().some((m) => m.text === 'Jawab from node B'), 15_000);
      // typing both ways
      me.send({ op: 'typing' });
      await op.until(() => op.frames.some((f) => f.op === 'typing' && f.conv === conv && f.side === 'user'));
      op.send({ op: 'typing', conv });
      await me.until(() => me.frames.some((f) => f.op === 'typing' && f.side === 'operator'));
      // read markers both ways
      me.send({ op: 'read', seq: 2 });
      await op.until(() =>
        op.frames.some((f) => f.op === 'read' && f.conv === conv && f.side === 'user' && f.seq === 2),
      );
      op.send({ op: 'read', conv, seq: 1 });
      await me.until(() => me.frames.some((f) => f.op === 'read' && f.side === 'operator' && f.seq >= 1));
      // an image uploaded through A reaches the operator on B, who fetches it from B
      const img = await uploadImage(a!, trader.tokenDemo);
      expect(img.code, img.msg).toBe(0);
      await op.until(() => op.msgs().some((m) => m.id === img.data.id && m.kind === 'image'), 15_000);
      await me.until(() => me.msgs().some((m) => m.id === img.data.id));
      const bytes = await fetch(`${b!.url}/admin/api/service/image/${img.data.id}`, { headers: { cookie } });
      expect(bytes.status).toBe(200);
      expect(bytes.headers.get('content-type')).toBe('image/jpeg');
      expect(seqs(me)).toEqual([1, 2, 3]);

      // The user drops off node A; the operator writes meanwhile; the user comes back on node B from its last
      // seq while the operator goes on writing.
      const held = Math.max(...seqs(me));
      me.ws.close();
      await me.until(() => me.closed() !== null);
      for (let i = 0; i < 3; i++) op.send({ op: 'send', conv, cid: newCid(), text: `away ${i}` });
      await op.until(() => texts(op, conv).includes('away 2'), 15_000);
      const back = await appChat(hostOf(b!), { token: trader.tokenDemo }, held);
      for (let i = 0; i < 3; i++) op.send({ op: 'send', conv, cid: newCid(), text: `live ${i}` });
      back.send({ op: 'send', cid: newCid(), text: 'back on node B' });
      try {
        await back.until(
          () => texts(back, conv).includes('back on node B') && texts(back, conv).includes('live 2'),
          15_000,
        );
        await op.until(() => texts(op, conv).includes('back on node B'), 15_000);
        // Once each, in seq order, nothing missing after what it held.
        const got = seqs(back);
        expect(got).toEqual(Array.from({ length: got.length }, (_, i) => held + 1 + i));
        expect(got).toHaveLength(7);
        expect(texts(back, conv).slice(0, 3)).toEqual(['away 0', 'away 1', 'away 2']);
        const live = texts(back, conv).filter((x) => x.startsWith('live '));
        expect(live).toEqual(['live 0', 'live 1', 'live 2']);
        // The operator too saw every message of the conversation once, in order.
        const opSeqs = op
          .msgs()
          .filter((m) => m.conversationId === conv)
          .map((m) => m.seq);
        expect(opSeqs).toEqual(Array.from({ length: held + 7 }, (_, i) => i + 1));
      } finally {
        back.ws.close();
      }
    } finally {
      op.ws.close();
      me.ws.close();
    }
  });
});
