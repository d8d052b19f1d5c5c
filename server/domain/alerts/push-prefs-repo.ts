// Which kinds of personal message a user wants as Web Push (contract/alerts.ts PUSH_KINDS). Stored as the kinds
// turned off (no row: every kind on), so a kind added later is on for everyone until they turn it off.
import { PUSH_KINDS, type PushKind } from '../../../contract/alerts.ts';
import type { Db } from '../../db/database.ts';

const isPushKind = (k: string): k is PushKind => (PUSH_KINDS as readonly string[]).includes(k);

/** The kinds in a comma list that are push kinds, or null when any is not one. */
export function parseKinds(list: string): PushKind[] | null {
  if (list === '') return [];
  const kinds = list.split(',');
  if (!kinds.every(isPushKind)) return null;
  return [...new Set(kinds)].filter(isPushKind);
}

export async function kindsOff(db: Db, userId: number): Promise<PushKind[]> {
  const row = await db
    .selectFrom('push_prefs')
    .select('off')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? (parseKinds(row.off) ?? []) : [];
}

/** The kinds turned off of each of `userIds` (users without a row are left out: everything on). */
export async function kindsOffOf(db: Db, userIds: readonly number[]): Promise<Map<number, Set<string>>> {
  const out = new Map<number, Set<string>>();
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('push_prefs')
    .select(['user_id', 'off'])
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  for (const r of rows) if (r.off !== '') out.set(Number(r.user_id), new Set(r.off.split(',')));
  return out;
}

export async function setKindsOff(
  db: Db,
  userId: number,
  off: readonly PushKind[],
  now: number,
): Promise<void> {
  const value = PUSH_KINDS.filter((k) => off.includes(k)).join(',');
  await db
    .insertInto('push_prefs')
    .values({ user_id: userId, off: value, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ off: value, updated_at: now }))
    .execute();
}
