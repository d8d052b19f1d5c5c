// A throw-away Redis server of our own for the tests and `npm run start:cluster`: on a free loopback port, in
// memory only (no RDB, no AOF), our child process that dies with us (processes.mjs); never the system's 6379.
import { tmpdir } from 'node:os';
import { Redis } from 'ioredis';
import { findRedisServer } from './binaries.mjs';
import { exited, freePort, spawnTied } from './processes.mjs';

const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

/** Whether a Redis on `port` answers PING now. */
async function answersPing(port) {
  const client = new Redis({
    host: '127.0.0.1',
    port,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1_000,
  });
  client.on('error', () => {}); // a refused connection is the expected answer until the server is up
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function waitUntilReady(port, child, output) {
  const started = Date.now();
  while (!(await answersPing(port))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `redis-server exited (${child.exitCode ?? child.signalCode}) while starting:\n${output()}`,
      );
    }
    if (Date.now() - started > READY_TIMEOUT_MS)
      throw new Error(`redis-server did not answer in 30 s:\n${output()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Starts redis-server on 127.0.0.1 (`port`, else a free one); `url` is redis://127.0.0.1:PORT. */
export async function startRedis({ port } = {}) {
  const program = findRedisServer();
  if (!program) throw new Error('redis-server not found: run node scripts/services/ensure-services.mjs');
  // A free port can be taken before the server binds it: then try another (unless one was asked for).
  for (let attempt = 1; ; attempt++) {
    const p = port ?? (await freePort());
    const child = spawnTied(
      program,
      [
        ...['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        ...['--daemonize', 'no', '--dir', tmpdir(), '--loglevel', 'warning', '--logfile', ''],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let log = '';
    const keep = (b) => (log = (log + b).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    try {
      await waitUntilReady(p, child, () => log);
    } catch (err) {
      child.kill('SIGKILL');
      await exited(child);
      if (port === undefined && attempt < 3 && /address already in use/i.test(String(err))) continue;
      throw err;
    }
    return instance(child, p);
  }
}

function instance(child, port) {
  let stopping;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited(child);
      clearTimeout(timer);
    })());
  return { url: `redis://127.0.0.1:${port}`, port, pid: child.pid ?? 0, stop };
}
