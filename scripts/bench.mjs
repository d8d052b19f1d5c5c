// `npm run bench`: micro benches of the pure calculators and of the worker's contract valuation (Vitest bench),
// then the server bench (real server processes on SQLite, PostgreSQL and Redis: orders per second, WebSocket
// fan-out; bench/server/), the crash test at its full 20 kills, the chat, and the contracts' liquidation check on the leader
// (bench/server/perp-liquidation.ts → bench/results/perp-liquidation.json), then the browser benches against the
// bench build (bench/app/ → dist-bench/: the app with the bench probe and the naive baselines, which the
// production build in dist/ does not carry), and the first-route bench on the production build
// (bench/browser/first-route.ts: a first visit's bytes on the wire) and every screen's touch targets in both
// languages (tests/e2e/every-screen-targets.test.ts; `npm test` checks Urdu). BENCH_QUICK=1 makes the server bench
// a one-minute smoke run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status || 1);
};
run('npx', [
  'vitest',
  'bench',
  '--run',
  '--project',
  'unit',
  // one file at a time: two micro benches on the machine's two cores measure each other
  '--no-file-parallelism',
  '--dir',
  'bench',
  '--outputJson',
  'bench/results/calc.json',
]);
// The server bench (PostgreSQL and Redis installed if missing, as for the tests); a failure is reported at the
// end, after the browser benches had their turn.
let failed = 0;
run('node', ['scripts/services/ensure-services.mjs']);
const server = spawnSync('npx', ['tsx', 'bench/server/main.ts'], { stdio: 'inherit' });
if (server.status !== 0) failed = server.status || 1;
// Crash safety at full size: 20 kill -9s of the server under an order load, on SQLite and on PostgreSQL
// (`npm test` runs 8 of each: tests/server/cluster/crash-orders.test.ts).
const crash = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'server',
    '--project',
    'server-pg',
    'tests/server/cluster/crash-orders.test.ts',
  ],
  { stdio: 'inherit', env: { ...process.env, CRASH_KILLS: '20' } },
);
if (crash.status !== 0 && !failed) failed = crash.status || 1;
// The service chat at full size: 200 users and 5 operators for a minute (bench/server/chat-load.ts).
const chat = spawnSync('npx', ['tsx', 'bench/server/chat-load.ts'], { stdio: 'inherit' });
if (chat.status !== 0 && !failed) failed = chat.status || 1;
// The leader's contract liquidation check over 100,000 open positions on SQLite (bench/server/perp-liquidation.ts).
const perp = spawnSync('npx', ['tsx', 'bench/server/perp-liquidation.ts'], { stdio: 'inherit' });
if (perp.status !== 0 && !failed) failed = perp.status || 1;
const browserBenches = existsSync('bench/browser')
  ? readdirSync('bench/browser').filter((f) => f.endsWith('.bench-run.ts'))
  : [];
run('node', ['scripts/ensure-chromium.mjs']);
// The first-route bench measures what users download: the production build, not the bench build.
run('npx', ['vite', 'build', '--logLevel', 'warn']);
const firstRoute = spawnSync('npx', ['tsx', 'bench/browser/first-route.ts'], { stdio: 'inherit' });
if (firstRoute.status !== 0 && !failed) failed = firstRoute.status || 1;
// Every screen's touch targets in both languages (`npm test` checks Urdu only; the console build is not needed).
const screens = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'e2e', 'tests/e2e/every-screen-targets.test.ts'],
  { stdio: 'inherit', env: { ...process.env, SCREENS_BOTH_LANGS: '1' } },
);
if (screens.status !== 0 && !failed) failed = screens.status || 1;
if (browserBenches.length) {
  run('npx', ['vite', 'build', '--config', 'bench/app/vite.config.ts', '--logLevel', 'warn']);
  // Run every browser bench even when one reports a void run (exit 1), then report the first failure.
  for (const f of browserBenches) {
    const r = spawnSync('npx', ['tsx', `bench/browser/${f}`], { stdio: 'inherit' });
    if (r.status !== 0 && !failed) failed = r.status || 1;
  }
}
if (failed) process.exit(failed);
