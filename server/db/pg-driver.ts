// Kysely's PostgreSQL driver, with fewer round trips inside a transaction. Every statement is a round trip to
// the server, and on this kind of machine the node's share of each (a socket write and a wake-up of the
// backend) costs more than the statement itself. So statements whose results the transaction does not need (a
// BEGIN, a row lock taken before reading, the inserts and updates that follow the checks) can be handed over
// with `writeBehind`: they are not sent at once but in front of the transaction's next statement, as one
// simple-protocol query (values written into the text: `inline`), and in front of its COMMIT. They run in the
// same order as before, so every read still sees every write before it; what changes is that a failing
// write-behind statement is reported by the statement it travelled with, and that its row count is not known.
// Outside a transaction nothing is held back.
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';

/**
 * The SQL text of a compiled query with its parameters written in as literals, or null when that cannot be
 * done safely: the text holds a quote (a literal of its own, in which a `$1` could hide) or a value that is not
 * a string, a finite number, a bigint, a boolean or null. Strings become E'…' literals (backslashes and quotes
 * doubled), read the same whatever standard_conforming_strings says; a NUL (which no text column holds) is
 * refused.
 */
export function inline(q: CompiledQuery): string | null {
  if (q.parameters.length === 0) return q.sql;
  if (q.sql.includes("'")) return null;
  const literals: string[] = [];
  for (const v of q.parameters) {
    if (v === null) literals.push('NULL');
    else if (typeof v === 'bigint') literals.push(`(${v.toString()})`);
    else if (typeof v === 'number' && Number.isFinite(v)) literals.push(`(${String(v)})`);
    else if (typeof v === 'boolean') literals.push(v ? 'TRUE' : 'FALSE');
    else if (typeof v === 'string' && !v.includes('\0'))
      literals.push(`E'${v.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`);
    else return null;
  }
  let ok = true;
  const text = q.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const lit = literals[Number(n) - 1];
    if (lit === undefined) ok = false;
    return lit ?? '';
  });
  return ok ? text : null;
}

type PgResult = pg.QueryResult<Record<string, unknown>>;

class WriteBehindConnection implements DatabaseConnection {
  private held: string[] = [];
  inTransaction = false;
  /** whether anything of the transaction reached the server (its BEGIN did) */
  sent = false;

  constructor(readonly client: pg.PoolClient) {}

  /** Holds `text` (statements with their values written in) until the next statement or the COMMIT. */
  writeBehind(text: string): void {
    this.held.push(text);
  }

  /** Forgets what is held (the transaction is rolled back, or the connection goes back to the pool). */
  drop(): void {
    this.held = [];
  }

  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    this.sent = true;
    let r: PgResult | PgResult[];
    if (this.held.length === 0) {
      r = await this.client.query(q.sql, [...q.parameters]);
    } else {
      const held = this.held.join(';\n');
      this.held = [];
      const text = inline(q);
      if (text !== null) {
        // No parameters: pg sends one simple-protocol query, which may hold several statements.
        r = await this.client.query(`${held};\n${text}`);
      } else {
        await this.client.query(held);
        r = await this.client.query(q.sql, [...q.parameters]);
      }
    }
    const last = Array.isArray(r) ? r[r.length - 1] : r;
    const command = last?.command;
    const rows = (last?.rows ?? []) as R[];
    return command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE'
      ? { numAffectedRows: BigInt(last?.rowCount ?? 0), rows }
      : { rows };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by this driver');
  }
}

/** Hands `text` to the connection of the transaction it belongs to; false when that is not this driver's. */
export function holdOnConnection(connection: DatabaseConnection, text: string): boolean {
  if (!(connection instanceof WriteBehindConnection) || !connection.inTransaction) return false;
  connection.writeBehind(text);
  return true;
}

export class WriteBehindPostgresDriver implements Driver {
  constructor(private readonly pool: pg.Pool) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new WriteBehindConnection(await this.pool.connect());
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as WriteBehindConnection;
    let text = 'start transaction';
    if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) text += ` ${settings.accessMode}`;
    c.inTransaction = true;
    c.sent = false;
    // Travels with the transaction's first statement.
    c.writeBehind(text);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
    (connection as WriteBehindConnection).inTransaction = false;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as WriteBehindConnection;
    // Whatever is held (the BEGIN included) is dropped: the transaction is rolled back anyway. One that never
    // reached the server has nothing to roll back.
    c.drop();
    c.inTransaction = false;
    if (c.sent) await c.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const c = connection as WriteBehindConnection;
    c.drop();
    c.inTransaction = false;
    c.client.release();
  }

  async destroy(): Promise<void> {
    await this.pool.end();
  }
}
