// Opens the system of record: SQLite in DATA_DIR (the embedded default; WAL, synchronous=FULL, foreign keys,
// STRICT tables) or PostgreSQL when DATABASE_URL is set, both behind one Kysely handle (`Db`) with the same
// integer rule (schema.ts), and migrates it. Repositories take a `Db`, which is the database or a transaction
// in progress (tx.ts); they never know which engine they run on.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresAdapter, sql } from 'kysely';
import type pg from 'pg';
import { postgresDialect, postgresPool, sqliteDialect } from './dialects.ts';
import { IntegerResultsPlugin } from './integer-results.ts';
import { migrate, migrationsDir, type Dialect } from './migrate.ts';
import type { Schema } from './schema.ts';

export type { Dialect };

/** The database or a transaction in progress: what every repository function takes. */
export type Db = Kysely<Schema>;

export interface Database {
  db: Db;
  dialect: Dialect;
  /** The PostgreSQL pool (leases and advisory locks need a connection of their own); absent on SQLite. */
  pool?: pg.Pool;
  /** Where the SQLite file is; absent on PostgreSQL. */
  file?: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** SQLite: `<dataDir>/app.db` (ignored when databaseUrl is set) */
  dataDir: string;
  /** postgres://… runs on PostgreSQL */
  databaseUrl?: string;
  /** PostgreSQL connections of this process (default 10) */
  poolSize?: number;
  /** told when an idle PostgreSQL connection breaks (it is replaced on the next query) */
  onPoolError?: (err: Error) => void;
  /** another migrations folder (tests) */
  migrationsDir?: string;
}

/** Which engine a handle talks to (a transaction answers like its database). */
export function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

function openSqlite(dataDir: string): { raw: BetterSqlite3.Database; file: string } {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'app.db');
  const raw = new BetterSqlite3(file);
  // WAL lets readers run beside the single writer; FULL sync because money rows must survive a power cut.
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = FULL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  // Savepoints (each body of a group commit has one: tx.ts) keep what they would roll back in a sub-journal; in
  // memory rather than a temporary file, so a write in a savepoint costs no file write.
  raw.pragma('temp_store = MEMORY');
  return { raw, file };
}

type ScriptRunner = (tx: Db, script: string) => Promise<void>;

/** The handle of the engine `opts` names, and how a multi-statement migration script runs on it. */
function connect(opts: OpenOptions): { database: Database; runScript: ScriptRunner } {
  const plugins = [new IntegerResultsPlugin()];
  if (opts.databaseUrl) {
    const pool = postgresPool(opts.databaseUrl, opts.poolSize ?? 10);
    // An idle connection that breaks (a server restart, a killed backend) is dropped by the pool and the next
    // query opens another; without a listener Node would turn the pool's 'error' event into a crash.
    pool.on('error', (err) => opts.onPoolError?.(err));
    const db = new Kysely<Schema>({ dialect: postgresDialect(pool), plugins });
    return {
      database: { db, dialect: 'postgres', pool, close: () => db.destroy() },
      // pg's simple query protocol (no parameters) takes a whole script as one query.
      runScript: async (tx, script) => {
        await sql.raw(script).execute(tx);
      },
    };
  }
  const { raw, file } = openSqlite(opts.dataDir);
  const db = new Kysely<Schema>({ dialect: sqliteDialect(raw), plugins });
  return {
    database: { db, dialect: 'sqlite', file, close: () => db.destroy() },
    // Inside the migration's transaction (the one connection is held by it): exec runs the whole script.
    runScript: async (_tx, script) => {
      raw.exec(script);
    },
  };
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const { database, runScript } = connect(opts);
  try {
    await migrate(
      database.db,
      database.dialect,
      runScript,
      opts.migrationsDir ?? migrationsDir(database.dialect),
    );
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}
