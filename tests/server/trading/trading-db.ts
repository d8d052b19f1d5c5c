// Databases for the trading domain tests, on this run's engine (tests/support/test-db.ts), copied from a migrated
// one, so a fresh database per test costs a copy, not a migration run: on PostgreSQL the run's migrated template
// (CREATE DATABASE … TEMPLATE, tests/support/services/global-setup.ts), on SQLite a file migrated once per test
// process and removed when it exits (the server projects share modules between files: vitest.config.ts); plus
// users and accounts inserted directly (no scrypt).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../../server/db/database.ts';
import { freshPgDatabase } from '../../support/services/pg-test-db.ts';
import { testDialect } from '../../support/test-db.ts';

export interface TradingDb {
  db: Db;
  close(): Promise<void>;
}

let sqliteTemplate: Promise<string> | undefined;

async function makeSqliteTemplate(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-trading-template-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  const migrated = await openDatabase({ dataDir: dir });
  // Closing the last connection folds the WAL into app.db, so copying that one file copies everything.
  await migrated.close();
  return path.join(dir, 'app.db');
}

/** A fresh, migrated database of this run's engine. */
export async function tradingDb(): Promise<TradingDb> {
  if (testDialect() === 'postgres') {
    const pg = await freshPgDatabase({ migrated: true });
    const database = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: pg.url, poolSize: 4 });
    return {
      db: database.db,
      close: async () => {
        await database.close();
        await pg.drop();
      },
    };
  }
  sqliteTemplate ??= makeSqliteTemplate();
  const file = await sqliteTemplate;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-trading-'));
  fs.copyFileSync(file, path.join(dir, 'app.db'));
  const database = await openDatabase({ dataDir: dir });
  return {
    db: database.db,
    close: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Inserts a user with a real and a demo account; returns the account ids. */
export async function addUser(db: Db, n: number): Promise<{ real: number; demo: number }> {
  const { id: userId } = await db
    .insertInto('users')
    .values({
      area_code: '+92',
      phone: `+92300${String(n).padStart(7, '0')}`,
      account: `u${n}`,
      password_hash: 'x',
      invite_code: `INV${n}`,
      created_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const add = async (type: 'real' | 'demo') =>
    (
      await db
        .insertInto('accounts')
        .values({ user_id: userId, type, created_at: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return { real: await add('real'), demo: await add('demo') };
}

/** Counts the rows of a table (an order, a journal …). */
export async function rowsIn(
  db: Db,
  table: 'ledger_journals' | 'stock_orders' | 'stock_fills' | 'ledger_postings',
): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}
