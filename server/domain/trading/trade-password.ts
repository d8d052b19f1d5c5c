// The 6-digit transaction password: scrypt-hashed like the login password (users.trade_password_hash), behind
// the same lock-out as every guessed secret (domain/rate-limit/attempt-guard.ts: a few free tries, then waits
// that double; each try counted before its hash runs, so parallel orders cannot test more PINs than that; a
// right PIN does not clear earlier failures). The guard's records are in the database (attempt_guards, scope
// 'trade_password'), so a restart does not reset them.
//
// scrypt costs ~0.5 s and 128 MiB per check, so two things keep trading usable: identical checks in flight
// share one scrypt run and one counted try (100 copies of one submit cost one hash and learn one answer), and
// a correct check is remembered for VERIFIED_TTL_MS as an HMAC under a per-process random key (never the
// password itself). The remembered answer only counts once the guard admits the try, so it is no oracle for
// guesses while the user must wait; an admitted remembered answer costs the guard one read instead of two
// writes (attempt-guard.ts). Checks run in the hash queue's 'user' lane, ahead of logins.
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { HashBusyError } from '../auth/hash-queue.ts';
import { hashPassword, verifyPassword } from '../auth/password-hash.ts';
import { AttemptRefused, type AttemptGuard } from '../rate-limit/attempt-guard.ts';

const VERIFIED_TTL_MS = 5 * 60_000;

const processKey = randomBytes(32);
const inFlight = new Map<string, Promise<boolean>>();
const verified = new Map<string, number>();

async function storedHash(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('trade_password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.trade_password_hash ?? null;
}

export async function hasTradePassword(db: Db, userId: number): Promise<boolean> {
  return (await storedHash(db, userId)) !== null;
}

/** "Locked, try again in …", in seconds while the wait is short (the first waits are a minute or less). */
function lockedError(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  if (seconds <= 90) return new AppError('trade.passwordLockedSeconds', { seconds });
  return new AppError('trade.passwordLocked', { minutes: Math.ceil(seconds / 60) });
}

async function wrongError(guard: AttemptGuard, userId: number): Promise<AppError> {
  const key = String(userId);
  const left = await guard.freeLeft(key);
  return left > 0 ? new AppError('trade.passwordWrong', { left }) : lockedError(await guard.waitMs(key));
}

/**
 * One counted check for this (user, hash, password), shared by every identical check while it runs: joining
 * costs no try and tells nothing its first caller won't learn. The shared promise is in place before the
 * first await, so submits that arrive together join even while the guard's store is still being asked.
 */
function check(guard: AttemptGuard, userId: number, hash: string, password: string, now: number) {
  const key = createHmac('sha256', processKey).update(`${userId}\n${hash}\n${password}`).digest('base64');
  let run = inFlight.get(key);
  if (!run) {
    const remembered = () => (verified.get(key) ?? 0) > now;
    run = guard
      .check(
        String(userId),
        async () => {
          if (remembered()) return true;
          const good = await verifyPassword(password, hash, 'user');
          if (good) {
            if (verified.size > 10_000) verified.clear();
            verified.set(key, now + VERIFIED_TTL_MS);
          }
          return good;
        },
        remembered,
      )
      .finally(() => inFlight.delete(key));
    inFlight.set(key, run);
  }
  return run;
}

/** Throws the spec's refusal unless the password is set, may be tried now and is correct. */
export async function verifyTradePassword(
  db: Db,
  guard: AttemptGuard,
  userId: number,
  password: string,
  now = Date.now(),
): Promise<void> {
  const hash = await storedHash(db, userId);
  if (hash === null) throw new AppError('trade.passwordNotSet');
  let good: boolean;
  try {
    good = await check(guard, userId, hash, password, now);
  } catch (err) {
    if (err instanceof AttemptRefused) throw lockedError(err.waitMs);
    if (err instanceof HashBusyError) throw new AppError('common.busy');
    throw err;
  }
  if (!good) throw await wrongError(guard, userId);
}

/** Sets the password the first time; refuses when one is already set. */
export async function setTradePassword(db: Db, userId: number, password: string): Promise<void> {
  if (await hasTradePassword(db, userId)) throw new AppError('trade.passwordAlreadySet');
  const hash = await hashPassword(password, 'user');
  // Only where none is set: of two parallel first settings, one wins and the other is refused.
  const r = await db
    .updateTable('users')
    .set({ trade_password_hash: hash })
    .where('id', '=', userId)
    .where('trade_password_hash', 'is', null)
    .executeTakeFirst();
  if (r.numUpdatedRows === 0n) throw new AppError('trade.passwordAlreadySet');
}

/** Replaces the password after checking the old one (which counts towards the lock-out). */
export async function changeTradePassword(
  db: Db,
  guard: AttemptGuard,
  userId: number,
  oldPassword: string,
  password: string,
  now = Date.now(),
): Promise<void> {
  // Same-as-old needs no hash, so it is refused before a try is spent.
  if (oldPassword === password) throw new AppError('auth.samePassword');
  await verifyTradePassword(db, guard, userId, oldPassword, now);
  const hash = await hashPassword(password, 'user');
  await db.updateTable('users').set({ trade_password_hash: hash }).where('id', '=', userId).execute();
}
