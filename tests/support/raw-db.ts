// TRANSITIONAL (issue 13): the synchronous SQLite handle of tests whose code is not yet on Kysely. Opens
// `<dir>/app.db` (or ':memory:') like the server does and applies the SQLite migrations synchronously,
// recording them as db/migrate.ts does, so a later openDatabase on the same file finds nothing to do.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { RawDb } from '../../server/db/database.ts';
import { migrationsDir, readMigrations } from '../../server/db/migrate.ts';

export function migrateRaw(db: RawDb, dir: string = migrationsDir('sqlite')): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at INTEGER NOT NULL
  ) STRICT`);
  const done = new Set(
    (db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]).map(Number),
  );
  const applied: string[] = [];
  for (const m of readMigrations(dir)) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations VALUES (?, ?, ?, ?)').run(
        m.version,
        m.name,
        m.checksum,
        Date.now(),
      );
    })();
    applied.push(m.name);
  }
  return applied;
}

export function openDb(dataDir: string): RawDb {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    fs.mkdirSync(dataDir, { recursive: true });
    file = path.join(dataDir, 'app.db');
  }
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrateRaw(db);
  return db;
}
