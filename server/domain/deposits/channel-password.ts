// The offline deposit channel password, "the channel password their account manager gives them": an operator
// sets one for a user ('user:<id>') or a default that every account manager hands out ('default'); a user's
// own, when set, is the only one that opens the channel for them. Stored scrypt-hashed; every check is one
// counted attempt of the user's guard (scope 'channel_password', plugins/lockouts.ts), so guessing is slow.
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { HashBusyError } from '../auth/hash-queue.ts';
import { hashPassword, verifyPassword } from '../auth/password-hash.ts';
import { AttemptRefused, type AttemptGuard } from '../rate-limit/attempt-guard.ts';

export const DEFAULT_SCOPE = 'default';
export const userScope = (userId: number) => `user:${userId}`;
/** A channel password: 4–32 characters without spaces. */
export const CHANNEL_PASSWORD = /^\S{4,32}$/;

/** The hash that opens the channel for this user: their own, else the default; null when none is set. */
async function hashFor(db: Db, userId: number): Promise<string | null> {
  const rows = await db
    .selectFrom('channel_passwords')
    .select(['scope', 'password_hash'])
    .where('scope', 'in', [userScope(userId), DEFAULT_SCOPE])
    .execute();
  const own = rows.find((r) => r.scope === userScope(userId));
  return (own ?? rows[0])?.password_hash ?? null;
}

function lockedError(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  if (seconds <= 90) return fieldError('channelPassword', 'deposit.passwordLockedSeconds', { seconds });
  return fieldError('channelPassword', 'deposit.passwordLocked', { minutes: Math.ceil(seconds / 60) });
}

/** Refuses unless `password` opens the offline channel for the user and the guard admits the try now. */
export async function verifyChannelPassword(
  db: Db,
  guard: AttemptGuard,
  userId: number,
  password: string,
): Promise<void> {
  const hash = await hashFor(db, userId);
  let good: boolean;
  try {
    // No password set is a wrong password (and a counted try): nothing tells a guesser which it was.
    good = await guard.check(String(userId), async () =>
      hash === null ? false : verifyPassword(password, hash, 'user'),
    );
  } catch (err) {
    if (err instanceof AttemptRefused) throw lockedError(err.waitMs);
    if (err instanceof HashBusyError) throw new AppError('common.busy');
    throw err;
  }
  if (!good) {
    const left = await guard.freeLeft(String(userId));
    if (left > 0) throw fieldError('channelPassword', 'deposit.passwordWrong');
    throw lockedError(await guard.waitMs(String(userId)));
  }
}

/** Sets (or replaces) a channel password: `userId` null sets the default. Returns whether one was replaced. */
export async function setChannelPassword(
  db: Db,
  userId: number | null,
  password: string,
  by: number | null,
  now: number,
): Promise<{ replaced: boolean }> {
  if (!CHANNEL_PASSWORD.test(password))
    throw new Error('channel password must be 4-32 characters, no spaces');
  const scope = userId === null ? DEFAULT_SCOPE : userScope(userId);
  const hash = await hashPassword(password, 'user');
  const before = await db
    .selectFrom('channel_passwords')
    .select('scope')
    .where('scope', '=', scope)
    .executeTakeFirst();
  await db
    .insertInto('channel_passwords')
    .values({ scope, password_hash: hash, updated_at: now, updated_by: by })
    .onConflict((oc) =>
      oc.column('scope').doUpdateSet({ password_hash: hash, updated_at: now, updated_by: by }),
    )
    .execute();
  return { replaced: before !== undefined };
}
