// Small helpers the money queues share: the owner's phone for a page of rows (one query), a time in Pakistan
// time as the operator reads it next to the bank statement, and an optional field.
import type { Db } from '../../../db/database.ts';
import { PKT_OFFSET_MS } from '../../../domain/settings/hours.ts';

/** "2026-11-24 21:32 PKT" */
export function pktTime(ms: number): string {
  return `${new Date(ms + PKT_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')} PKT`;
}

/** user id → phone, for the users of `userIds` */
export async function phonesOf(db: Db, userIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'phone']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.phone]));
}

/** A labelled field, or none when the value is empty. */
export const field = (label: string, value: string | null | undefined) => (value ? [{ label, value }] : []);
