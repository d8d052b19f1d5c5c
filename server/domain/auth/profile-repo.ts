// The profile fields a user changes themselves: the display name (users.account) and the email (stored
// unverified: there is no mail service). Scoped by the caller's own id.
import type { Db } from '../../db/database.ts';

export async function updateAccountName(db: Db, userId: number, account: string): Promise<void> {
  await db.updateTable('users').set({ account }).where('id', '=', userId).execute();
}

export async function updateEmail(db: Db, userId: number, email: string): Promise<void> {
  await db.updateTable('users').set({ email }).where('id', '=', userId).execute();
}
