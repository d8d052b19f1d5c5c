// `npm test`: the whole suite — typecheck, lint, unit and server tests (the server ones on SQLite, then again on
// throw-away PostgreSQL and Redis servers), then a production build and the browser tests against the real
// server. Stops at the first failing step; ends with one plain "Tests: N passed, N failed" line summed over
// every Vitest run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const REPORT_DIR = '.tmp/test-reports';
rmSync(REPORT_DIR, { recursive: true, force: true });
mkdirSync(REPORT_DIR, { recursive: true });
const vitest = (name, projects) => [
  'npx',
  [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${REPORT_DIR}/${name}.json`,
  ],
];

const steps = [
  ['typecheck', 'npx', ['tsc', '-b']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['postgresql + redis', 'node', ['scripts/services/ensure-services.mjs']],
  ['unit + server tests', ...vitest('unit-server', ['unit', 'server', 'server-pg'])],
  ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  [
    'build the operator console',
    'npx',
    ['vite', 'build', '-c', 'vite.admin.config.ts', '--logLevel', 'warn'],
  ],
  ['no bench code in dist/', 'node', ['scripts/check-dist.mjs', 'dist']],
  ['first screens within their size', 'node', ['scripts/check-first-route.mjs', 'dist']],
  ['browser tests', ...vitest('e2e', ['e2e'])],
];

function summary() {
  let passed = 0;
  let failed = 0;
  for (const name of ['unit-server', 'e2e']) {
    try {
      const r = JSON.parse(readFileSync(`${REPORT_DIR}/${name}.json`, 'utf8'));
      passed += r.numPassedTests ?? 0;
      failed += r.numFailedTests ?? 0;
    } catch {
      // that step did not run
    }
  }
  console.log(`\nTests: ${passed} passed, ${failed} failed`);
}

for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${r.status ?? r.signal})`);
    summary();
    process.exit(r.status || 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
summary();
