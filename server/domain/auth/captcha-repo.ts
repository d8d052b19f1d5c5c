// Image captchas in the database: created with a plain answer, expiring, and consumed by any attempt.
import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { CAPTCHA_ALPHABET } from './captcha-glyphs.ts';
import { randomText } from './tokens.ts';

export async function createCaptcha(
  db: Db,
  ttlSec: number,
  now = Date.now(),
): Promise<{ id: string; answer: string }> {
  // Housekeeping on the write path keeps the table small without a timer.
  await db.deleteFrom('captchas').where('expires_at', '<=', now).execute();
  const id = randomBytes(16).toString('base64url');
  const answer = randomText(CAPTCHA_ALPHABET, randomInt(4, 6));
  await db
    .insertInto('captchas')
    .values({ id, answer, expires_at: now + ttlSec * 1000, created_at: now })
    .execute();
  return { id, answer };
}

export type CaptchaCheck = 'ok' | 'wrong' | 'expired';

/** Deletes the captcha whatever the answer (single use), then says whether the answer was right in time. */
export async function consumeCaptcha(
  db: Db,
  id: string,
  answer: string,
  now = Date.now(),
): Promise<CaptchaCheck> {
  // One statement: of two attempts racing with the same id, only one gets the row back.
  const row = await db
    .deleteFrom('captchas')
    .where('id', '=', id)
    .returning(['answer', 'expires_at as expiresAt'])
    .executeTakeFirst();
  if (!row) return 'expired';
  if (row.expiresAt <= now) return 'expired';
  return row.answer === answer.trim().toUpperCase() ? 'ok' : 'wrong';
}
