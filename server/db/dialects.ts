// The two Kysely dialects of the app. SQLite (embedded default): better-sqlite3 with every integer read as a
// bigint, prepared statements cached, and BEGIN IMMEDIATE for transactions, so a transaction takes the write
// lock before its first read (another process, the backoffice tool, cannot interleave). PostgreSQL: a pg pool
// with BIGINT and integral NUMERIC (what SUM of a BIGINT returns) parsed to BigInt, through a driver that sends
// the statements a transaction hands over with writeBehind together with its next one (pg-driver.ts).
import type Database from 'better-sqlite3';
import {
  CompiledQuery,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import { WriteBehindPostgresDriver } from './pg-driver.ts';

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly database: SqliteDatabase) {
    super({ database });
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.database });
  }
}

const STATEMENT_CACHE = 500;

/** better-sqlite3 seen through Kysely's SqliteDatabase: safe integers, statements prepared once. */
function safeIntegerDatabase(raw: Database.Database): SqliteDatabase {
  const cache = new Map<string, Database.Statement>();
  return {
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = raw.prepare(sql);
        if (stmt.reader) stmt.safeIntegers(true);
        if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value as string);
        cache.set(sql, stmt);
      }
      return stmt as unknown as SqliteStatement;
    },
  };
}

export function sqliteDialect(raw: Database.Database): SqliteDialect {
  return new ImmediateSqliteDialect(safeIntegerDatabase(raw));
}

const INT8 = 20;
const NUMERIC = 1700;

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return (v: string) => BigInt(v);
    if (oid === NUMERIC) return (v: string) => (/^-?\d+$/.test(v) ? BigInt(v) : v);
    return pg.types.getTypeParser(oid, format);
  },
};

export function postgresPool(url: string, max: number): pg.Pool {
  return new pg.Pool({ connectionString: url, max, types: types as pg.CustomTypesConfig });
}

class WriteBehindPostgresDialect extends PostgresDialect {
  constructor(private readonly pool: pg.Pool) {
    super({ pool });
  }

  override createDriver(): Driver {
    return new WriteBehindPostgresDriver(this.pool);
  }
}

export function postgresDialect(pool: pg.Pool): PostgresDialect {
  return new WriteBehindPostgresDialect(pool);
}
