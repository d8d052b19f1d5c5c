// Opens the SQLite database (better-sqlite3) with the durability settings the app relies on, then migrates it.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { migrate, MIGRATIONS_DIR } from './migrate.ts';

export type Db = Database.Database;

/** Opens (creating the directory and file if needed) `<dataDir>/app.db` and applies pending migrations. */
export function openDb(dataDir: string, migrationsDir: string = MIGRATIONS_DIR): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, 'app.db'));
  // WAL lets readers run beside the single writer; FULL sync because money rows must survive a power cut.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrationsDir);
  return db;
}
