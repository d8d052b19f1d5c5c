// Six-digit SMS verification codes: issued hashed with an expiry, checked once with a few attempts.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/open-db.ts';

export type CodeType = 'register' | 'reset' | 'login';
const MAX_ATTEMPTS = 5;

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Creates a code for (phone, type), replacing earlier unused ones; returns the plain code to send. */
export function issueSmsCode(
  db: Db,
  phone: string,
  type: CodeType,
  ttlSec: number,
  now = Date.now(),
): string {
  const code = String(randomInt(1_000_000)).padStart(6, '0');
  db.transaction(() => {
    db.prepare('DELETE FROM sms_codes WHERE (phone = ? AND type = ?) OR expires_at <= ?').run(
      phone,
      type,
      now,
    );
    db.prepare(
      'INSERT INTO sms_codes (phone, type, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
    ).run(phone, type, sha256(code).toString('hex'), now + ttlSec * 1000, now);
  })();
  return code;
}

/** Checks and consumes a code; false when wrong, expired, used, or after too many attempts. */
export function verifySmsCode(
  db: Db,
  phone: string,
  type: CodeType,
  code: string,
  now = Date.now(),
): boolean {
  return db.transaction(() => {
    const row = db
      .prepare(
        `SELECT id, code_hash AS codeHash, attempts FROM sms_codes
         WHERE phone = ? AND type = ? AND consumed_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT 1`,
      )
      .get(phone, type, now) as { id: number; codeHash: string; attempts: number } | undefined;
    if (!row || row.attempts >= MAX_ATTEMPTS) return false;
    const match = timingSafeEqual(Buffer.from(row.codeHash, 'hex'), sha256(code));
    db.prepare(
      'UPDATE sms_codes SET attempts = attempts + 1, consumed_at = CASE WHEN ? THEN ? ELSE NULL END WHERE id = ?',
    ).run(match ? 1 : 0, now, row.id);
    return match;
  })();
}
