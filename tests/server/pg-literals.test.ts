// The PostgreSQL write-behind writes values into SQL text (server/db/pg-driver.ts, `inline`): this carries
// money, so every value it accepts must read back exactly, and every value it cannot write exactly must be
// left to the parameterised statement. Arbitrary strings (quotes, backslashes, `$$`, comment markers, unicode,
// lone surrogates, NUL) and bigints up to and past the int8 extremes go through a real PostgreSQL, written in by
// the write-behind path inside a transaction, read back by a parameterised statement, and compared exactly.
// SQLite never inlines anything: the file runs in `server-pg` only.
import fc from 'fast-check';
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLiteralSettings, inline, literal, wellFormed } from '../../server/db/pg-driver.ts';
import { inTx, writeBehind } from '../../server/db/tx.ts';
import type { Db } from '../../server/db/database.ts';
import { openTestDatabase, testDialect, type TestDatabase } from '../support/test-db.ts';

const onPg = testDialect() === 'postgres';
const INT8_MIN = -(2n ** 63n);
const INT8_MAX = 2n ** 63n - 1n;

let t: TestDatabase;
let nextId = 1;

beforeAll(async () => {
  if (!onPg) return;
  t = await openTestDatabase();
  await sql`create table literal_probe (id bigint primary key, s text, n bigint, f boolean)`.execute(t.db);
});
afterAll(async () => {
  await t?.close();
});

function insertQuery(db: Db, id: number, col: 's' | 'n' | 'f', value: unknown): CompiledQuery {
  return sql`insert into literal_probe (id, ${sql.ref(col)}) values (${id}, ${value})`.compile(db);
}

/** Writes `value` through the write-behind path (inlined, sent with the next statement) and reads it back. */
async function roundTrip(col: 's' | 'n' | 'f', value: unknown): Promise<unknown> {
  const id = nextId++;
  const q = insertQuery(t.db, id, col, value);
  expect(inline(q)).not.toBeNull();
  await inTx(t.db, async (tx) => {
    await writeBehind(tx, q);
    // the held insert travels with this statement
    await sql`select 1`.execute(tx);
  });
  // read back parameterised, outside any transaction: nothing inlined (as `amount`, a money column name, so the
  // integer rule of db/integer-results.ts leaves an int8 a bigint)
  const r = await sql<{
    amount: unknown;
  }>`select ${sql.ref(col)} as amount from literal_probe where id = ${id}`.execute(t.db);
  expect(r.rows).toHaveLength(1);
  return r.rows[0]!.amount;
}

/** Strings of any UTF-16 code units, with the characters SQL quoting is about made likely. */
const nasty = fc.string({
  unit: fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom("'", '\\', '$', '$$', '"', ';', '--', '/*', '*/', 'E', '\0', '\n'),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom('\uD800', '\uDFFF', '\uDBFF\uDFFF', '😀', 'ع', '\u2028', '\uFEFF'),
    },
    { weight: 4, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
  ),
  maxLength: 40,
});

describe.skipIf(!onPg)('PostgreSQL write-behind literals', () => {
  it('checks a connection speaks UTF8 with standard_conforming_strings on, and refuses one that does not', async () => {
    const pool = t.database.pool;
    expect(pool).toBeDefined();
    const c = await pool!.connect();
    try {
      await expect(checkLiteralSettings(c)).resolves.toBeUndefined();
      await c.query('set standard_conforming_strings = off');
      await expect(checkLiteralSettings(c)).rejects.toThrow('standard_conforming_strings=off');
      await c.query('set standard_conforming_strings = on');
      await c.query("set client_encoding = 'SJIS'");
      await expect(checkLiteralSettings(c)).rejects.toThrow('client_encoding=SJIS');
      await c.query("set client_encoding = 'UTF8'");
    } finally {
      c.release();
    }
  });

  it('round-trips arbitrary strings exactly, or leaves them to the parameterised statement', async () => {
    let written = 0;
    await fc.assert(
      fc.asyncProperty(nasty, async (s) => {
        const lit = literal(s);
        if (s.includes('\0') || !wellFormed(s)) {
          // refused: the parameterised statement gets it, as it always did
          expect(lit).toBeNull();
          expect(inline(insertQuery(t.db, 0, 's', s))).toBeNull();
          return;
        }
        expect(await roundTrip('s', s)).toBe(s);
        written++;
        // and as a comparison inside a statement: it matches exactly the row it names
        const found = await inTx(t.db, async (tx) => {
          await writeBehind(tx, sql`select ${s}::text`.compile(tx));
          return sql<{ n: string }>`select count(*)::text as n from literal_probe where s = ${s}`.execute(tx);
        });
        expect(Number(found.rows[0]!.n)).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 1000 },
    );
    // most cases were written in (not left to the parameterised statement)
    expect(written).toBeGreaterThan(300);
    // the probe table is intact and holds only what was written
    const rows = await sql<{ n: string }>`select count(*)::text as n from literal_probe`.execute(t.db);
    expect(Number(rows.rows[0]!.n)).toBe(nextId - 1);
  }, 240_000);

  it('round-trips bigints exactly up to the int8 extremes; past them both paths refuse alike', async () => {
    const extremes = [
      INT8_MIN,
      INT8_MIN + 1n,
      -1n,
      0n,
      1n,
      INT8_MAX - 1n,
      INT8_MAX,
      -(2n ** 53n) - 1n,
      2n ** 53n + 1n,
    ];
    for (const v of extremes) expect(await roundTrip('n', v)).toBe(v);
    await fc.assert(
      fc.asyncProperty(fc.bigInt(INT8_MIN, INT8_MAX), async (v) => {
        expect(await roundTrip('n', v)).toBe(v);
      }),
      { numRuns: 300 },
    );
    for (const v of [INT8_MAX + 1n, INT8_MIN - 1n, 10n ** 30n]) {
      const id = nextId++;
      const parameterised = await sql`insert into literal_probe (id, n) values (${id}, ${v})`
        .execute(t.db)
        .then(
          () => 'stored',
          (e: { code?: string }) => e.code,
        );
      const inlined = await sql
        .raw(inline(insertQuery(t.db, id, 'n', v))!)
        .execute(t.db)
        .then(
          () => 'stored',
          (e: { code?: string }) => e.code,
        );
      expect(parameterised).toBe('22003'); // numeric value out of range
      expect(inlined).toBe('22003');
    }
  }, 120_000);

  it('writes safe integers, booleans and null exactly, and nothing else', async () => {
    for (const v of [0, -1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER])
      expect(await roundTrip('n', v)).toBe(BigInt(v));
    expect(await roundTrip('f', true)).toBe(true);
    expect(await roundTrip('f', false)).toBe(false);
    expect(await roundTrip('s', null)).toBeNull();
    for (const v of [
      1.5,
      NaN,
      Infinity,
      -0.1,
      2 ** 53,
      new Date(0),
      Buffer.from('x'),
      {},
      [],
      undefined,
      Symbol('x'),
    ])
      expect(literal(v)).toBeNull();
  });

  it('writes in only where PostgreSQL sees a parameter', () => {
    const q = (text: string, ...parameters: unknown[]) =>
      ({ sql: text, parameters }) as unknown as CompiledQuery;
    expect(inline(q('select $1, $2', 5n, 'a'))).toBe("select (5), E'a'");
    expect(inline(q('select $1 - $2', 1n, -5n))).toBe('select (1) - (-5)');
    expect(inline(q("select 'x', $1", 1n))).toBeNull(); // a literal of the text's own
    expect(inline(q('select $$ $1 $$', 1n))).toBeNull(); // a dollar quote
    expect(inline(q('select $tag$ $1 $tag$', 1n))).toBeNull();
    expect(inline(q('select 1 -- $1', 1n))).toBeNull(); // a comment
    expect(inline(q('select 1 /* $1 */', 1n))).toBeNull();
    expect(inline(q('select "a$1" from t where x = $1', 1n))).toBeNull(); // an identifier with a $
    expect(inline(q('select foo$1', 1n))).toBeNull(); // part of an identifier
    expect(inline(q('select $2', 1n))).toBeNull(); // no such parameter
    expect(inline(q('select "a""b" = $1', 'x'))).toBe(`select "a""b" = E'x'`);
    expect(inline(q('select $1', "it's \\'"))).toBe(`select E'it''s \\\\'''`);
  });
});
