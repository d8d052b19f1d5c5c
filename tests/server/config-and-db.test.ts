// loadConfig defaults and refusals; the SQLite settings, STRICT tables and the migration runner.
import { PSX_HALT_RULE } from '../../server/domain/market/market-halt.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { DEFAULT_FEES } from '../../server/domain/trading/fees.ts';
import { Kysely, sql } from 'kysely';
import { openDatabase, type Db } from '../../server/db/database.ts';
import { sqliteDialect } from '../../server/db/dialects.ts';
import { migrate, migrationsDir, readMigrations } from '../../server/db/migrate.ts';
import type { Schema } from '../../server/db/schema.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-trade-db-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/app/data',
      staticDir: '/srv/app/dist',
      demoFundsPaisa: 100_000_000n,
      tokenTtlDays: 30,
      serveStatic: true,
    });
    expect(c.lockouts.loginPerPhone).toEqual({
      free: 5,
      baseDelayMs: 30_000,
      maxDelayMs: 15 * 60_000,
      forgetAfterMs: 60 * 60_000,
    });
    expect(c.lockouts.loginPerIp.free).toBe(20);
    expect(c.lockouts.tradePassword).toMatchObject({ free: 5, baseDelayMs: 60_000, maxDelayMs: 60 * 60_000 });
    expect(c.loginInFlight).toEqual({ perIp: 2, perPhone: 1 });
    expect(c.limits.codeSendPerPhone).toEqual({ max: 1, windowMs: 60_000 });
    // The market simulator's and the fees' settings are read here too, once, with the rest.
    expect(c.market).toEqual({
      seed: 'psx-sim-1',
      ticksPerSecond: 4,
      tick: true,
      alwaysOpen: false,
      historyDays: 400,
      minuteDays: 3,
      // how often the leader looks for listings made where the bus cannot reach (the backoffice command)
      listingsEveryMs: 60_000,
      // PSX's market-wide halt as the exchange has it: 5 minutes beyond ±5 %, 60 halted, 5 pre-open, not in
      // the last 75 (MARKET_HALT_SCALE=1)
      haltRule: PSX_HALT_RULE,
    });
    expect(loadConfig({ MARKET_HALT_SCALE: '60' }).market.haltRule).toEqual({
      afterMs: 5_000,
      haltMs: 60_000,
      preOpenMs: 5_000,
      notInLastMs: 75_000,
    });
    expect(() => loadConfig({ MARKET_HALT_SCALE: '0' })).toThrow(/MARKET_HALT_SCALE/);
    expect(c.fees).toEqual(DEFAULT_FEES);
  });

  it('reads overrides', () => {
    const c = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      DEMO_FUNDS_PKR: '50.5',
      SERVE_STATIC: 'off',
      TOKEN_TTL_DAYS: '7',
      PSX_ALWAYS_OPEN: '1',
      MARKET_TPS: '8',
      TRADE_SST_PPM: '160000',
    });
    expect(c).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      demoFundsPaisa: 5050n,
      serveStatic: false,
      tokenTtlDays: 7,
    });
    expect(c.market).toMatchObject({ alwaysOpen: true, ticksPerSecond: 8 });
    expect(c.fees.sstPpm).toBe(160_000n);
  });

  it.each([
    [{ PORT: '80a' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DEMO_FUNDS_PKR: '1e6' }, /DEMO_FUNDS_PKR/],
    [{ DEMO_FUNDS_PKR: '10.001' }, /DEMO_FUNDS_PKR/],
    [{ DEMO_FUNDS_PKR: '-5' }, /DEMO_FUNDS_PKR/],
    [{ SERVE_STATIC: 'maybe' }, /SERVE_STATIC/],
    [{ TOKEN_TTL_DAYS: '0' }, /TOKEN_TTL_DAYS/],
    [{ CSP_CONNECT_ORIGINS: '*' }, /CSP_CONNECT_ORIGINS/],
    [{ CSP_CONNECT_ORIGINS: 'wss:' }, /CSP_CONNECT_ORIGINS/],
    [{ CSP_CONNECT_ORIGINS: 'wss://a.pk/path' }, /CSP_CONNECT_ORIGINS/],
    [{ CSP_CONNECT_ORIGINS: "wss://a.pk 'unsafe-inline'" }, /CSP_CONNECT_ORIGINS/],
    [{ CSP_CONNECT_ORIGINS: 'javascript://x' }, /CSP_CONNECT_ORIGINS/],
    [{ WS_PER_IP: '0' }, /WS_PER_IP/],
    [{ MARKET_TPS: '500' }, /MARKET_TPS/],
    [{ PSX_ALWAYS_OPEN: 'sometimes' }, /PSX_ALWAYS_OPEN/],
    [{ TRADE_COMMISSION_PPM: '-1' }, /TRADE_COMMISSION_PPM/],
  ])('refuses %o with a readable error', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('allows no other origin to connect to unless named, and only as bare origins', () => {
    expect(loadConfig({}).connectOrigins).toEqual([]);
    expect(
      loadConfig({ CSP_CONNECT_ORIGINS: ' wss://api.example.pk  https://x.pk:8443 ' }).connectOrigins,
    ).toEqual(['wss://api.example.pk', 'https://x.pk:8443']);
  });
});

describe('openDatabase on SQLite', () => {
  const pragma = async (db: Db, name: string) =>
    Object.values((await sql.raw(`PRAGMA ${name}`).execute(db)).rows[0] as object)[0];

  it('creates the directory and opens WAL, synchronous FULL, foreign keys on', async () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const { db, close } = await openDatabase({ dataDir: dir });
    try {
      expect(fs.existsSync(path.join(dir, 'app.db'))).toBe(true);
      expect(await pragma(db, 'journal_mode')).toBe('wal');
      expect(await pragma(db, 'synchronous')).toBe(2);
      expect(await pragma(db, 'foreign_keys')).toBe(1);
      expect(Number(await pragma(db, 'busy_timeout'))).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });

  it('makes every app table STRICT, so a REAL cannot slip into a money column', async () => {
    const { db, close } = await openDatabase({ dataDir: tempDir() });
    try {
      const tables = (
        await sql<{ name: string; strict: number }>`SELECT name, strict FROM pragma_table_list
          WHERE schema = 'main' AND name NOT LIKE 'sqlite_%'`.execute(db)
      ).rows;
      expect(tables.length).toBeGreaterThan(8);
      for (const table of tables) expect(table.strict, table.name).toBe(1);
      await sql`INSERT INTO ledger_journals (kind, ref, created_at) VALUES ('t', 'r', 1)`.execute(db);
      await sql`INSERT INTO ledger_accounts (owner, name) VALUES ('system', 's')`.execute(db);
      await expect(
        sql`INSERT INTO ledger_postings (journal_id, ledger_account_id, asset, amount)
          VALUES (1, 1, 'PKR', ${1.5})`.execute(db),
      ).rejects.toThrow(/cannot store REAL value in INTEGER column/);
    } finally {
      await close();
    }
  });
});

describe('migrate', () => {
  it('applies every numbered file once, in numeric order, each in a transaction, and is idempotent', async () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, '010_market.sql'),
      'CREATE TABLE b (id INTEGER PRIMARY KEY, a INTEGER REFERENCES a (id)) STRICT;',
    );
    fs.writeFileSync(path.join(dir, '001_base.sql'), 'CREATE TABLE a (id INTEGER PRIMARY KEY) STRICT;');
    fs.writeFileSync(path.join(dir, 'README.md'), 'not a migration');
    const db = new Database(':memory:');
    const k = new Kysely<Schema>({ dialect: sqliteDialect(db) });
    const run = () => migrate(k, 'sqlite', async (_tx, script) => void db.exec(script), dir);
    expect(await run()).toEqual(['001_base.sql', '010_market.sql']);
    expect(await run()).toEqual([]);
    fs.writeFileSync(
      path.join(dir, '011_broken.sql'),
      'CREATE TABLE c (id INTEGER PRIMARY KEY) STRICT; CREATE TABLE oops (;',
    );
    await expect(run()).rejects.toThrow();
    // The failed file left nothing behind and is not recorded.
    expect(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'c'").pluck().get()).toBe(0);
    expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual([
      1, 10,
    ]);
    // A recorded migration edited afterwards, or one the code does not have, stops the start.
    fs.writeFileSync(
      path.join(dir, '001_base.sql'),
      'CREATE TABLE a (id INTEGER PRIMARY KEY, x TEXT) STRICT;',
    );
    await expect(run()).rejects.toThrow(/001_base.sql was changed after it was applied/);
    fs.rmSync(path.join(dir, '001_base.sql'));
    fs.rmSync(path.join(dir, '011_broken.sql'));
    await expect(run()).rejects.toThrow(/written by a newer version/);
    await k.destroy();
  });

  it('refuses two files with the same number', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, '002_a.sql'), '');
    fs.writeFileSync(path.join(dir, '002_b.sql'), '');
    expect(() => readMigrations(dir)).toThrow(/Two migrations share number 2/);
  });

  it('ships the same numbered migrations for SQLite and PostgreSQL', () => {
    const names = (d: 'sqlite' | 'postgres') => readMigrations(migrationsDir(d)).map((m) => m.name);
    expect(names('sqlite')).toContain('001_foundation.sql');
    expect(names('postgres')).toEqual(names('sqlite'));
  });
});
