// The reads every repository of a user's own records makes, written once: the owner's row by id, the owner's
// row by the client-generated id a retry repeats, and one page of the owner's rows newest first. The owner
// scoping lives here, so another user's id reads exactly like a missing one everywhere.
// Kysely cannot check a column name against a table only known as a type parameter, so the helpers check
// the names in their signatures (ColumnOf) and build the query from dynamic references; the row type is the
// table's own Selectable, as a concrete selectAll() would give.
import { sql, type Selectable, type SelectQueryBuilder, type SelectType, type Simplify } from 'kysely';
import type { Db } from './database.ts';
import type { Schema } from './schema.ts';

export type Table = keyof Schema & string;

/** The columns of table `T` whose values read as `V`. */
export type ColumnOf<T extends Table, V> = {
  [C in keyof Schema[T] & string]: SelectType<Schema[T][C]> extends V ? C : never;
}[keyof Schema[T] & string];

/** The tables with a column `C`. */
type TableWith<C extends string> = { [T in Table]: C extends keyof Schema[T] ? T : never }[Table];

/** The owner's row of `table` whose `column` holds `value`, or undefined (also when another owner has it). */
export function findOwnBy<T extends Table, C extends ColumnOf<T, string | number>>(
  db: Db,
  t: T,
  owner: ColumnOf<T, number>,
  ownerId: number,
  column: C,
  value: SelectType<Schema[T][C]>,
): Promise<Selectable<Schema[T]> | undefined> {
  const { table, ref } = db.dynamic;
  return db
    .selectFrom(table(t).as(t))
    .selectAll()
    .where(ref(owner), '=', ownerId)
    .where(ref(column), '=', value)
    .$castTo<Selectable<Schema[T]>>()
    .executeTakeFirst();
}

/** The owner's row of `table` with this id; another owner's id reads exactly like a missing one. */
export function findOwn<T extends TableWith<'id'>>(
  db: Db,
  t: T,
  owner: ColumnOf<T, number>,
  ownerId: number,
  id: number,
): Promise<Selectable<Schema[T]> | undefined> {
  const { table, ref } = db.dynamic;
  return db
    .selectFrom(table(t).as(t))
    .selectAll()
    .where(ref('id'), '=', id)
    .where(ref(owner), '=', ownerId)
    .$castTo<Selectable<Schema[T]>>()
    .executeTakeFirst();
}

/** The owner's row of `table` with this client id (the one a retry repeats), or undefined. */
export function findByClientId<T extends TableWith<'client_id'>>(
  db: Db,
  t: T,
  owner: ColumnOf<T, number>,
  ownerId: number,
  clientId: string,
): Promise<Selectable<Schema[T]> | undefined> {
  const { table, ref } = db.dynamic;
  return db
    .selectFrom(table(t).as(t))
    .selectAll()
    .where(ref(owner), '=', ownerId)
    .where(ref('client_id'), '=', clientId)
    .$castTo<Selectable<Schema[T]>>()
    .executeTakeFirst();
}

export interface Paging {
  page: number;
  size: number;
}

/**
 * One page of the rows `base` selects (its table and filters, nothing selected yet), newest (highest id)
 * first, and how many rows it selects in all.
 */
export async function newestFirstPage<T extends TableWith<'id'>>(
  base: SelectQueryBuilder<Schema, T, object>,
  { page, size }: Paging,
): Promise<{ rows: Simplify<Selectable<Schema[T]>>[]; total: number }> {
  const rows = await base
    .selectAll()
    .orderBy(sql.ref('id'), 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .$castTo<Selectable<Schema[T]>>()
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}
