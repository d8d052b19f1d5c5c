// The 6-digit transaction password (users.trade_password_hash, lock-out scope 'trade_password'): one
// SixDigitSecret (auth/six-digit-secret.ts holds the hashing, the shared in-flight checks and the lock-out).
import type { Db } from '../../db/database.ts';
import { SixDigitSecret } from '../auth/six-digit-secret.ts';
import type { AttemptGuard } from '../rate-limit/attempt-guard.ts';

export const tradeSecret = new SixDigitSecret({ column: 'trade_password_hash', errors: 'trade' });

export function hasTradePassword(db: Db, userId: number): Promise<boolean> {
  return tradeSecret.isSet(db, userId);
}

/** Throws the spec's refusal unless the password is set, may be tried now and is correct. */
export function verifyTradePassword(
  db: Db,
  guard: AttemptGuard,
  userId: number,
  password: string,
  now = Date.now(),
): Promise<void> {
  return tradeSecret.verify(db, guard, userId, password, now);
}

/** Sets the password the first time; refuses when one is already set. */
export function setTradePassword(db: Db, userId: number, password: string): Promise<void> {
  return tradeSecret.set(db, userId, password);
}

/** Replaces the password after checking the old one (which counts towards the lock-out). */
export function changeTradePassword(
  db: Db,
  guard: AttemptGuard,
  userId: number,
  oldPassword: string,
  password: string,
  now = Date.now(),
): Promise<void> {
  return tradeSecret.change(db, guard, userId, oldPassword, password, now);
}
