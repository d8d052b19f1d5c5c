// Process plumbing shared by the PostgreSQL and Redis starters: a free loopback port, and a child process tied
// to ours, so a server we started never outlives us (a killed test runner, a Ctrl-C, a crash): on Linux the
// child is started through util-linux's setpriv with a parent-death signal, which also switches to another user
// (postgres refuses to run as root).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));

/** A port on 127.0.0.1 that was free a moment ago (the kernel's pick for port 0). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/**
 * The command line that runs `cmd args` as `user` (when given and we are root), sent `deathSignal` when this
 * process dies. Note: the signal follows the *thread* that spawned it, so spawn from the main thread.
 */
function tiedCommand(cmd, args, { user, deathSignal }) {
  if (!SETPRIV) {
    if (user && isRoot) return ['/usr/sbin/runuser', ['-u', user, '--', cmd, ...args]];
    return [cmd, args];
  }
  const who = user && isRoot ? [`--reuid=${user}`, `--regid=${user}`, '--init-groups'] : [];
  return [SETPRIV, [...who, ...(deathSignal ? [`--pdeathsig=${deathSignal}`] : []), '--', cmd, ...args]];
}

/**
 * Starts a long-running server as our child (see tiedCommand); `stdio` as for child_process.spawn. It gets a
 * process group of its own, so a terminal's Ctrl-C reaches only us and we stop our servers in our order.
 */
export function spawnTied(
  cmd,
  args,
  { user, deathSignal = 'TERM', stdio = 'ignore', env = process.env } = {},
) {
  const [file, argv] = tiedCommand(cmd, args, { user, deathSignal });
  return spawn(file, argv, { stdio, env, detached: true });
}

/** Runs a short command to its end (as `user` when root); rejects with its output when it fails. */
export function runAs(user, cmd, args, { env = process.env } = {}) {
  const [file, argv] = tiedCommand(cmd, args, { user, deathSignal: 'KILL' });
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b) => (out += b));
    child.stderr.on('data', (b) => (out += b));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')} failed (exit ${code ?? signal}):\n${out}`));
    });
  });
}

/** Resolves when `child` has exited (at once if it already has). */
export function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Whether a process with this pid exists. */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}
