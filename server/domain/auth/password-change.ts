// A new login password ends every session of the user (a reset by SMS code, or a change while signed in). The
// two writes are one transaction: no old session outlives the new password, and a failure leaves the old one.
import type { Db } from '../../db/database.ts';
import { inTx } from '../../db/tx.ts';
import { revokeUserSessions } from './sessions-repo.ts';
import { updatePasswordHash } from './users-repo.ts';

/** Stores the new hash and revokes every session of the user; returns how many sessions ended. */
export async function replacePassword(
  db: Db,
  userId: number,
  passwordHash: string,
  now = Date.now(),
): Promise<number> {
  return inTx(db, async (tx) => {
    await updatePasswordHash(tx, userId, passwordHash);
    return revokeUserSessions(tx, userId, now);
  });
}
