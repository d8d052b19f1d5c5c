// A throw-away (or, given a directory, a reusable) PostgreSQL server of our own for the tests and
// `npm run start:cluster`: initdb once, trust only on 127.0.0.1, a free port, its socket and log in its own
// directory, never the system's cluster. The server is our child and dies with us (processes.mjs); as root it
// runs as the `postgres` system user. Superuser `postgres`, no password:
// postgres://postgres@127.0.0.1:PORT/<db>.
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { findPgBin } from './binaries.mjs';
import { exited, freePort, isAlive, isRoot, runAs, spawnTied } from './processes.mjs';

const OS_USER = 'postgres';
const SUPERUSER = 'postgres';
const TEMP_PREFIX = 'pk-trade-pg-';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

const HBA = `# Written by scripts/services/pg-instance.mjs: no passwords, and only from this machine.
local all all trust
host  all all 127.0.0.1/32 trust
`;

/** `postgres://postgres@127.0.0.1:PORT/db` */
function urlFor(port, db) {
  return `postgres://${SUPERUSER}@127.0.0.1:${port}/${db}`;
}

/** The same server's url for another database. */
function withDatabase(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function checkName(name) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain database name: "${name}"`);
  return name;
}

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty database `name` on the server of `adminUrl` (copied from `template`, template0 unless
 * told: e.g. a database already migrated once) and returns its url.
 */
export async function createDatabase(adminUrl, name, { template = 'template0' } = {}) {
  await withClient(adminUrl, (c) =>
    c.query(`CREATE DATABASE "${checkName(name)}" TEMPLATE "${checkName(template)}"`),
  );
  return withDatabase(adminUrl, name);
}

/** Drops database `name` if it exists, closing whatever connections are still open to it. */
export async function dropDatabase(adminUrl, name) {
  await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${checkName(name)}" WITH (FORCE)`));
}

async function ensureDatabase(adminUrl, name) {
  const { rowCount } = await withClient(adminUrl, (c) =>
    c.query('SELECT 1 FROM pg_database WHERE datname = $1', [checkName(name)]),
  );
  return rowCount ? withDatabase(adminUrl, name) : createDatabase(adminUrl, name);
}

/** Removes temporary directories left by runs that were killed before they could (their owner is gone). */
function sweepLeftovers() {
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith(TEMP_PREFIX)) continue;
    const dir = join(tmpdir(), entry);
    const pidOf = (file) => Number(readFileSync(join(dir, file), 'utf8').split('\n')[0]);
    try {
      const owner = pidOf('owner.pid');
      if (!(owner > 0) || isAlive(owner)) continue;
      if (existsSync(join(dir, 'data/postmaster.pid')) && isAlive(pidOf('data/postmaster.pid'))) continue;
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // being created or removed by someone else right now: leave it
    }
  }
}

function giveToServerUser(...paths) {
  if (isRoot) execFileSync('chown', [`${OS_USER}:`, ...paths]);
}

async function initCluster(bin, dataDir, { sync }) {
  await runAs(OS_USER, join(bin, 'initdb'), [
    ...['-D', dataDir, '-U', SUPERUSER, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-instructions'],
    ...(sync ? [] : ['--no-sync']),
  ]);
  writeFileSync(join(dataDir, 'pg_hba.conf'), HBA);
  giveToServerUser(join(dataDir, 'pg_hba.conf'));
}

/** Polls until the server answers a query; rejects if it exits or takes too long. */
async function waitUntilReady(url, child, logFile) {
  const started = Date.now();
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '');
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`postgres exited (${child.exitCode ?? child.signalCode}) while starting:\n${log()}`);
    }
    try {
      await withClient(url, (c) => c.query('SELECT 1'));
      return;
    } catch {
      if (Date.now() - started > READY_TIMEOUT_MS)
        throw new Error(`postgres did not answer in 60 s:\n${log()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

function startServer(bin, dataDir, sockDir, port, logFile, settings) {
  const fd = openSync(logFile, 'a');
  try {
    return spawnTied(
      join(bin, 'postgres'),
      [
        ...['-D', dataDir, '-p', String(port)],
        ...['-c', 'listen_addresses=127.0.0.1'],
        // A socket path over ~107 bytes is refused; TCP is all we use anyway.
        ...['-c', `unix_socket_directories=${sockDir.length < 90 ? sockDir : ''}`],
        ...['-c', 'max_connections=300', '-c', 'shared_buffers=128MB', '-c', 'fsync=on'],
        ...['-c', 'logging_collector=off', '-c', 'log_min_messages=warning'],
        ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
      ],
      // SIGINT is PostgreSQL's fast shutdown (what pg_ctl stop -m fast sends).
      { user: OS_USER, deathSignal: 'INT', stdio: ['ignore', fd, fd] },
    );
  } finally {
    closeSync(fd);
  }
}

/**
 * Starts a PostgreSQL server. Without `dir`: a fresh cluster in a temporary directory, removed by stop().
 * With `dir`: the cluster in `dir/data` (initdb'd the first time), kept. Without `port`: a free one. With
 * `database`: that database is created if missing and `url` points at it (else `url` is `adminUrl`).
 * `settings`: more server settings (`-c name=value`), e.g. the bench's pg_stat_statements.
 */
export async function startPostgres({ dir, port, database, settings = {} } = {}) {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL 15+ not found: run node scripts/services/ensure-services.mjs');
  sweepLeftovers();
  const temporary = dir === undefined;
  const root = temporary ? mkdtempSync(join(tmpdir(), TEMP_PREFIX)) : resolve(dir);
  const dataDir = join(root, 'data');
  const sockDir = join(root, 'sock');
  const logFile = join(root, 'postgres.log');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  mkdirSync(sockDir, { recursive: true, mode: 0o700 });
  if (temporary) writeFileSync(join(root, 'owner.pid'), `${process.pid}\n`);
  giveToServerUser(root, dataDir, sockDir);

  try {
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await initCluster(bin, dataDir, { sync: !temporary });
    // A free port can be taken before the server binds it: then try another (unless one was asked for).
    for (let attempt = 1; ; attempt++) {
      const p = port ?? (await freePort());
      const child = startServer(bin, dataDir, sockDir, p, logFile, settings);
      const adminUrl = urlFor(p, 'postgres');
      try {
        await waitUntilReady(adminUrl, child, logFile);
      } catch (err) {
        child.kill('SIGQUIT');
        await exited(child);
        if (port === undefined && attempt < 3 && /could not bind|already in use/i.test(String(err))) continue;
        throw err;
      }
      const url = database === undefined ? adminUrl : await ensureDatabase(adminUrl, database);
      return instance({ child, url, port: p, adminUrl, root, dataDir, logFile, temporary });
    }
  } catch (err) {
    if (temporary) rmSync(root, { recursive: true, force: true });
    throw err;
  }
}

function instance({ child, url, port, adminUrl, root, dataDir, logFile, temporary }) {
  let stopping;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGQUIT'), STOP_TIMEOUT_MS);
        await exited(child);
        clearTimeout(timer);
      }
      if (temporary) rmSync(root, { recursive: true, force: true });
    })());
  return {
    url,
    adminUrl,
    port,
    dir: root,
    dataDir,
    logFile,
    pid: child.pid ?? 0,
    pidFile: join(dataDir, 'postmaster.pid'),
    stop,
    createDatabase: (name, opts) => createDatabase(adminUrl, name, opts),
    dropDatabase: (name) => dropDatabase(adminUrl, name),
  };
}
