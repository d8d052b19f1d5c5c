// In-memory SQLite databases with every migration applied (cloned from one template, so a property-test case
// costs a copy, not a migration run), plus users and accounts inserted directly (no scrypt).
import Database from 'better-sqlite3';
import { migrateRaw as migrate } from '../../support/raw-db.ts';
import type { RawDb as Db } from '../../../server/db/database.ts';

let template: Buffer | undefined;

export function memoryDb(): Db {
  if (!template) {
    const db = new Database(':memory:');
    migrate(db);
    template = db.serialize();
    db.close();
  }
  const db = new Database(template);
  db.pragma('foreign_keys = ON');
  return db;
}

/** Inserts a user with a real and a demo account; returns the account ids. */
export function addUser(db: Db, n: number): { real: number; demo: number } {
  const userId = Number(
    db
      .prepare(
        `INSERT INTO users (area_code, phone, account, password_hash, invite_code, created_at)
         VALUES ('+92', ?, ?, 'x', ?, 0)`,
      )
      .run(`+92300${String(n).padStart(7, '0')}`, `u${n}`, `INV${n}`).lastInsertRowid,
  );
  const add = db.prepare('INSERT INTO accounts (user_id, type, created_at) VALUES (?, ?, 0)');
  const real = Number(add.run(userId, 'real').lastInsertRowid);
  const demo = Number(add.run(userId, 'demo').lastInsertRowid);
  return { real, demo };
}
