// Per-user watchlists (stock and coin favourites), stored in market_collect so they follow the user across devices.

import type Database from 'better-sqlite3';

export type CollectKind = 'stock' | 'coin';

/** Most symbols a user can star per kind: the whole universe fits, abuse does not. */
export const MAX_COLLECT = 500;

export function listCollect(db: Database.Database, userId: number, kind: CollectKind): string[] {
  return db
    .prepare('SELECT symbol FROM market_collect WHERE user_id = ? AND kind = ? ORDER BY created_at, symbol')
    .pluck()
    .all(userId, kind) as string[];
}

/** Idempotent; false when the list is full. */
export function addCollect(
  db: Database.Database,
  userId: number,
  kind: CollectKind,
  symbol: string,
  now: number,
): boolean {
  const count = db
    .prepare('SELECT count(*) FROM market_collect WHERE user_id = ? AND kind = ?')
    .pluck()
    .get(userId, kind) as number;
  if (count >= MAX_COLLECT) return false;
  // Two stars within one millisecond must still list in the order they were added: created_at is kept
  // strictly increasing per list (the ORDER BY would otherwise fall back to the symbol).
  db.prepare(
    `INSERT OR IGNORE INTO market_collect (user_id, kind, symbol, created_at)
     VALUES (?, ?, ?, MAX(?, COALESCE((SELECT MAX(created_at) + 1 FROM market_collect WHERE user_id = ? AND kind = ?), 0)))`,
  ).run(userId, kind, symbol, now, userId, kind);
  return true;
}

export function delCollect(db: Database.Database, userId: number, kind: CollectKind, symbol: string): void {
  db.prepare('DELETE FROM market_collect WHERE user_id = ? AND kind = ? AND symbol = ?').run(
    userId,
    kind,
    symbol,
  );
}
