// Starts the real server as its own process (node --import tsx server/main.ts), on a free port with a
// temporary data directory, exactly as `npm start` runs it after the build: for the browser tests, the
// screenshot script and the attack tests that must see whether the process survives and how much memory it
// holds.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/services/processes.mjs';

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  /** true while the process has not exited */
  alive(): boolean;
  /** resident memory of the process in MiB (Linux /proc) */
  rssMiB(): number;
  /** everything the process printed so far */
  log(): string;
  /** kill -9 (or another signal) and wait for the exit; the data directory stays */
  kill(signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

/** A free loopback port (scripts/services/processes.mjs): re-exported for the tests that import it here. */
export { freePort };

export interface StartOptions {
  /** Run this bundle of server/main.ts (scripts/build/server-bundle.mjs) instead of the sources through tsx. */
  bundle?: string | undefined;
  /** Start from a copy of this data directory (a database an earlier server already migrated and filled). */
  seedDir?: string | undefined;
}

export async function startServerProcess(
  env: Record<string, string> = {},
  opts: StartOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pk-trade-proc-'));
  if (opts.seedDir) cpSync(opts.seedDir, dataDir, { recursive: true });
  const entry = opts.bundle ? ['--enable-source-maps', opts.bundle] : ['--import', 'tsx', 'server/main.ts'];
  const child: ChildProcess = spawn(process.execPath, entry, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${log}`)), 60_000);
    const onData = (buf: Buffer) => {
      log += buf.toString();
      if (log.length > 4_000_000) log = log.slice(-2_000_000);
      const m = /App running at (http:\/\/[^\s]+)/.exec(log);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1].replace(/\/$/, ''));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log}`));
    });
  });
  return {
    url,
    port,
    pid: child.pid ?? 0,
    dataDir,
    alive: () => child.exitCode === null && child.signalCode === null,
    rssMiB: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    log: () => log,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
