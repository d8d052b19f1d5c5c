// Six-digit SMS verification codes: stored only as HMAC-SHA256 under a server key (code-secret.ts), bound to
// the phone and purpose, expiring, single use, and dead after MAX_ATTEMPTS wrong tries. A "decoy" stands in
// where no code is texted (a `register` code for a number that already has an account, a `reset` code for
// one that has none): it can never match, so the verifying call answers exactly as for a real code and cannot
// tell anyone whether the number is registered.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { RawDb as Db } from '../../db/database.ts';

export type CodeType = 'register' | 'reset' | 'login';
export const MAX_CODE_ATTEMPTS = 5;

/** 'wrong': a live code exists and this is not it; 'expired': none live (expired, used, or out of tries). */
export type CodeCheck = 'ok' | 'wrong' | 'expired';

export class SmsCodeStore {
  constructor(
    private readonly db: Db,
    private readonly key: Buffer,
  ) {}

  private mac(phone: string, type: CodeType, code: string): Buffer {
    return createHmac('sha256', this.key).update(`${phone}\n${type}\n${code}`).digest();
  }

  /**
   * Replaces any earlier code for (phone, type) with a new one valid for `ttlSec`; returns the plain code to
   * text. With `decoy`, stores a hash no 6-digit code matches and returns null: the same write, nothing to send.
   */
  issue(phone: string, type: CodeType, ttlSec: number, opts: { decoy?: boolean } = {}, now = Date.now()) {
    const code = opts.decoy ? null : String(randomInt(1_000_000)).padStart(6, '0');
    const hash = code === null ? randomBytes(32) : this.mac(phone, type, code);
    this.db.transaction(() => {
      this.db
        .prepare('DELETE FROM sms_codes WHERE (phone = ? AND type = ?) OR expires_at <= ?')
        .run(phone, type, now);
      this.db
        .prepare(
          'INSERT INTO sms_codes (phone, type, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
        )
        .run(phone, type, hash.toString('hex'), now + ttlSec * 1000, now);
    })();
    return code;
  }

  /** Checks a code and, when right, consumes it; a wrong one uses up one of the code's attempts. */
  verify(phone: string, type: CodeType, code: string, now = Date.now()): CodeCheck {
    const given = this.mac(phone, type, code.trim());
    return this.db.transaction((): CodeCheck => {
      const row = this.db
        .prepare(
          `SELECT id, code_hash AS codeHash, attempts FROM sms_codes
           WHERE phone = ? AND type = ? AND consumed_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT 1`,
        )
        .get(phone, type, now) as { id: number; codeHash: string; attempts: number } | undefined;
      if (!row || row.attempts >= MAX_CODE_ATTEMPTS) return 'expired';
      const match = timingSafeEqual(Buffer.from(row.codeHash, 'hex'), given);
      this.db
        .prepare(
          'UPDATE sms_codes SET attempts = attempts + 1, consumed_at = CASE WHEN ? THEN ? ELSE NULL END WHERE id = ?',
        )
        .run(match ? 1 : 0, now, row.id);
      return match ? 'ok' : 'wrong';
    })();
  }
}
