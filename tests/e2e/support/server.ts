// Starts the real server (built app + API + WebSocket) on a free port with a temporary data directory, as
// `npm start` would after the build, for the browser tests and the screenshot script. Inside the test run
// (support/global-setup.ts) it runs the server's bundle on a copy of an already migrated and filled database:
// a start takes about 2.4 s instead of 6.5 s. A test whose settings change what a first start writes (the
// listings', options' or funds' timing) gets a database of its own; outside the run (the screenshot and
// bench scripts) the server runs from the sources.
import { existsSync } from 'node:fs';
import { startServerProcess } from '../../support/server-process.ts';
import { E2E_SERVER_ENV } from './server-env.ts';

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Settings a test may change that the first start's database does not depend on. */
const SEED_SAFE = new Set([
  'CSP_CONNECT_ORIGINS',
  'STATIC_DIR',
  'PUSH_ALLOW_HTTP',
  'RATE_CODE_PER_PHONE_PER_MIN',
  'SIM_CONTROLS',
  'MARKET_HALT_SCALE',
]);

export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  // The benches serve their own build (STATIC_DIR=dist-bench, bench/app/vite.config.ts).
  const dir = extraEnv.STATIC_DIR ?? 'dist';
  if (!existsSync(`${dir}/index.html`)) throw new Error(`${dir}/ is missing: build it first`);
  const bundle = process.env['E2E_SERVER_BUNDLE'];
  const seed = process.env['E2E_SERVER_SEED'];
  const seedSafe = Object.keys(extraEnv).every((k) => SEED_SAFE.has(k));
  return startServerProcess(
    { ...E2E_SERVER_ENV, ...extraEnv },
    { bundle, seedDir: seed && seedSafe ? seed : undefined },
  );
}
