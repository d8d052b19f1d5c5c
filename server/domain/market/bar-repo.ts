// The simulator's tables (migration 010_market): closed 1-minute bars, daily bars and metadata, read and
// written through Kysely on either engine. Writes are upserts of many rows per statement: the first start
// stores a year and more of bars for the whole universe, and a row at a time would take far too long.

import type { Db } from '../../db/database.ts';
import type { Bar } from './candles.ts';

export type BarTable = '1m' | '1d';

/** One bar of one symbol, as a write carries it. */
export interface SymbolBar {
  symbol: string;
  bar: Bar;
}

/** Rows per INSERT: 500 × 8 parameters stays far under either engine's limit on bound parameters. */
const ROWS_PER_STATEMENT = 500;

interface BarRow {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  q?: string;
}

const toBar = (r: BarRow): Bar => ({ t: r.t, o: r.o, h: r.h, l: r.l, c: r.c, v: r.v, q: BigInt(r.q ?? 0) });

/** The last write of each (symbol, t) wins: PostgreSQL refuses one upsert that touches a row twice. */
function lastPerKey(rows: readonly SymbolBar[]): SymbolBar[] {
  const byKey = new Map<string, SymbolBar>();
  for (const r of rows) {
    const key = `${r.symbol}\u0000${r.bar.t}`;
    byKey.delete(key);
    byKey.set(key, r);
  }
  return [...byKey.values()];
}

/** Inserts or replaces bars, ROWS_PER_STATEMENT per statement (the caller holds the transaction). */
export async function putBars(db: Db, table: BarTable, rows: readonly SymbolBar[]): Promise<void> {
  const unique = lastPerKey(rows);
  for (let i = 0; i < unique.length; i += ROWS_PER_STATEMENT) {
    const chunk = unique.slice(i, i + ROWS_PER_STATEMENT);
    const values = chunk.map(({ symbol, bar: b }) => ({
      symbol,
      t: b.t,
      o: b.o,
      h: b.h,
      l: b.l,
      c: b.c,
      v: b.v,
    }));
    if (table === '1m') {
      await db
        .insertInto('market_bar_1m')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['symbol', 't']).doUpdateSet((eb) => ({
            o: eb.ref('excluded.o'),
            h: eb.ref('excluded.h'),
            l: eb.ref('excluded.l'),
            c: eb.ref('excluded.c'),
            v: eb.ref('excluded.v'),
          })),
        )
        .execute();
    } else {
      await db
        .insertInto('market_bar_1d')
        .values(values.map((v, k) => ({ ...v, q: chunk[k]!.bar.q.toString() })))
        .onConflict((oc) =>
          oc.columns(['symbol', 't']).doUpdateSet((eb) => ({
            o: eb.ref('excluded.o'),
            h: eb.ref('excluded.h'),
            l: eb.ref('excluded.l'),
            c: eb.ref('excluded.c'),
            v: eb.ref('excluded.v'),
            q: eb.ref('excluded.q'),
          })),
        )
        .execute();
    }
  }
}

/** Bars with from ≤ t ≤ to, the newest `limit` of them, returned oldest → newest. */
export async function barsIn(
  db: Db,
  table: BarTable,
  symbol: string,
  from: number,
  to: number,
  limit: number,
): Promise<Bar[]> {
  const rows: BarRow[] =
    table === '1m'
      ? await db
          .selectFrom('market_bar_1m')
          .select(['t', 'o', 'h', 'l', 'c', 'v'])
          .where('symbol', '=', symbol)
          .where('t', '>=', from)
          .where('t', '<=', to)
          .orderBy('t', 'desc')
          .limit(limit)
          .execute()
      : await db
          .selectFrom('market_bar_1d')
          .select(['t', 'o', 'h', 'l', 'c', 'v', 'q'])
          .where('symbol', '=', symbol)
          .where('t', '>=', from)
          .where('t', '<=', to)
          .orderBy('t', 'desc')
          .limit(limit)
          .execute();
  return rows.reverse().map(toBar);
}

/** The newest bar at or before `to`. */
export async function lastBar(
  db: Db,
  table: BarTable,
  symbol: string,
  to = Number.MAX_SAFE_INTEGER,
): Promise<Bar | undefined> {
  return (await barsIn(db, table, symbol, Number.MIN_SAFE_INTEGER, to, 1))[0];
}

/** Drops the 1-minute bars older than `before` (only the last few days keep them). */
export async function pruneMinuteBars(db: Db, before: number): Promise<void> {
  await db.deleteFrom('market_bar_1m').where('t', '<', before).execute();
}

export async function readMeta(db: Db, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('market_meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeMeta(db: Db, key: string, value: string): Promise<void> {
  await db
    .insertInto('market_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}
