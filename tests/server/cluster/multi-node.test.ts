// Several nodes as real processes (PostgreSQL and Redis of their own): three servers on one database and one
// Redis. Clients on different nodes get the same ticks with the same sequence numbers; an order placed through
// one node reaches its owner's socket on another; when the leader is killed with SIGKILL another node leads
// within 10 s, the feed goes on with consecutive sequence numbers, no acknowledged order is lost or doubled,
// and the ledger self-check is clean. PostgreSQL only (the `server-pg` project).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startRedis, type RedisInstance } from '../../../scripts/services/redis-instance.mjs';
import { openDatabase } from '../../../server/db/database.ts';
import { clusterSecrets } from '../../support/cluster-secrets.ts';
import { freshPgDatabase, type PgTestDatabase } from '../../support/services/pg-test-db.ts';
import { startServerProcess, type ServerProcess } from '../../support/server-process.ts';
import { testDialect } from '../../support/test-db.ts';
import { waitFor } from '../../support/wait-for.ts';
import { traderOn } from '../../support/cheap-trader.ts';
import { expectOrdersKept, firstStock, placeBuy } from './orders-kept.ts';

const onPg = testDialect() === 'postgres';
let redis: RedisInstance;
let pg: PgTestDatabase;
const nodes: Record<'a' | 'b' | 'c', ServerProcess | undefined> = {
  a: undefined,
  b: undefined,
  c: undefined,
};
let token = '';

const env = (id: string) => ({
  DATABASE_URL: pg.url,
  REDIS_URL: redis.url,
  NODE_ID: id,
  SERVE_STATIC: '0',
  PSX_ALWAYS_OPEN: '1',
  MARKET_HISTORY_DAYS: '3',
  MARKET_MINUTE_DAYS: '1',
  MARKET_TPS: '4',
  RATE_API_PER_IP_PER_MIN: '1000000',
  ...clusterSecrets(),
});

beforeAll(async () => {
  if (!onPg) return;
  redis = await startRedis();
  pg = await freshPgDatabase();
  const database = await openDatabase({ dataDir: '/tmp', databaseUrl: pg.url, poolSize: 2 });
  try {
    token = (
      await traderOn(database.db, {
        phone: '3004445566',
        demoFundsPaisa: 10_000_000_00n,
        userAgent: 'cluster',
      })
    ).tokenDemo;
  } finally {
    await database.close();
  }
  // The first node leads (it is alone when it takes the lease); the others follow its market.
  nodes.a = await startServerProcess(env('a'));
  [nodes.b, nodes.c] = await Promise.all([startServerProcess(env('b')), startServerProcess(env('c'))]);
}, 180_000);

afterAll(async () => {
  for (const n of Object.values(nodes)) await n?.stop();
  await pg?.drop();
  await redis?.stop();
});

interface Msg {
  op: string;
  ch?: string;
  seq?: number;
  data?: unknown;
}

interface Client {
  ws: WebSocket;
  msgs: Msg[];
  close(): void;
}

function connect(node: ServerProcess, path: string, first: object): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${node.port}${path}`);
    const c: Client = { ws, msgs: [], close: () => ws.terminate() };
    ws.on('message', (raw) => c.msgs.push(JSON.parse(String(raw)) as Msg));
    ws.on('error', () => {});
    ws.once('open', () => {
      ws.send(JSON.stringify(first));
      resolve(c);
    });
    ws.once('unexpected-response', (_q, res) => reject(new Error(`refused ${res.statusCode}`)));
  });
}

const until = (cond: () => boolean, what: string | (() => string), timeoutMs = 15_000) =>
  waitFor(cond, { timeoutMs, intervalMs: 25, what });

/** Deltas of `ch` by seq; fails on a gap (a seq that is not the one before plus one). */
function deltas(c: Client, ch: string): Map<number, string> {
  const out = new Map<number, string>();
  let last: number | undefined;
  for (const m of c.msgs) {
    if (m.ch !== ch) continue;
    if (m.op === 'snap') last = m.seq;
    if (m.op !== 'delta' || m.seq === undefined) continue;
    if (last !== undefined) expect(m.seq, `${ch}: seq after ${last}`).toBe(last + 1);
    last = m.seq;
    out.set(m.seq, JSON.stringify(m.data));
  }
  return out;
}

const CH = 'tickers:crypto';

describe.runIf(onPg)('three nodes on one PostgreSQL and one Redis', () => {
  it('gives clients on node A and node C the same ticks with the same sequence numbers', async () => {
    const onA = await connect(nodes.a!, '/api/ws', { op: 'sub', ch: [CH] });
    const onC = await connect(nodes.c!, '/api/ws', { op: 'sub', ch: [CH] });
    try {
      await until(
        () => deltas(onA, CH).size >= 8 && deltas(onC, CH).size >= 8,
        () =>
          `8 deltas on both nodes (A: ${deltas(onA, CH).size} of ${onA.msgs.length} messages, C: ` +
          `${deltas(onC, CH).size} of ${onC.msgs.length}; A's first: ${JSON.stringify(onA.msgs.slice(0, 3)).slice(0, 300)})`,
      );
      const a = deltas(onA, CH);
      const c = deltas(onC, CH);
      const common = [...a.keys()].filter((s) => c.has(s));
      expect(common.length).toBeGreaterThanOrEqual(5);
      for (const s of common) expect(c.get(s), `seq ${s}`).toBe(a.get(s));
    } finally {
      onA.close();
      onC.close();
    }
  });

  it("fills an order placed through node B and tells its owner's socket on node C", async () => {
    const acct = await connect(nodes.c!, '/api/ws/account', { op: 'sub', ch: ['account'], token });
    try {
      await until(() => acct.msgs.some((m) => m.op === 'snap'), 'the account snapshot on node C');
      const symbol = await firstStock(nodes.b!.url);
      const placed = await placeBuy(nodes.b!.url, token, symbol, 'cluster-b-1');
      expect(placed.code, placed.msg).toBe(0);
      await until(
        () =>
          acct.msgs.some(
            (m) => m.op === 'delta' && JSON.stringify(m.data).includes(`"id":${placed.data!.id}`),
          ),
        'the order on the socket of node C',
      );
    } finally {
      acct.close();
    }
  });

  it('hands the lead to another node within 10 s when the leader is killed, losing nothing', async () => {
    const onC = await connect(nodes.c!, '/api/ws', { op: 'sub', ch: [CH] });
    const symbol = await firstStock(nodes.b!.url);
    const acked = new Map<string, number>();
    let n = 0;
    let running = true;
    const load = (async () => {
      while (running) {
        const id = `cluster-load-${n++}`;
        try {
          const r = await placeBuy(nodes.b!.url, token, symbol, id);
          if (r.code === 0 && r.data) acked.set(id, r.data.id);
        } catch {
          // not acknowledged
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    try {
      await until(() => deltas(onC, CH).size >= 3, 'ticks on node C before the kill');
      await nodes.a!.kill('SIGKILL');
      const killedAt = Date.now();
      const before = Math.max(...deltas(onC, CH).keys());
      await until(() => Math.max(...deltas(onC, CH).keys()) >= before + 3, 'ticks again on node C', 20_000);
      const resumedAfter = Date.now() - killedAt;
      expect(resumedAfter).toBeLessThan(10_000);
      deltas(onC, CH); // consecutive sequence numbers through the hand-over
    } finally {
      running = false;
      await load;
      onC.close();
    }
    expect(acked.size).toBeGreaterThan(0);
    const database = await openDatabase({ dataDir: '/tmp', databaseUrl: pg.url, poolSize: 2 });
    try {
      await expectOrdersKept(database.db, acked, 'cluster-load-');
    } finally {
      await database.close();
    }
  });
});
