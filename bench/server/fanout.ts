// WebSocket fan-out of the Markets feed: many market sockets on one node (SQLite, one process), then on two
// nodes sharing PostgreSQL and Redis (the leader simulates and publishes each feed step on the bus; the
// follower serves its sockets from its replica). Sockets come from client processes (ws-clients.ts), so the
// server and the clients do not share an event loop — but they do share this machine's cores.
import type { ChildProcess } from 'node:child_process';
import { exited } from '../../scripts/services/processes.mjs';
import { cpuMeter, percentile, round, rssMiB, sleep, spawnNode } from './support.ts';

export interface Measured {
  hist: Array<[number, number]>;
  deltas: number;
  snaps: number;
  gaps: number;
  bytes: number;
  negative: number;
  closedUnasked: number;
  open: number;
  cpuPct: number;
}

interface Connected {
  open: number;
  failed: number;
  errors: Record<string, number>;
}

export interface ClientProc {
  pid: number;
  connect(port: number, count: number, channels: string[]): Promise<Connected>;
  measure(ms: number): Promise<Measured>;
  close(): Promise<void>;
}

export function startClient(): ClientProc {
  const child: ChildProcess = spawnNode(['--import', 'tsx', 'bench/server/ws-clients.ts'], { ipc: true });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMsg = (m: { type: string }) => {
        if (m.type !== type) return;
        child.off('message', onMsg);
        child.off('exit', onExit);
        resolve(m as T);
      };
      const onExit = (code: number | null) => reject(new Error(`client process exited (${code})`));
      child.on('message', onMsg);
      child.once('exit', onExit);
    });
  return {
    pid: child.pid ?? 0,
    connect(port, count, channels) {
      const answer = next<Connected>('connected');
      child.send({ cmd: 'connect', port, count, channels });
      return answer;
    },
    measure(ms) {
      const answer = next<Measured>('measured');
      child.send({ cmd: 'measure', ms });
      return answer;
    },
    async close() {
      if (child.connected) child.send({ cmd: 'close' });
      const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited(child);
      clearTimeout(force);
    },
  };
}

export interface LatencySummary {
  deltas: number;
  /** deltas per second over all sockets */
  deltasPerSec: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /** a delta whose seq was not the one before plus one (the hub skipped a backed-up socket) */
  gaps: number;
  meanDeltaBytes: number;
}

/** Merges the clients' histograms into percentiles. */
export function summarise(ms: Measured[], windowMs: number): LatencySummary {
  const counts = new Map<number, number>();
  let n = 0;
  for (const m of ms) {
    for (const [lat, c] of m.hist) counts.set(lat, (counts.get(lat) ?? 0) + c);
    n += m.deltas;
  }
  const keys = [...counts.keys()].sort((a, b) => a - b);
  const at = (p: number) => {
    const want = Math.max(1, Math.ceil((p / 100) * n));
    let seen = 0;
    for (const k of keys) {
      seen += counts.get(k)!;
      if (seen >= want) return k;
    }
    return NaN;
  };
  const bytes = ms.reduce((s, m) => s + m.bytes, 0);
  return {
    deltas: n,
    deltasPerSec: round(n / (windowMs / 1000), 0),
    p50Ms: at(50),
    p90Ms: at(90),
    p99Ms: at(99),
    maxMs: keys.length ? keys[keys.length - 1]! : NaN,
    gaps: ms.reduce((s, m) => s + m.gaps, 0),
    meanDeltaBytes: n ? round(bytes / n, 0) : 0,
  };
}

/** Opens `count` sockets to `port`, spread evenly over `clients`; throws if a tenth or more fail. */
export async function connectSpread(
  clients: ClientProc[],
  port: number,
  count: number,
  channels: string[],
): Promise<Connected> {
  const share = (i: number) => Math.floor(count / clients.length) + (i < count % clients.length ? 1 : 0);
  const answers = await Promise.all(clients.map((c, i) => c.connect(port, share(i), channels)));
  const total: Connected = { open: 0, failed: 0, errors: {} };
  for (const a of answers) {
    total.failed += a.failed;
    for (const [k, v] of Object.entries(a.errors)) total.errors[k] = (total.errors[k] ?? 0) + v;
  }
  if (total.failed > count / 10)
    throw new Error(`${total.failed} of ${count} sockets failed: ${JSON.stringify(total.errors)}`);
  return total;
}

export interface ProcessFigures {
  cpuPct: number;
  rssMiB: number;
}

/** The highest RSS (MiB) of each process, sampled every 250 ms for `ms`. */
export async function peakRss(pids: Record<string, number>, ms: number): Promise<Record<string, number>> {
  const peak: Record<string, number> = {};
  const until = performance.now() + ms;
  do {
    for (const [k, pid] of Object.entries(pids)) peak[k] = Math.max(peak[k] ?? 0, round(rssMiB(pid), 1));
    await sleep(250);
  } while (performance.now() < until);
  return peak;
}

/**
 * One measurement window: every client measures for `ms` while the servers' (and helpers') CPU is read from
 * /proc over the same window and their RSS sampled (the peak is reported: a GC can lower it for a moment).
 */
export async function measureWindow(
  groups: Array<{ clients: ClientProc[] }>,
  pids: Record<string, number>,
  ms: number,
): Promise<{ perGroup: Measured[][]; cpu: Record<string, ProcessFigures>; clientCpuPct: number }> {
  const meters = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuMeter(pid)]));
  const [perGroup, peak] = await Promise.all([
    Promise.all(groups.map((g) => Promise.all(g.clients.map((c) => c.measure(ms))))),
    peakRss(pids, ms - 300),
  ]);
  const cpu: Record<string, ProcessFigures> = {};
  for (const k of Object.keys(pids)) cpu[k] = { cpuPct: meters[k]!(), rssMiB: peak[k]! };
  const clientCpuPct = round(
    perGroup.flat().reduce((s, m) => s + m.cpuPct, 0),
    1,
  );
  return { perGroup, cpu, clientCpuPct };
}

export { percentile, sleep };
