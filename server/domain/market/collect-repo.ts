// Per-user watchlists (stock and coin favourites), stored in market_collect so they follow the user across devices.

import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';

export type CollectKind = 'stock' | 'coin';

/** Most symbols a user can star per kind: the whole universe fits, abuse does not. */
export const MAX_COLLECT = 500;

export async function listCollect(db: Db, userId: number, kind: CollectKind): Promise<string[]> {
  const rows = await db
    .selectFrom('market_collect')
    .select('symbol')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .orderBy('created_at')
    .orderBy('symbol')
    .execute();
  return rows.map((r) => r.symbol);
}

/** Idempotent; false when the list is full. */
export async function addCollect(
  db: Db,
  userId: number,
  kind: CollectKind,
  symbol: string,
  now: number,
): Promise<boolean> {
  // The count and the insert in one transaction: two stars at once cannot both take the last place.
  return inTx(db, async (tx) => {
    const list = await tx
      .selectFrom('market_collect')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('latest')])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow();
    if (Number(list.n) >= MAX_COLLECT) return false;
    // Two stars within one millisecond must still list in the order they were added: created_at is kept
    // strictly increasing per list (the ORDER BY would otherwise fall back to the symbol).
    const latest = list.latest as number | null;
    const createdAt = latest === null ? now : Math.max(now, latest + 1);
    await tx
      .insertInto('market_collect')
      .values({ user_id: userId, kind, symbol, created_at: createdAt })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return true;
  });
}

export async function delCollect(db: Db, userId: number, kind: CollectKind, symbol: string): Promise<void> {
  await db
    .deleteFrom('market_collect')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('symbol', '=', symbol)
    .execute();
}
