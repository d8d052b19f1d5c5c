// T+1 on the PSX calendar: shares bought on a day are locked until the start (00:00 Asia/Karachi) of the next
// PSX trading day, then moved from 'shares_locked' to 'shares' by a ledger journal. Release is lazy: it runs
// before anything reads or spends an account's shares, and on every matching pass.
import type { RawDb as Db } from '../../db/database.ts';
import { DAY_MS, isPsxTradingDay, pktDayStart } from '../market/calendar.ts';
import { move, postTrade } from './trade-ledger.ts';

/** When shares bought at `ts` become sellable: the start of the first PSX trading day after ts's day. */
export function unlockAt(ts: number): number {
  let day = pktDayStart(ts) + DAY_MS;
  for (let i = 0; i < 60 && !isPsxTradingDay(day); i++) day += DAY_MS;
  return day;
}

/** Start of the n-th most recent PSX trading day on or before ts (n = 1: today if a trading day). */
export function recentTradingDaysStart(ts: number, n: number): number {
  let day = pktDayStart(ts);
  let found = 0;
  for (let i = 0; i < 60; i++, day -= DAY_MS) {
    if (isPsxTradingDay(day) && ++found === n) return day;
  }
  return day;
}

export interface ReleasedLock {
  id: number;
  accountId: number;
  symbol: string;
  qty: bigint;
}

/**
 * Releases every lock due at `now` (of one account, or of all when accountId is null); returns what it
 * released, so the caller can tell the account's open screens.
 */
export function releaseDueLocks(db: Db, accountId: number | null, now: number): ReleasedLock[] {
  const rows = db
    .prepare(
      `SELECT id, account_id AS accountId, symbol, qty FROM share_locks
       WHERE released_at IS NULL AND unlock_at <= ? ${accountId === null ? '' : 'AND account_id = ?'}`,
    )
    .safeIntegers(true)
    .all(...(accountId === null ? [now] : [now, accountId])) as Array<
    Record<keyof ReleasedLock, bigint | string>
  >;
  if (rows.length === 0) return [];
  const released = rows.map((r): ReleasedLock => ({
    id: Number(r.id),
    accountId: Number(r.accountId),
    symbol: String(r.symbol),
    qty: BigInt(r.qty),
  }));
  db.transaction(() => {
    const mark = db.prepare('UPDATE share_locks SET released_at = ? WHERE id = ?');
    for (const lock of released) {
      postTrade(db, {
        kind: 't1_release',
        ref: `lock:${lock.id}`,
        accountId: lock.accountId,
        symbol: lock.symbol,
        now,
        postings: move(db, lock.accountId, 'shares_locked', 'shares', lock.symbol, lock.qty),
      });
      mark.run(now, lock.id);
    }
  })();
  return released;
}
