// Kysely's PostgreSQL driver, with fewer round trips inside a transaction. Every statement is a round trip to
// the server, and on this kind of machine the node's share of each (a socket write and a wake-up of the
// backend) costs more than the statement itself. So statements whose results the transaction does not need (a
// BEGIN, a row lock taken before reading, the inserts and updates that follow the checks) can be handed over
// with `writeBehind`: they are not sent at once but in front of the transaction's next statement, as one
// simple-protocol query (values written into the text: `inline`), and in front of its COMMIT. They run in the
// same order as before, so every read still sees every write before it; what changes is that a failing
// write-behind statement is reported by the statement it travelled with, and that its row count is not known.
// Outside a transaction nothing is held back.
//
// SECURITY (this path carries money): values are written into SQL text, so the rules are strict, and any
// query they do not cover is simply sent as before, parameterised (inline returns null). Decision: keep the
// write-behind with literals rather than parameterised statements, because a parameterised statement cannot
// travel in a multi-statement simple-protocol query (pg's extended protocol could pipeline Parse/Bind/Execute,
// but node-pg does not expose that), and the round trips it saves are most of PostgreSQL's order rate (a market
// buy: 8 round trips instead of 17; ~454 orders/s instead of ~383 measured on the h-pg branch). The literal
// writer is made provably exact instead:
//   - Values: only strings, safe-integer numbers, bigints, booleans and null. Anything else (a fraction, NaN,
//     a Date, a Buffer, an object) is not written in. Numbers and bigints are written in digits inside
//     parentheses, so a negative one can never join a preceding `-` into a `--` comment; booleans as TRUE /
//     FALSE; null as NULL.
//   - Strings: as E'…' literals with every backslash doubled first, then every quote doubled. Inside E'…' the
//     only special characters are `\` and `'`, so the text read back is exactly the string, whatever
//     standard_conforming_strings says. A NUL (no text column can hold one) and a lone UTF-16 surrogate (it
//     has no UTF-8 form: it would be stored as U+FFFD, not as given) are not written in: the parameterised
//     statement then reports or stores them exactly as Kysely always has.
//   - The statement text: placeholders are replaced only where PostgreSQL's own lexer would see a parameter.
//     A text holding a quote, a dollar quote, a comment, a double-quoted identifier with a `$`, or a `$n`
//     glued to an identifier is not inlined.
//   - The connection: every connection is checked once, before its first use, to speak UTF8 (a client
//     encoding such as SJIS or GBK can hide a quote in a multi-byte character) with
//     standard_conforming_strings on; otherwise acquiring it fails, and nothing is sent on it.
// tests/server/pg-literals.test.ts round-trips arbitrary strings (quotes, backslashes, `$$`, unicode, lone
// surrogates) and bigints at the int8 extremes through a real PostgreSQL and compares them exactly with what
// the parameterised path stores.
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';

/** A UTF-16 code unit of a surrogate pair, standing alone (a well-formed pair is one code point, not Cs). */
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether `s` has a UTF-8 form that reads back as `s` (no lone surrogate). */
export function wellFormed(s: string): boolean {
  return !LONE_SURROGATE.test(s);
}

/** A value written as an SQL literal, or null when it may not be (see the top of the file). */
export function literal(v: unknown): string | null {
  if (v === null) return 'NULL';
  if (typeof v === 'bigint') return `(${v.toString()})`;
  if (typeof v === 'number') return Number.isSafeInteger(v) ? `(${String(v)})` : null;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'string') {
    if (v.includes('\0') || !wellFormed(v)) return null;
    return `E'${v.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  }
  return null;
}

const IDENT_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;

/**
 * The SQL text of a compiled query with its parameters written in as literals, or null when that cannot be
 * done exactly (see the top of the file).
 */
export function inline(q: CompiledQuery): string | null {
  if (q.parameters.length === 0) return q.sql;
  const text = q.sql;
  if (text.includes("'") || text.includes('--') || text.includes('/*')) return null;
  const literals: string[] = [];
  for (const v of q.parameters) {
    const lit = literal(v);
    if (lit === null) return null;
    literals.push(lit);
  }
  let out = '';
  for (let i = 0; i < text.length;) {
    const ch = text[i]!;
    if (ch === '"') {
      const close = text.indexOf('"', i + 1);
      if (close < 0) return null;
      const ident = text.slice(i, close + 1);
      if (ident.includes('$')) return null;
      out += ident;
      i = close + 1;
    } else if (ch === '$') {
      const m = /^\$(\d+)/.exec(text.slice(i));
      // a dollar quote ($$ or $tag$), or a `$n` inside an identifier (foo$1): not a parameter
      if (!m || (i > 0 && IDENT_CHAR.test(text[i - 1]!)) || IDENT_CHAR.test(text[i + m[0].length] ?? ' '))
        return null;
      const lit = literals[Number(m[1]) - 1];
      if (lit === undefined) return null;
      out += lit;
      i += m[0].length;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
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

const checked = new WeakSet<pg.PoolClient>();

/**
 * Refuses a connection on which E'…' literals might not read back exactly: its client encoding must be UTF8
 * (pg's own default) and standard_conforming_strings on (PostgreSQL's default since 9.1).
 */
export async function checkLiteralSettings(client: Pick<pg.PoolClient, 'query'>): Promise<void> {
  const r = await client.query<{ enc: string; scs: string }>(
    "select current_setting('client_encoding') as enc, current_setting('standard_conforming_strings') as scs",
  );
  const row = r.rows[0];
  if (row?.enc !== 'UTF8' || row.scs !== 'on')
    throw new Error(
      `pg-driver: refusing a connection with client_encoding=${row?.enc} standard_conforming_strings=${row?.scs} (UTF8 and on required)`,
    );
}

export class WriteBehindPostgresDriver implements Driver {
  constructor(private readonly pool: pg.Pool) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const client = await this.pool.connect();
    if (!checked.has(client)) {
      try {
        await checkLiteralSettings(client);
      } catch (err) {
        // Not given back to the pool: a connection that failed the check is never used.
        client.release(err instanceof Error ? err : true);
        throw err;
      }
      checked.add(client);
    }
    return new WriteBehindConnection(client);
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
