// A 6-digit secret of the user (the transaction password, users.trade_password_hash; the withdrawal password,
// users.withdraw_password_hash): scrypt-hashed like the login password, behind the same lock-out as every
// guessed secret (domain/rate-limit/attempt-guard.ts: a few free tries, then waits that double; each try
// counted before its hash runs, so parallel submits cannot test more PINs than that; a right PIN does not clear
// earlier failures). The guard's records are in the database (attempt_guards, one scope per secret), so a
// restart does not reset them.
//
// scrypt costs ~0.5 s and 128 MiB per check, so two things keep the secret usable: identical checks in flight
// share one scrypt run and one counted try (100 copies of one submit cost one hash and learn one answer), and
// a correct check is remembered for VERIFIED_TTL_MS as an HMAC under a per-process random key (never the
// password itself). The remembered answer only counts once the guard admits the try (an admitted remembered
// answer costs the guard one read instead of two writes: attempt-guard.ts), so it is no
// oracle for guesses while the user must wait. Checks run in the hash queue's 'user' lane, ahead of logins.
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { HashBusyError } from './hash-queue.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { AttemptRefused, type AttemptGuard } from '../rate-limit/attempt-guard.ts';

const VERIFIED_TTL_MS = 5 * 60_000;

/** The users column a secret lives in, and the error-key group its refusals are under. */
export interface SecretSpec {
  column: 'trade_password_hash' | 'withdraw_password_hash';
  /** e.g. 'trade' → trade.passwordWrong, trade.passwordNotSet, trade.passwordLocked(Seconds), trade.passwordAlreadySet */
  errors: 'trade' | 'withdraw';
}

export class SixDigitSecret {
  private readonly processKey = randomBytes(32);
  private readonly inFlight = new Map<string, Promise<boolean>>();
  private readonly verified = new Map<string, number>();

  constructor(readonly spec: SecretSpec) {}

  private async storedHash(db: Db, userId: number): Promise<string | null> {
    const col = this.spec.column;
    const row = await db.selectFrom('users').select(col).where('id', '=', userId).executeTakeFirst();
    return row?.[col] ?? null;
  }

  async isSet(db: Db, userId: number): Promise<boolean> {
    return (await this.storedHash(db, userId)) !== null;
  }

  /** "Locked, try again in …", in seconds while the wait is short (the first waits are a minute or less). */
  lockedError(waitMs: number): AppError {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    if (seconds <= 90) return new AppError(`${this.spec.errors}.passwordLockedSeconds`, { seconds });
    return new AppError(`${this.spec.errors}.passwordLocked`, { minutes: Math.ceil(seconds / 60) });
  }

  private async wrongError(guard: AttemptGuard, userId: number): Promise<AppError> {
    const key = String(userId);
    const left = await guard.freeLeft(key);
    return left > 0
      ? new AppError(`${this.spec.errors}.passwordWrong`, { left })
      : this.lockedError(await guard.waitMs(key));
  }

  /**
   * One counted check for this (user, hash, password), shared by every identical check while it runs: joining
   * costs no try and tells nothing its first caller won't learn. The shared promise is in place before the
   * first await, so submits that arrive together join even while the guard's store is still being asked.
   */
  private check(guard: AttemptGuard, userId: number, hash: string, password: string, now: number) {
    const key = createHmac('sha256', this.processKey)
      .update(`${userId}\n${hash}\n${password}`)
      .digest('base64');
    let run = this.inFlight.get(key);
    if (!run) {
      const remembered = () => (this.verified.get(key) ?? 0) > now;
      run = guard
        .check(
          String(userId),
          async () => {
            if (remembered()) return true;
            const good = await verifyPassword(password, hash, 'user');
            if (good) {
              if (this.verified.size > 10_000) this.verified.clear();
              this.verified.set(key, now + VERIFIED_TTL_MS);
            }
            return good;
          },
          remembered,
        )
        .finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, run);
    }
    return run;
  }

  /** Throws the spec's refusal unless the password is set, may be tried now and is correct. */
  async verify(
    db: Db,
    guard: AttemptGuard,
    userId: number,
    password: string,
    now = Date.now(),
  ): Promise<void> {
    const hash = await this.storedHash(db, userId);
    if (hash === null) throw new AppError(`${this.spec.errors}.passwordNotSet`);
    let good: boolean;
    try {
      good = await this.check(guard, userId, hash, password, now);
    } catch (err) {
      if (err instanceof AttemptRefused) throw this.lockedError(err.waitMs);
      if (err instanceof HashBusyError) throw new AppError('common.busy');
      throw err;
    }
    if (!good) throw await this.wrongError(guard, userId);
  }

  /** Sets the password the first time; refuses when one is already set. */
  async set(db: Db, userId: number, password: string): Promise<void> {
    if (await this.isSet(db, userId)) throw new AppError(`${this.spec.errors}.passwordAlreadySet`);
    const hash = await hashPassword(password, 'user');
    // Only where none is set: of two parallel first settings, one wins and the other is refused.
    const r = await db
      .updateTable('users')
      .set({ [this.spec.column]: hash })
      .where('id', '=', userId)
      .where(this.spec.column, 'is', null)
      .executeTakeFirst();
    if (r.numUpdatedRows === 0n) throw new AppError(`${this.spec.errors}.passwordAlreadySet`);
  }

  /** Replaces the password after checking the old one (which counts towards the lock-out). */
  async change(
    db: Db,
    guard: AttemptGuard,
    userId: number,
    oldPassword: string,
    password: string,
    now = Date.now(),
  ): Promise<void> {
    // Same-as-old needs no hash, so it is refused before a try is spent.
    if (oldPassword === password) throw new AppError('auth.samePassword');
    await this.verify(db, guard, userId, oldPassword, now);
    await this.replace(db, userId, password);
  }

  /** Replaces the password without the old one (after another proof, e.g. an SMS code to the phone). */
  async replace(db: Db, userId: number, password: string): Promise<void> {
    const hash = await hashPassword(password, 'user');
    await db
      .updateTable('users')
      .set({ [this.spec.column]: hash })
      .where('id', '=', userId)
      .execute();
  }
}
