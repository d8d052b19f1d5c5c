// The two Kysely dialects of the app. SQLite (embedded default): better-sqlite3 with every integer read as a
// bigint, prepared statements cached, and BEGIN IMMEDIATE for transactions, so a transaction takes the write
// lock before its first read (another process, the backoffice tool, cannot interleave). PostgreSQL: a pg pool
// with BIGINT and integral NUMERIC (what SUM of a BIGINT returns) parsed to BigInt, and a COMMIT that can carry
// the transaction's last statement in the same round trip (setPreCommit, used by db/tx.ts).
import type Database from 'better-sqlite3';
import {
  CompiledQuery,
  PostgresDialect,
  PostgresDriver,
  type QueryExecutor,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';

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

const preCommit = new WeakMap<DatabaseConnection, string>();

/**
 * Has the transaction `tx` send `text` (statements with literal values only, `;`-separated) together with its
 * COMMIT, as one simple-protocol query: one round trip, so row locks the statements take are held only while
 * PostgreSQL commits, not while a busy node gets round to sending the COMMIT. A failure of `text` fails the
 * commit and the transaction rolls back.
 */
export async function setPreCommit(tx: { getExecutor(): QueryExecutor }, text: string): Promise<void> {
  const connection = await tx.getExecutor().provideConnection(async (c) => c);
  preCommit.set(connection, text);
}

class PreCommitPostgresDriver extends PostgresDriver {
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const text = preCommit.get(connection);
    if (text === undefined) return super.commitTransaction(connection);
    preCommit.delete(connection);
    // No parameters, so pg uses the simple query protocol, which runs several statements in one query.
    await connection.executeQuery(CompiledQuery.raw(`${text};\ncommit`));
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    preCommit.delete(connection);
    return super.rollbackTransaction(connection);
  }
}

class PreCommitPostgresDialect extends PostgresDialect {
  constructor(private readonly pool: pg.Pool) {
    super({ pool });
  }

  override createDriver(): Driver {
    return new PreCommitPostgresDriver({ pool: this.pool });
  }
}

export function postgresDialect(pool: pg.Pool): PostgresDialect {
  return new PreCommitPostgresDialect(pool);
}
