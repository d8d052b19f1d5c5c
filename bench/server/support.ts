// Plumbing of the server benches: a server node as a real process (tied to ours, so a crashed bench leaves
// none behind), its CPU and memory from /proc, percentiles, the machine, and the users the order bench trades
// with (created directly in the database, as the cluster tests do).
import { randomBytes, scryptSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { exited, freePort } from '../../scripts/services/processes.mjs';
import { openDatabase } from '../../server/db/database.ts';
import { traderOn } from '../../tests/support/cheap-trader.ts';

export const QUICK = process.env['BENCH_QUICK'] === '1';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** What every bench node runs with besides its database: a market that trades all day, no flood guards in the way. */
export const NODE_ENV = {
  SERVE_STATIC: '0',
  PSX_ALWAYS_OPEN: '1',
  MARKET_HISTORY_DAYS: '3',
  MARKET_MINUTE_DAYS: '1',
  RATE_API_PER_IP_PER_MIN: '1000000',
  WS_PER_IP: '100000',
  WS_MAX_SOCKETS: '100000',
};

export interface Node {
  url: string;
  port: number;
  pid: number;
  /** the process's last few KB of output */
  tail(): string;
  alive(): boolean;
  stop(): Promise<void>;
}

const started = new Set<ChildProcess>();
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));

/** `node args` as our child, sent SIGTERM by the kernel if we die first (util-linux setpriv, where present). */
export function spawnNode(
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; ipc?: boolean } = {},
): ChildProcess {
  const [file, argv] = SETPRIV
    ? [SETPRIV, ['--pdeathsig=TERM', '--', process.execPath, ...args]]
    : [process.execPath, args];
  const child = spawn(file, argv, {
    env: opts.env ?? process.env,
    stdio: opts.ipc ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  return child;
}

const cleanups: Array<() => Promise<void>> = [];

/** Something to stop however the bench ends (servers, PostgreSQL, Redis, client processes). */
export function onExit(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

export async function stopEverything(): Promise<void> {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    void stopEverything().finally(() => process.exit(130));
  });
}

/** The real server (node --import tsx server/main.ts, as `npm start` runs it) on a free port. */
export async function startNode(env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const dataDir = env['DATA_DIR'] ?? mkdtempSync(join(os.tmpdir(), 'pk-trade-bench-'));
  const ownDir = env['DATA_DIR'] === undefined;
  // BENCH_CPU_PROF=<dir>: each node writes a V8 CPU profile there when it stops (node --cpu-prof).
  const prof = process.env['BENCH_CPU_PROF'];
  const profArgs = prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : [];
  const child = spawnNode([...profArgs, '--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...NODE_ENV, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
  });
  let out = '';
  let up = false;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 120 s:\n${out}`)), 120_000);
    const onData = (buf: Buffer) => {
      // Only a tail is kept, and the start line is looked for only until it came (the request log is busy).
      out = (out + buf.toString()).slice(-8000);
      if (up) return;
      const m = /App running at (http:\/\/[^\s]+)/.exec(out);
      if (m?.[1]) {
        up = true;
        clearTimeout(timer);
        resolve(m[1].replace(/\/$/, ''));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!up) reject(new Error(`server exited with ${code ?? signal}:\n${out}`));
    });
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(force);
    }
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    url,
    port,
    pid: child.pid ?? 0,
    tail: () => out,
    alive: () => child.exitCode === null && child.signalCode === null,
    stop,
  };
}

const TICK_HZ = 100; // USER_HZ: /proc's clock ticks per second on Linux

/** CPU seconds (user + system) the process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[11]) + Number(rest[12])) / TICK_HZ;
}

/** Resident memory in MiB. */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Samples a process's scheduler state every 20 ms until stopped: the share of samples in uninterruptible
 * sleep ('D': waiting for the disk, e.g. an fsync on the event loop's thread) and the longest such stretch.
 */
export function diskWaitSampler(pid: number): () => { diskWaitShare: number; longestDiskWaitMs: number } {
  let samples = 0;
  let inD = 0;
  let runStart: number | null = null;
  let longest = 0;
  const timer = setInterval(() => {
    let state = '';
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    } catch {
      return;
    }
    samples++;
    const now = performance.now();
    if (state === 'D') {
      inD++;
      runStart ??= now;
      longest = Math.max(longest, now - runStart);
    } else runStart = null;
  }, 20);
  return () => {
    clearInterval(timer);
    return { diskWaitShare: round(inD / Math.max(1, samples), 2), longestDiskWaitMs: round(longest, 0) };
  };
}

/** CPU seconds of a process and its children (PostgreSQL: the postmaster and every backend). */
export function treeCpuSeconds(root: number): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(entry) !== root && Number(rest[1]) !== root) continue;
      total += (Number(rest[11]) + Number(rest[12])) / TICK_HZ;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** CPU % of one core a process tree used between two readings (backends that ended meanwhile are missed). */
export function treeCpuMeter(root: number): () => number {
  const c0 = treeCpuSeconds(root);
  const t0 = performance.now();
  return () => round((100 * (treeCpuSeconds(root) - c0)) / ((performance.now() - t0) / 1000), 1);
}

/** CPU % of one core a process used between two readings. */
export function cpuMeter(pid: number): () => number {
  const c0 = cpuSeconds(pid);
  const t0 = performance.now();
  return () => round((100 * (cpuSeconds(pid) - c0)) / ((performance.now() - t0) / 1000), 1);
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

export function machine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model ?? '',
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    date: new Date().toISOString(),
    loadAverageAtStart: os.loadavg().map((x) => round(x, 2)),
  };
}

/** Milliseconds one scrypt check costs at `log2N` on this machine (median of a few). */
export function scryptMs(log2N: number, runs = 5): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    scryptSync('246810', randomBytes(16), 32, {
      N: 2 ** log2N,
      r: 8,
      p: 1,
      maxmem: 2 * 128 * 2 ** log2N * 8,
    });
    times.push(performance.now() - t0);
  }
  return round(times.sort((a, b) => a - b)[Math.floor(runs / 2)]!, 2);
}

/**
 * `n` users with a demo account holding `fundsPaisa`, the transaction password TRADE_PASSWORD (cheap hash) and
 * a session each; returns their demo tokens. The database is migrated here (the server finds it ready).
 */
export async function seedTraders(
  where: { dataDir: string; databaseUrl?: string },
  n: number,
  fundsPaisa: bigint,
): Promise<string[]> {
  const database = await openDatabase({
    dataDir: where.dataDir,
    ...(where.databaseUrl ? { databaseUrl: where.databaseUrl, poolSize: 2 } : {}),
  });
  const tokens: string[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const phone = `300${String(1_000_000 + i).slice(1)}`;
      const t = await traderOn(database.db, { phone, demoFundsPaisa: fundsPaisa, userAgent: 'bench' });
      tokens.push(t.tokenDemo);
    }
  } finally {
    await database.close();
  }
  return tokens;
}
