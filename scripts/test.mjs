// `npm test`: the whole suite — typecheck, lint, unit and server tests, then a production build and the
// browser tests against the real server. Stops at the first failing step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npx', ['tsc', '-b']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['unit + server tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'server']],
  ['chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['browser tests', 'npx', ['vitest', 'run', '--project', 'e2e']],
];

for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status || 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
