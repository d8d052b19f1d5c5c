// `npm start`'s supervisor: runs the server (node --import tsx server/main.ts) and starts it again whenever it
// dies on its own (a crash, an out-of-memory kill, kill -9), waiting 1 s, then longer after quick repeated
// deaths (doubling up to 30 s; back to 1 s after a minute of uptime). SIGINT/SIGTERM are passed on and end
// both; a clean exit (code 0) ends both. In production a service manager does this job: see server/README.md
// for the systemd unit.
import { spawn } from 'node:child_process';

const MIN_WAIT_MS = 1_000;
const MAX_WAIT_MS = 30_000;
const STABLE_MS = 60_000;

let child = null;
let stopping = false;
let wait = MIN_WAIT_MS;

function start() {
  const startedAt = Date.now();
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: process.env,
  });
  child.on('exit', (code, signal) => {
    child = null;
    if (stopping || code === 0) process.exit(code ?? 0);
    if (Date.now() - startedAt >= STABLE_MS) wait = MIN_WAIT_MS;
    const why = signal ? `signal ${signal}` : `exit code ${code}`;
    console.error(`[supervisor] server stopped (${why}); starting it again in ${wait / 1000} s`);
    setTimeout(start, wait);
    wait = Math.min(wait * 2, MAX_WAIT_MS);
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    if (child) child.kill(signal);
    else process.exit(0);
  });
}

start();
