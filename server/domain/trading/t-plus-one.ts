// T+1 on the PSX calendar: shares bought on a day are locked until the start (00:00 Asia/Karachi) of the next
// PSX trading day, then moved from 'shares_locked' to 'shares' by a ledger journal. Release is lazy: it runs
// before anything reads or spends an account's shares, and on a matching pass once a minute.
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { lockAccounts } from '../ledger/locks.ts';
import { DAY_MS, isPsxTradingDay, pktDayStart } from '../market/calendar.ts';
import { move, postRecord } from '../ledger/post.ts';

/** When shares bought at `ts` become sellable: the start of the first PSX trading day after ts's day. */
export function unlockAt(ts: number): number {
  let day = pktDayStart(ts) + DAY_MS;
  for (let i = 0; i < 60 && !isPsxTradingDay(day); i++) day += DAY_MS;
  return day;
}

/**
 * Starts of the `n` PSX trading days before ts's day, most recent first: "the previous trading day" is the
 * first (on a Monday, the Friday before; after a holiday, the last day that traded).
 */
export function previousTradingDays(ts: number, n: number): number[] {
  const days: number[] = [];
  let day = pktDayStart(ts) - DAY_MS;
  for (let i = 0; i < 60 && days.length < n; i++, day -= DAY_MS) if (isPsxTradingDay(day)) days.push(day);
  return days;
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

/** The T+1 locks due at `now` (of one account, or of all), oldest first. */
export function dueLocks(db: Db, accountId: number | null, now: number) {
  let q = db
    .selectFrom('share_locks')
    .select(['id', 'account_id as accountId', 'symbol', 'qty'])
    .where('released_at', 'is', null)
    .where('unlock_at', '<=', now);
  if (accountId !== null) q = q.where('account_id', '=', accountId);
  return q.orderBy('id');
}

/**
 * Releases every lock due at `now` (of one account, or of all when accountId is null), in one transaction
 * (READ COMMITTED with the accounts locked, ledger/locks.ts); returns what it released, so the caller can tell
 * the account's open screens once it committed. A look without the transaction comes first: most calls find
 * nothing due and take no lock. Each lock is claimed by setting its released_at only where it is still null,
 * so two transactions that both saw it due cannot both release it.
 */
export async function releaseDueLocks(
  db: Db,
  accountId: number | null,
  now: number,
): Promise<ReleasedLock[]> {
  if (!db.isTransaction && !(await dueLocks(db, accountId, now).limit(1).executeTakeFirst())) return [];
  return inTx(
    db,
    async (tx) => {
      let due: ReleasedLock[] = await dueLocks(tx, accountId, now).execute();
      if (
        await lockAccounts(
          tx,
          due.map((l) => l.accountId),
        )
      )
        due = await dueLocks(tx, accountId, now).execute();
      const released: ReleasedLock[] = [];
      for (const lock of due) {
        const claimed = await tx
          .updateTable('share_locks')
          .set({ released_at: now })
          .where('id', '=', lock.id)
          .where('released_at', 'is', null)
          .executeTakeFirst();
        if (claimed.numUpdatedRows === 0n) continue;
        await postRecord(tx, {
          kind: 't1_release',
          ref: `lock:${lock.id}`,
          accountId: lock.accountId,
          symbol: lock.symbol,
          now,
          legs: move(lock.accountId, 'shares_locked', 'shares', lock.symbol, lock.qty),
        });
        released.push(lock);
      }
      return released;
    },
    { isolation: 'read committed' },
  );
}
