// The 6-digit transaction password: scrypt-hashed like the login password (users.trade_password_hash), behind
// the same lock-out as every guessed secret (domain/rate-limit/attempt-guard.ts: a few free tries, then waits
// that double; each try counted before its hash runs, so parallel orders cannot test more PINs than that; a
// right PIN does not clear earlier failures). The guard's records are in the database (attempt_guards, scope
// 'trade_password'), so a restart does not reset them.
//
// scrypt costs ~0.5 s and 128 MiB per check, so two things keep trading usable: identical checks in flight
// share one scrypt run and one counted try (100 copies of one submit cost one hash and learn one answer), and
// a correct check is remembered for VERIFIED_TTL_MS as an HMAC under a per-process random key (never the
// password itself). The remembered answer is only looked up once the guard admits the try, so it is no
// oracle for guesses while the user must wait. Checks run in the hash queue's 'user' lane, ahead of logins.
import { createHmac, randomBytes } from 'node:crypto';
import type { RawDb as Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { HashBusyError } from '../auth/hash-queue.ts';
import { hashPassword, verifyPassword } from '../auth/password-hash.ts';
import { AttemptRefused, type AttemptGuard } from '../rate-limit/attempt-guard.ts';

const VERIFIED_TTL_MS = 5 * 60_000;

const processKey = randomBytes(32);
const inFlight = new Map<string, Promise<boolean>>();
const verified = new Map<string, number>();

function storedHash(db: Db, userId: number): string | null {
  return (db.prepare('SELECT trade_password_hash FROM users WHERE id = ?').pluck().get(userId) ?? null) as
    string | null;
}

export function hasTradePassword(db: Db, userId: number): boolean {
  return storedHash(db, userId) !== null;
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

/** The one scrypt run for this (user, hash, password), shared by identical checks while it runs. */
function sharedRun(key: string, hash: string, password: string): Promise<boolean> {
  let run = inFlight.get(key);
  if (!run) {
    run = verifyPassword(password, hash, 'user').finally(() => inFlight.delete(key));
    inFlight.set(key, run);
  }
  return run;
}

async function check(guard: AttemptGuard, userId: number, hash: string, password: string, now: number) {
  const key = createHmac('sha256', processKey).update(`${userId}\n${hash}\n${password}`).digest('base64');
  // Joining an identical check already admitted costs no try and tells nothing its first caller won't learn.
  const running = inFlight.get(key);
  if (running) return running;
  return guard.check(String(userId), async () => {
    const until = verified.get(key);
    if (until !== undefined && until > now) return true;
    const good = await sharedRun(key, hash, password);
    if (good) {
      if (verified.size > 10_000) verified.clear();
      verified.set(key, now + VERIFIED_TTL_MS);
    }
    return good;
  });
}

/** Throws the spec's refusal unless the password is set, may be tried now and is correct. */
export async function verifyTradePassword(
  db: Db,
  guard: AttemptGuard,
  userId: number,
  password: string,
  now = Date.now(),
): Promise<void> {
  const hash = storedHash(db, userId);
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
  if (hasTradePassword(db, userId)) throw new AppError('trade.passwordAlreadySet');
  const hash = await hashPassword(password, 'user');
  const changed = db
    .prepare('UPDATE users SET trade_password_hash = ? WHERE id = ? AND trade_password_hash IS NULL')
    .run(hash, userId).changes;
  if (changed === 0) throw new AppError('trade.passwordAlreadySet');
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
  db.prepare('UPDATE users SET trade_password_hash = ? WHERE id = ?').run(hash, userId);
}
