// `npm run start:cluster`: the app as three server nodes (a, b, c on PORT, PORT+1, PORT+2; PORT defaults to
// 3000) sharing one PostgreSQL (kept in .data/cluster/pg, initdb'd on the first run) and one Redis (in memory),
// both started here on loopback ports of their own. Each node runs as `npm start` runs the server
// (node --import tsx server/main.ts, after a build if dist/ has none), with DATABASE_URL, REDIS_URL and NODE_ID
// set, its own DATA_DIR and one set of server keys for all (SMS_CODE_SECRET: a code texted by one node is
// checked by another; DEPOSIT_ADDRESS_SECRET: one key reproduces every stored deposit address; the VAPID pair: a
// device subscribed through one node gets pushes sent by any). A node with other keys refuses to start
// (server/domain/cluster/shared-secrets.ts).
// Ctrl-C (or any node exiting) stops the nodes, then Redis and PostgreSQL.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import webpush from 'web-push';
import { startPostgres } from './services/pg-instance.mjs';
import { spawnTied } from './services/processes.mjs';
import { startRedis } from './services/redis-instance.mjs';

const CLUSTER_DIR = '.data/cluster';
const NODE_IDS = ['a', 'b', 'c'];
const NODE_STOP_TIMEOUT_MS = 15_000;
const basePort = Number(process.env.PORT || 3000);
const optionalPort = (name) => (process.env[name] ? { port: Number(process.env[name]) } : {});

function runOrExit(what, cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`[cluster] ${what} failed`);
    process.exit(r.status || 1);
  }
}

/**
 * The keys all nodes share: from the environment when set, else made on the first run and kept in
 * .data/cluster/secrets.json (mode 0600).
 */
function sharedSecrets() {
  const file = `${CLUSTER_DIR}/secrets.json`;
  if (!existsSync(file)) {
    const vapid = webpush.generateVAPIDKeys();
    const made = {
      SMS_CODE_SECRET: randomBytes(32).toString('hex'),
      DEPOSIT_ADDRESS_SECRET: randomBytes(32).toString('hex'),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    };
    writeFileSync(file, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600 });
  }
  const kept = JSON.parse(readFileSync(file, 'utf8'));
  const out = {};
  for (const name of Object.keys(kept)) out[name] = process.env[name] || kept[name];
  // The VAPID pair goes together: one half from the environment and the other from the file would not match.
  if (process.env.VAPID_PUBLIC_KEY || process.env.VAPID_PRIVATE_KEY) {
    out.VAPID_PUBLIC_KEY = process.env.VAPID_PUBLIC_KEY ?? '';
    out.VAPID_PRIVATE_KEY = process.env.VAPID_PRIVATE_KEY ?? '';
  }
  return out;
}

/** Passes a node's output on, each line marked with its id. */
function prefixLines(stream, out, id) {
  let rest = '';
  stream.on('data', (buf) => {
    const lines = (rest + buf).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`[${id}] ${line}\n`);
  });
  stream.on('end', () => rest && out.write(`[${id}] ${rest}\n`));
}

runOrExit('ensure-services', process.execPath, ['scripts/services/ensure-services.mjs']);
if (!existsSync('dist/index.html')) runOrExit('vite build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
mkdirSync(CLUSTER_DIR, { recursive: true });

const [pgStarted, redisStarted] = await Promise.allSettled([
  startPostgres({ dir: `${CLUSTER_DIR}/pg`, database: 'pk_trade', ...optionalPort('PG_PORT') }),
  startRedis(optionalPort('REDIS_PORT')),
]);
const services = [pgStarted, redisStarted].flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
if (services.length < 2) {
  for (const r of [pgStarted, redisStarted])
    if (r.status === 'rejected') console.error(`[cluster] ${r.reason}`);
  await Promise.all(services.map((s) => s.stop()));
  process.exit(1);
}
const pg = pgStarted.value;
const redis = redisStarted.value;
console.log(`[cluster] PostgreSQL ${pg.url} (log ${pg.logFile})`);
console.log(`[cluster] Redis      ${redis.url}`);

const secrets = sharedSecrets();
const nodes = NODE_IDS.map((id, i) => {
  const port = basePort + i;
  // Tied to us like the databases (a node never outlives the cluster script), in a process group of its own:
  // a Ctrl-C reaches us alone, and we stop the nodes before their database.
  const child = spawnTied(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ID: id,
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      DATA_DIR: `${CLUSTER_DIR}/node-${id}`,
      ...secrets,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prefixLines(child.stdout, process.stdout, id);
  prefixLines(child.stderr, process.stderr, id);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return { id, port, child, exited };
});
for (const n of nodes) console.log(`[cluster] node ${n.id}: http://127.0.0.1:${n.port}/`);

let stopping = null;
function stopAll(why, exitCode) {
  stopping ??= (async () => {
    console.log(`[cluster] ${why}: stopping`);
    for (const n of nodes)
      if (n.child.exitCode === null && n.child.signalCode === null) n.child.kill('SIGTERM');
    const force = setTimeout(() => nodes.forEach((n) => n.child.kill('SIGKILL')), NODE_STOP_TIMEOUT_MS);
    await Promise.all(nodes.map((n) => n.exited));
    clearTimeout(force);
    await Promise.all([redis.stop(), pg.stop()]);
    console.log('[cluster] stopped');
    process.exit(exitCode);
  })();
  return stopping;
}

process.on('SIGINT', () => void stopAll('SIGINT', 0));
process.on('SIGTERM', () => void stopAll('SIGTERM', 0));
for (const n of nodes) {
  void n.exited.then((how) => {
    if (!stopping) void stopAll(`node ${n.id} exited (${how})`, 1);
  });
}
