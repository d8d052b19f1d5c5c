// The database of a server test, on the engine the test run is for: SQLite in a temp DATA_DIR (project
// `server`), or a fresh database on the run's throw-away PostgreSQL (project `server-pg`, TEST_DB=postgres,
// started by tests/support/services/global-setup.ts). Every server test that touches a database gets it here,
// so the whole server suite runs on both.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database, type Db, type Dialect } from '../../server/db/database.ts';
import { freshPgDatabase } from './services/pg-test-db.ts';

/** The engine of this test run. */
export function testDialect(): Dialect {
  return process.env['TEST_DB'] === 'postgres' ? 'postgres' : 'sqlite';
}

export interface TestDbPlace {
  dataDir: string;
  /** set on PostgreSQL: what DATABASE_URL would be */
  databaseUrl?: string;
  /** the environment a server (buildApp's loadConfig, a child process) needs to use this database */
  env: Record<string, string>;
  /** drops the PostgreSQL database and removes the temp dir */
  remove(): Promise<void>;
}

/**
 * A fresh place for a database: an empty SQLite DATA_DIR (the app migrates it when it opens it, in ~40 ms), or on
 * PostgreSQL a copy of the run's migrated database (migrating there takes 0.5–0.7 s; the start-up check finds
 * every migration applied).
 */
export async function freshDbPlace(): Promise<TestDbPlace> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-trade-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (testDialect() === 'sqlite') {
    return { dataDir, env: { DATA_DIR: dataDir }, remove: async () => removeDir() };
  }
  const pg = await freshPgDatabase({ migrated: true });
  return {
    dataDir,
    databaseUrl: pg.url,
    env: { DATA_DIR: dataDir, DATABASE_URL: pg.url },
    remove: async () => {
      removeDir();
      await pg.drop();
    },
  };
}

export interface TestDatabase {
  database: Database;
  db: Db;
  place: TestDbPlace;
  close(): Promise<void>;
}

/** A fresh, migrated database of this run's engine. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const place = await freshDbPlace();
  const database = await openDatabase({
    dataDir: place.dataDir,
    ...(place.databaseUrl ? { databaseUrl: place.databaseUrl } : {}),
  });
  return {
    database,
    db: database.db,
    place,
    close: async () => {
      await database.close();
      await place.remove();
    },
  };
}
