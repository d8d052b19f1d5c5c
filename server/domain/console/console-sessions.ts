// Console sessions: a random token in an HttpOnly cookie, only its SHA-256 stored. Idle expiry: each use moves
// expires_at forward (at most once a minute, so reads do not write on every request); logout revokes.
import type { Db } from '../../db/database.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { findOperatorById, type OperatorSecrets } from './operators-repo.ts';

export const CONSOLE_IDLE_MS = 8 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60_000;

export async function openConsoleSession(db: Db, operatorId: number, now: number): Promise<string> {
  const token = newToken();
  await db
    .insertInto('operator_sessions')
    .values({
      token_hash: hashToken(token),
      operator_id: operatorId,
      created_at: now,
      expires_at: now + CONSOLE_IDLE_MS,
    })
    .execute();
  return token;
}

/** The active operator a live session token belongs to, or null (unknown, expired, revoked, disabled). */
export async function operatorOfSession(db: Db, token: string, now: number): Promise<OperatorSecrets | null> {
  if (token.length < 20 || token.length > 100) return null;
  const s = await db
    .selectFrom('operator_sessions')
    .select(['id', 'operator_id', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!s || s.revoked_at !== null || s.expires_at <= now) return null;
  const op = await findOperatorById(db, s.operator_id);
  if (!op || !op.active) return null;
  if (s.expires_at - CONSOLE_IDLE_MS < now - TOUCH_EVERY_MS) {
    await db
      .updateTable('operator_sessions')
      .set({ expires_at: now + CONSOLE_IDLE_MS })
      .where('id', '=', s.id)
      .execute();
  }
  return op;
}

export async function revokeConsoleSession(db: Db, token: string, now: number): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}
