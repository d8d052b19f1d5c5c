// Image captchas in the database: created with a plain answer, expiring, and consumed by any attempt.
import { randomBytes, randomInt } from 'node:crypto';
import type { RawDb as Db } from '../../db/database.ts';
import { CAPTCHA_ALPHABET } from './captcha-glyphs.ts';
import { randomText } from './tokens.ts';

export function createCaptcha(db: Db, ttlSec: number, now = Date.now()): { id: string; answer: string } {
  // Housekeeping on the write path keeps the table small without a timer.
  db.prepare('DELETE FROM captchas WHERE expires_at <= ?').run(now);
  const id = randomBytes(16).toString('base64url');
  const answer = randomText(CAPTCHA_ALPHABET, randomInt(4, 6));
  db.prepare('INSERT INTO captchas (id, answer, expires_at, created_at) VALUES (?, ?, ?, ?)').run(
    id,
    answer,
    now + ttlSec * 1000,
    now,
  );
  return { id, answer };
}

export type CaptchaCheck = 'ok' | 'wrong' | 'expired';

/** Deletes the captcha whatever the answer (single use), then says whether the answer was right in time. */
export function consumeCaptcha(db: Db, id: string, answer: string, now = Date.now()): CaptchaCheck {
  const row = db
    .prepare('DELETE FROM captchas WHERE id = ? RETURNING answer, expires_at AS expiresAt')
    .get(id) as { answer: string; expiresAt: number } | undefined;
  if (!row) return 'expired';
  if (row.expiresAt <= now) return 'expired';
  return row.answer === answer.trim().toUpperCase() ? 'ok' : 'wrong';
}
