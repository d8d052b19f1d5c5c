// Numbered SQL migrations (db/migrations/NNN_name.sql), each applied once, in order, inside its own transaction.
// Any helper may add a file (the market simulator uses 010+); the runner picks up every file by number.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

const FILE_NAME = /^(\d{3})_[a-z0-9_-]+\.sql$/;

export interface MigrationFile {
  version: number;
  name: string;
  sql: string;
}

/** Lists the migration files of `dir` sorted by number; refuses two files with the same number. */
export function readMigrations(dir: string): MigrationFile[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => FILE_NAME.test(f))
    .map((name) => ({
      version: Number(FILE_NAME.exec(name)?.[1]),
      name,
      sql: fs.readFileSync(`${dir}/${name}`, 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
  for (let i = 1; i < files.length; i++) {
    if (files[i]?.version === files[i - 1]?.version) {
      throw new Error(
        `Two migrations share number ${files[i]?.version}: ${files[i - 1]?.name}, ${files[i]?.name}`,
      );
    }
  }
  return files;
}

/** Applies every migration not yet recorded in `schema_migrations`; returns the names it applied. */
export function migrate(db: Database.Database, dir: string = MIGRATIONS_DIR): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    checksum TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  ) STRICT`);
  const done = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .pluck()
      .all()
      .map((v) => Number(v)),
  );
  const record = db.prepare(
    'INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)',
  );
  const applied: string[] = [];
  for (const m of readMigrations(dir)) {
    if (done.has(m.version)) continue;
    const checksum = createHash('sha256').update(m.sql).digest('hex');
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, checksum, Date.now());
    })();
    applied.push(m.name);
  }
  return applied;
}
