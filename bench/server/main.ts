// The server bench (`npm run bench`, after the calc benches; or alone: `npx tsx bench/server/main.ts
// [orders|fanout|snapshot]`): orders accepted per second by one node on SQLite and on PostgreSQL, the WebSocket
// fan-out of the Markets feed on one node and on two nodes (PostgreSQL + Redis), and the size and cost of the
// market snapshot the leader keeps in Redis. Writes bench/results/server.json (a run of one part, or of the
// orders on one database, BENCH_ENGINES, keeps the other figures from the file).
// BENCH_QUICK=1: a one-minute smoke run with short windows and fewer sockets, written to the temp directory
// instead (it measures nothing worth keeping).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { startPostgres } from '../../scripts/services/pg-instance.mjs';
import { startRedis } from '../../scripts/services/redis-instance.mjs';
import {
  connectSpread,
  measureWindow,
  peakRss,
  startClient,
  summarise,
  type ClientProc,
  type LatencySummary,
} from './fanout.ts';
import { cheapStock, closedLoop, openLoop, type OrderTarget } from './orders.ts';
import { PgProbe, pgSettings } from './pg-probe.ts';
import { snapshotBench } from './snapshot-codec.ts';
import {
  QUICK,
  cpuMeter,
  diskWaitSampler,
  machine,
  onExit,
  round,
  rssMiB,
  scryptMs,
  seedTraders,
  sleep,
  startNode,
  stopEverything,
  treeCpuMeter,
  type Node,
} from './support.ts';
import { CHEAP_SCRYPT, TRADE_PASSWORD } from '../../tests/support/cheap-trader.ts';

const RESULTS = QUICK ? join(os.tmpdir(), 'pk-trade-server-bench-quick.json') : 'bench/results/server.json';

const ORDERS = {
  users: 50,
  concurrency: Number(process.env['BENCH_CONCURRENCY'] ?? 32),
  warmUpMs: QUICK ? 500 : 2_000,
  windowMs: QUICK ? 2_000 : 10_000,
  /** BENCH_ORDER_RATES=250,500 (or empty: closed loop only) */
  rates: (process.env['BENCH_ORDER_RATES'] ?? '250,500,1000').split(',').filter(Boolean).map(Number),
  target: { sqlite: 1000, postgres: 500 },
};

const FANOUT = {
  channels: ['tickers:crypto'],
  clientProcesses: 4,
  singleNode: QUICK ? [200, 400, 1000] : [1000, 2000, 5000],
  perNodeOfTwo: QUICK ? 1000 : 5000,
  settleMs: QUICK ? 1_000 : 4_000,
  windowMs: QUICK ? 2_000 : 10_000,
  targetP99Ms: 250,
};

/** BENCH_ENGINES=postgres (or sqlite): measure one database only; the other keeps its figures from the file. */
const ENGINES = (process.env['BENCH_ENGINES'] ?? 'sqlite,postgres').split(',');

const log = (...args: unknown[]) => console.log('[server bench]', ...args);

// ---------------------------------------------------------------------------------------------- orders

async function ordersOn(engine: 'sqlite' | 'postgres') {
  const dataDir = mkdtempSync(join(os.tmpdir(), 'pk-trade-bench-orders-'));
  onExit(async () => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  let pgPid = 0;
  let pgLog: string | undefined;
  let durability: Record<string, string> = { journal_mode: 'WAL', synchronous: 'FULL' };
  if (engine === 'postgres') {
    const pgi = await startPostgres({
      database: 'bench_orders',
      settings: {
        shared_preload_libraries: 'pg_stat_statements',
        'pg_stat_statements.track': 'top',
        track_functions: 'pl',
      },
    });
    onExit(() => pgi.stop());
    databaseUrl = pgi.url;
    pgPid = pgi.pid;
    pgLog = pgi.logFile;
    durability = await pgSettings(pgi.url);
  }
  log(`${engine}: seeding ${ORDERS.users} traders`);
  const tokens = await seedTraders(
    { dataDir, ...(databaseUrl ? { databaseUrl } : {}) },
    ORDERS.users,
    100_000_000_00n,
  );
  const node = await startNode({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  onExit(() => node.stop());
  const stock = await cheapStock(node.url);
  const target: OrderTarget = { url: node.url, tokens, symbol: stock.symbol, tradePassword: TRADE_PASSWORD };

  // CPU (and on PostgreSQL what its sessions wait for) over the window, which starts after the warm-up.
  const during = async <T extends { acceptedPerSec: number }>(warmUpMs: number, run: () => Promise<T>) => {
    let server: (() => number) | undefined;
    let database: (() => number) | undefined;
    let self: (() => number) | undefined;
    let disk: ReturnType<typeof diskWaitSampler> | undefined;
    const probe = databaseUrl ? new PgProbe(databaseUrl, 'bench_orders', pgLog) : undefined;
    const timer = setTimeout(() => {
      server = cpuMeter(node.pid);
      if (pgPid) database = treeCpuMeter(pgPid);
      self = cpuMeter(process.pid);
      disk = diskWaitSampler(node.pid);
      void probe?.start();
    }, warmUpMs);
    const r = await run();
    clearTimeout(timer);
    const pgSide = await probe?.stop();
    return {
      ...r,
      serverCpuPct: server?.() ?? NaN,
      ...(database ? { postgresCpuPct: database() } : {}),
      loadGeneratorCpuPct: self?.() ?? NaN,
      ...disk?.(),
      serverRssMiB: round(rssMiB(node.pid), 1),
      // Other work on the machine shows here (the bench's own processes count too).
      loadAverage1mAtEnd: round(os.loadavg()[0] ?? 0, 2),
      ...(pgSide
        ? {
            postgres: {
              ...pgSide,
              rollbacksPerAcceptedOrder: round(pgSide.rollbacksPerSec / Math.max(1, r.acceptedPerSec), 1),
              ...(pgSide.statements
                ? {
                    statementsPerAcceptedOrder: round(
                      pgSide.statements.calls / Math.max(1, r.acceptedPerSec * (ORDERS.windowMs / 1000)),
                      1,
                    ),
                  }
                : {}),
            },
          }
        : {}),
    };
  };

  log(`${engine}: closed loop, ${ORDERS.concurrency} clients, ${stock.symbol} at ${stock.price}`);
  const closed = await during(ORDERS.warmUpMs, () =>
    closedLoop(target, {
      concurrency: ORDERS.concurrency,
      warmUpMs: ORDERS.warmUpMs,
      windowMs: ORDERS.windowMs,
    }),
  );
  log(`${engine}: ${closed.acceptedPerSec}/s p50 ${closed.p50Ms} p99 ${closed.p99Ms} ms`);
  const growth = [];
  for (const rate of ORDERS.rates) {
    const r = await during(ORDERS.warmUpMs, () =>
      openLoop(target, { rate, warmUpMs: ORDERS.warmUpMs, windowMs: ORDERS.windowMs }),
    );
    log(`${engine}: offered ${rate}/s → ${r.acceptedPerSec}/s p50 ${r.p50Ms} p99 ${r.p99Ms} ms`);
    growth.push(r);
  }
  if (!node.alive()) throw new Error(`the ${engine} node died:\n${node.tail()}`);
  await node.stop();
  const goal = ORDERS.target[engine];
  return {
    engine,
    durability,
    symbol: stock.symbol,
    priceAtStart: stock.price,
    concurrency: ORDERS.concurrency,
    maxSustained: { ...closed, targetPerSec: goal, targetMet: closed.acceptedPerSec >= goal },
    growth,
  };
}

async function ordersBench() {
  const at = machine();
  const scrypt = { cheapMs: scryptMs(CHEAP_SCRYPT.log2N), productionMs: scryptMs(17, QUICK ? 1 : 3) };
  const sqlite = ENGINES.includes('sqlite') ? await ordersOn('sqlite') : undefined;
  const postgres = ENGINES.includes('postgres') ? await ordersOn('postgres') : undefined;
  await stopEverything();
  return {
    at,
    method:
      `One node (node --import tsx server/main.ts, request logging at info as npm start), ${ORDERS.users} users ` +
      `created directly in the database, market buys of qty 1 of the cheapest PSX stock over keep-alive HTTP ` +
      `(node:http Agent) from the bench process, distinct clientOrderIds. Max sustained: ` +
      `${ORDERS.concurrency} clients back to back, accepted (code 0) answers per second over a ` +
      `${ORDERS.windowMs / 1000} s window after ${ORDERS.warmUpMs / 1000} s of warm-up. Growth: open loop at a ` +
      `fixed offered rate (latency from each order's scheduled send time; achieved = accepted answers within ` +
      `the window per second). Every order is committed durably before its answer (SQLite WAL ` +
      `synchronous=FULL; PostgreSQL fsync=on, synchronous_commit=on) on this machine's disk.`,
    tradePassword:
      `Every order checks the transaction password (the user's hash read from the database, the lock-out ` +
      `guard's record, the check). The bench's users have the tests' cheap scrypt hash (N=2^${CHEAP_SCRYPT.log2N}, ` +
      `r=${CHEAP_SCRYPT.r}, p=${CHEAP_SCRYPT.p}: ${scrypt.cheapMs} ms per check here) instead of production's ` +
      `(N=2^17, 128 MiB: ${scrypt.productionMs} ms here). A correct check is remembered for 5 minutes per user ` +
      `and process (trade-password.ts), so scrypt runs once per user in the warm-up and the measured orders pay ` +
      `the lookup, the guard and an HMAC, not scrypt; with production hashes the first order of each user per ` +
      `5 minutes would take ~${scrypt.productionMs} ms and two hashes run at once per node.`,
    scryptMs: scrypt,
    sqlite,
    postgres,
  };
}

// ---------------------------------------------------------------------------------------------- fan-out

async function startClients(n: number): Promise<ClientProc[]> {
  const clients = Array.from({ length: n }, () => startClient());
  for (const c of clients) onExit(() => c.close());
  return clients;
}

function latencyRow(s: LatencySummary) {
  return { ...s, targetP99Ms: FANOUT.targetP99Ms };
}

/** The idle peak RSS of started nodes, once their start has settled. */
async function idleRss(nodes: Record<string, Node>): Promise<Record<string, number>> {
  await sleep(QUICK ? 500 : 2_000);
  return peakRss(
    Object.fromEntries(Object.entries(nodes).map(([k, n]) => [k, n.pid])),
    QUICK ? 1_000 : 3_000,
  );
}

async function singleNodeFanout() {
  const node = await startNode({});
  onExit(() => node.stop());
  const idle = (await idleRss({ node }))['node']!;
  const clients = await startClients(FANOUT.clientProcesses);
  const rows: Array<{
    sockets: number;
    socketsOpen: number;
    failedToConnect: number;
    latency: LatencySummary;
    serverCpuPct: number;
    serverRssMiB: number;
    rssPerSocketKiB: number;
    clientsCpuPct: number;
  }> = [];
  let open = 0;
  for (const sockets of FANOUT.singleNode) {
    const c = await connectSpread(clients, node.port, sockets - open, FANOUT.channels);
    open = sockets;
    await sleep(FANOUT.settleMs);
    const w = await measureWindow([{ clients }], { server: node.pid }, FANOUT.windowMs);
    const latency = summarise(w.perGroup[0]!, FANOUT.windowMs);
    const server = w.cpu['server']!;
    const row = {
      sockets,
      socketsOpen: w.perGroup[0]!.reduce((s, m) => s + m.open, 0),
      failedToConnect: c.failed,
      latency,
      serverCpuPct: server.cpuPct,
      serverRssMiB: server.rssMiB,
      rssPerSocketKiB: round(((server.rssMiB - idle) * 1024) / sockets, 1),
      clientsCpuPct: w.clientCpuPct,
    };
    log(
      `1 node, ${sockets} sockets: p50 ${latency.p50Ms} p99 ${latency.p99Ms} ms, server CPU ${server.cpuPct} %, ` +
        `RSS ${server.rssMiB} MiB, clients CPU ${w.clientCpuPct} %`,
    );
    rows.push(row);
  }
  for (const c of clients) await c.close();
  if (!node.alive()) throw new Error(`the fan-out node died:\n${node.tail()}`);
  await node.stop();
  // At most linear: RSS above idle per socket does not rise with the count (25 % slack: the GC moves RSS by
  // tens of MiB); growth faster than linear would make each socket dearer the more there are.
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  const marginal = rows.slice(1).map((r, i) => ({
    from: rows[i]!.sockets,
    to: r.sockets,
    kibPerAddedSocket: round(
      ((r.serverRssMiB - rows[i]!.serverRssMiB) * 1024) / (r.sockets - rows[i]!.sockets),
      1,
    ),
  }));
  return {
    engine: 'sqlite',
    idleRssMiB: idle,
    rows: rows.map((r) => ({ ...r, latency: latencyRow(r.latency) })),
    rssGrowth: {
      kibPerSocketAtEach: rows.map((r) => ({ sockets: r.sockets, kib: r.rssPerSocketKiB })),
      marginal,
      atMostLinear: last.rssPerSocketKiB <= 1.25 * first.rssPerSocketKiB,
    },
  };
}

async function twoNodeFanout() {
  const pgi = await startPostgres({ database: 'bench_fanout' });
  onExit(() => pgi.stop());
  const redis = await startRedis();
  onExit(() => redis.stop());
  const cluster = { DATABASE_URL: pgi.url, REDIS_URL: redis.url };
  // The first node takes the lease (it is alone); the second follows its market through the bus.
  const a = await startNode({ ...cluster, NODE_ID: 'bench-a' });
  onExit(() => a.stop());
  const b = await startNode({ ...cluster, NODE_ID: 'bench-b' });
  onExit(() => b.stop());
  const idle = (await idleRss({ a, b })) as { a: number; b: number };
  const half = Math.max(1, FANOUT.clientProcesses / 2);
  const onA = await startClients(half);
  const onB = await startClients(half);
  const ca = await connectSpread(onA, a.port, FANOUT.perNodeOfTwo, FANOUT.channels);
  const cb = await connectSpread(onB, b.port, FANOUT.perNodeOfTwo, FANOUT.channels);
  await sleep(FANOUT.settleMs);
  const w = await measureWindow(
    [{ clients: onA }, { clients: onB }],
    { a: a.pid, b: b.pid, redis: redis.pid },
    FANOUT.windowMs,
  );
  const la = summarise(w.perGroup[0]!, FANOUT.windowMs);
  const lb = summarise(w.perGroup[1]!, FANOUT.windowMs);
  const all = summarise([...w.perGroup[0]!, ...w.perGroup[1]!], FANOUT.windowMs);
  log(
    `2 nodes × ${FANOUT.perNodeOfTwo}: leader p50 ${la.p50Ms} p99 ${la.p99Ms}, follower p50 ${lb.p50Ms} ` +
      `p99 ${lb.p99Ms}, all p99 ${all.p99Ms} ms; CPU a ${w.cpu['a']!.cpuPct} % b ${w.cpu['b']!.cpuPct} %, ` +
      `clients ${w.clientCpuPct} %`,
  );
  for (const c of [...onA, ...onB]) await c.close();
  for (const n of [a, b]) if (!n.alive()) throw new Error(`a cluster node died:\n${n.tail()}`);
  await b.stop();
  await a.stop();
  await redis.stop();
  await pgi.stop();
  const node = (
    role: string,
    l: LatencySummary,
    cpu: { cpuPct: number; rssMiB: number },
    idleRss: number,
    failed: number,
    group: number,
  ) => ({
    role,
    sockets: FANOUT.perNodeOfTwo,
    socketsOpen: w.perGroup[group]!.reduce((s, m) => s + m.open, 0),
    failedToConnect: failed,
    latency: l,
    serverCpuPct: cpu.cpuPct,
    serverRssMiB: cpu.rssMiB,
    idleRssMiB: idleRss,
    rssPerSocketKiB: round(((cpu.rssMiB - idleRss) * 1024) / FANOUT.perNodeOfTwo, 1),
  });
  return {
    engine: 'postgres + redis',
    nodes: [
      node(
        'leader (simulates, publishes each step on the bus, serves its replica)',
        la,
        w.cpu['a']!,
        idle.a,
        ca.failed,
        0,
      ),
      node('follower (replica from the bus)', lb, w.cpu['b']!, idle.b, cb.failed, 1),
    ],
    redisCpuPct: w.cpu['redis']!.cpuPct,
    clientsCpuPct: w.clientCpuPct,
    all: { sockets: 2 * FANOUT.perNodeOfTwo, ...latencyRow(all), targetMet: all.p99Ms <= FANOUT.targetP99Ms },
  };
}

async function fanoutBench() {
  const at = machine();
  const singleNode = await singleNodeFanout();
  await stopEverything();
  const twoNodes = await twoNodeFanout();
  await stopEverything();
  return {
    at,
    method:
      `Market sockets (/api/ws) from ${FANOUT.clientProcesses} client processes (ws, no compression), each ` +
      `subscribed to ${FANOUT.channels.join(', ')} (one delta per feed step, MARKET_TPS 4 by default). Tick ` +
      `latency = client receive time − the delta's ts (the time of the feed step on the leader; one machine, ` +
      `one clock), over every delta of a ${FANOUT.windowMs / 1000} s window after ${FANOUT.settleMs / 1000} s ` +
      `of settling. Server CPU from /proc/<pid>/stat (utime + stime) over the window, in % of one core; RSS ` +
      `(VmRSS) at its end. One node: SQLite, sockets added 1k → 2k → 5k on the same process. Two nodes: ` +
      `PostgreSQL + Redis, node A leads, half the sockets on each.`,
    sharedMachine:
      'Clients, servers, PostgreSQL and Redis all run on this one machine and share its cores: the clients ' +
      'need CPU to receive every delta too, so latency includes time the servers waited for a core.',
    channels: FANOUT.channels,
    singleNode,
    twoNodes,
  };
}

// ---------------------------------------------------------------------------------------------- main

const only = process.argv[2];
if (only && only !== 'orders' && only !== 'fanout' && only !== 'snapshot')
  throw new Error('usage: main.ts [orders|fanout|snapshot]');
const partial = only !== undefined || ENGINES.length < 2;
const previous = (
  !QUICK && partial && existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : {}
) as Record<string, unknown>;
const result: Record<string, unknown> = { ...previous };
try {
  result['machine'] = machine();
  result['quick'] = QUICK;
  if (!only || only === 'orders') {
    // A run on one database keeps the other's figures.
    const fresh = Object.entries(await ordersBench()).filter(([, v]) => v !== undefined);
    result['orders'] = { ...(previous['orders'] as object | undefined), ...Object.fromEntries(fresh) };
  }
  if (!only || only === 'fanout') result['fanout'] = await fanoutBench();
  if (!only || only === 'snapshot') result['snapshot'] = { at: machine(), ...(await snapshotBench()) };
} finally {
  await stopEverything();
}
writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);
log(`written to ${RESULTS}`);
