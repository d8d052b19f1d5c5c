// Numbered SQL migrations per dialect (db/migrations/<sqlite|postgres>/NNN_name.sql), each applied once, in
// order, inside its own transaction, with the same numbers and names on both databases. Checked at every
// start: a recorded migration whose file changed or vanished (a database newer than the code, or an edited
// migration) stops the start with a message, instead of running on a schema the code does not know.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
/** The two engines the app runs on. */
export type Dialect = 'sqlite' | 'postgres';
import type { Schema } from './schema.ts';

export const MIGRATIONS_ROOT = fileURLToPath(new URL('./migrations/', import.meta.url));
export const migrationsDir = (dialect: Dialect): string => `${MIGRATIONS_ROOT}${dialect}`;

const FILE_NAME = /^(\d{3})_[a-z0-9_-]+\.sql$/;

export interface MigrationFile {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

/** Lists the migration files of `dir` sorted by number; refuses two files with the same number. */
export function readMigrations(dir: string): MigrationFile[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => FILE_NAME.test(f))
    .map((name) => {
      const text = fs.readFileSync(`${dir}/${name}`, 'utf8');
      return {
        version: Number(FILE_NAME.exec(name)?.[1]),
        name,
        sql: text,
        checksum: createHash('sha256').update(text).digest('hex'),
      };
    })
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

export class MigrationMismatch extends Error {
  override name = 'MigrationMismatch';
}

/** Refuses a database whose recorded migrations the code does not have, or has in another form. */
export function checkRecorded(
  recorded: readonly { version: number | bigint; name: string; checksum: string }[],
  files: readonly MigrationFile[],
): void {
  const byVersion = new Map(files.map((f) => [f.version, f]));
  for (const r of recorded) {
    const f = byVersion.get(Number(r.version));
    if (!f) {
      throw new MigrationMismatch(
        `database has migration ${r.name} that this code does not know: it was written by a newer version`,
      );
    }
    if (f.checksum !== r.checksum) {
      throw new MigrationMismatch(
        `migration ${f.name} was changed after it was applied; add a new one instead`,
      );
    }
  }
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  checksum TEXT NOT NULL,
  applied_at BIGINT NOT NULL
)`;

/**
 * Applies every migration not yet recorded in `schema_migrations`; returns the names it applied.
 * `execScript` runs a multi-statement script (SQLite needs better-sqlite3's exec; pg's simple query protocol
 * takes a whole script as one query).
 */
export async function migrate(
  db: Kysely<Schema>,
  dialect: Dialect,
  execScript: (tx: Kysely<Schema>, script: string) => Promise<void>,
  dir: string = migrationsDir(dialect),
): Promise<string[]> {
  if (dialect === 'sqlite') return migrateOn(db, dialect, execScript, dir);
  // Nodes starting together: one migrates, the others wait on the lock and then find nothing to do.
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      return await migrateOn(conn, dialect, execScript, dir);
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

const MIGRATION_LOCK = 7_431_001;

async function migrateOn(
  db: Kysely<Schema>,
  dialect: Dialect,
  execScript: (tx: Kysely<Schema>, script: string) => Promise<void>,
  dir: string,
): Promise<string[]> {
  await sql
    .raw(dialect === 'sqlite' ? `${CREATE_TABLE.replace('BIGINT', 'INTEGER')} STRICT` : CREATE_TABLE)
    .execute(db);
  const files = readMigrations(dir);
  const recorded = await db.selectFrom('schema_migrations').select(['version', 'name', 'checksum']).execute();
  checkRecorded(recorded, files);
  const done = new Set(recorded.map((r) => Number(r.version)));
  const applied: string[] = [];
  for (const m of files) {
    if (done.has(m.version)) continue;
    await db.transaction().execute(async (tx) => {
      await execScript(tx, m.sql);
      await tx
        .insertInto('schema_migrations')
        .values({ version: m.version, name: m.name, checksum: m.checksum, applied_at: Date.now() })
        .execute();
    });
    applied.push(m.name);
  }
  return applied;
}
