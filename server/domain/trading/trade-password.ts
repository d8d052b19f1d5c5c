// The 6-digit transaction password: scrypt-hashed like the login password (users.trade_password_hash), locked
// for 15 minutes after 5 wrong entries in a row (kept in the database, so a restart does not reset it).
//
// scrypt costs ~0.5 s and 128 MiB per check, so two things keep trading usable: identical checks in flight
// share one scrypt run (100 copies of one submit cost one hash), and a correct check is remembered for
// VERIFIED_TTL_MS as an HMAC under a per-process random key (never the password itself). Wrong entries are
// never cached and always count.
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../auth/password-hash.ts';

export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;
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

function guard(db: Db, userId: number): { failures: number; lockedUntil: number } {
  const row = db
    .prepare('SELECT failures, locked_until AS lockedUntil FROM trade_password_guard WHERE user_id = ?')
    .get(userId) as { failures: number; lockedUntil: number } | undefined;
  return row ?? { failures: 0, lockedUntil: 0 };
}

function saveGuard(db: Db, userId: number, failures: number, lockedUntil: number): void {
  db.prepare(
    `INSERT INTO trade_password_guard (user_id, failures, locked_until) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until`,
  ).run(userId, failures, lockedUntil);
}

function refuseIfLocked(db: Db, userId: number, now: number): void {
  const g = guard(db, userId);
  if (g.lockedUntil > now)
    throw new AppError('trade.passwordLocked', { minutes: Math.ceil((g.lockedUntil - now) / 60_000) });
}

async function matches(hash: string, password: string, userId: number, now: number): Promise<boolean> {
  const key = createHmac('sha256', processKey).update(`${userId}\n${hash}\n${password}`).digest('base64');
  const until = verified.get(key);
  if (until !== undefined && until > now) return true;
  let run = inFlight.get(key);
  if (!run) {
    run = verifyPassword(password, hash).finally(() => inFlight.delete(key));
    inFlight.set(key, run);
  }
  const ok = await run;
  if (ok) {
    if (verified.size > 10_000) verified.clear();
    verified.set(key, now + VERIFIED_TTL_MS);
  }
  return ok;
}

/** Throws the spec's refusal unless the password is set, not locked and correct; counts wrong entries. */
export async function verifyTradePassword(db: Db, userId: number, password: string, now = Date.now()) {
  const hash = storedHash(db, userId);
  if (hash === null) throw new AppError('trade.passwordNotSet');
  refuseIfLocked(db, userId, now);
  if (await matches(hash, password, userId, now)) {
    if (guard(db, userId).failures > 0) saveGuard(db, userId, 0, 0);
    return;
  }
  // One statement, so concurrent wrong entries each count.
  const failures = db
    .prepare(
      `INSERT INTO trade_password_guard (user_id, failures, locked_until) VALUES (?, 1, 0)
       ON CONFLICT (user_id) DO UPDATE SET failures = failures + 1 RETURNING failures`,
    )
    .pluck()
    .get(userId) as number;
  if (failures >= MAX_FAILURES) {
    saveGuard(db, userId, 0, now + LOCK_MS);
    throw new AppError('trade.passwordLocked', { minutes: LOCK_MS / 60_000 });
  }
  throw new AppError('trade.passwordWrong', { left: MAX_FAILURES - failures });
}

/** Sets the password the first time; refuses when one is already set. */
export async function setTradePassword(db: Db, userId: number, password: string): Promise<void> {
  if (hasTradePassword(db, userId)) throw new AppError('trade.passwordAlreadySet');
  const hash = await hashPassword(password);
  const changed = db
    .prepare('UPDATE users SET trade_password_hash = ? WHERE id = ? AND trade_password_hash IS NULL')
    .run(hash, userId).changes;
  if (changed === 0) throw new AppError('trade.passwordAlreadySet');
}

/** Replaces the password after checking the old one (which counts towards the lock-out). */
export async function changeTradePassword(
  db: Db,
  userId: number,
  oldPassword: string,
  password: string,
  now = Date.now(),
): Promise<void> {
  await verifyTradePassword(db, userId, oldPassword, now);
  if (oldPassword === password) throw new AppError('auth.samePassword');
  const hash = await hashPassword(password);
  db.prepare('UPDATE users SET trade_password_hash = ? WHERE id = ?').run(hash, userId);
}
