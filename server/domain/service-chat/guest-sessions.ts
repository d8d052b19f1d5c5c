// Guest chat sessions: a guest (someone who cannot or will not sign in, e.g. locked out) gives a phone number
// and solves the captcha; the session token names that phone's conversation. Only the token's SHA-256 is
// stored. A phone number is not a secret, so a guest session sees only what was written from its start on
// (from_seq): an earlier guest's conversation stays with the operators.
import { hashToken, newToken } from '../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { openConversation, type ConversationRow } from './chat-repo.ts';

/** How long a guest session lasts. */
export const GUEST_SESSION_MS = 24 * 60 * 60 * 1000;

export interface GuestSession {
  conversation: ConversationRow;
  fromSeq: number;
}

export async function startGuestSession(
  db: Db,
  phone: string,
  now: number,
): Promise<{ token: string; expiresAt: number }> {
  const c = await openConversation(db, { guestPhone: phone }, now);
  const token = newToken();
  const expiresAt = now + GUEST_SESSION_MS;
  await db
    .insertInto('chat_guest_sessions')
    .values({
      token_hash: hashToken(token),
      conversation_id: c.id,
      from_seq: c.last_seq,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/** The guest session of a token, or null when unknown or expired. */
export async function resolveGuest(db: Db, token: string, now: number): Promise<GuestSession | null> {
  if (token.length === 0 || token.length > 100) return null;
  const row = await db
    .selectFrom('chat_guest_sessions as g')
    .innerJoin('chat_conversations as c', 'c.id', 'g.conversation_id')
    .selectAll('c')
    .select('g.from_seq')
    .where('g.token_hash', '=', hashToken(token))
    .where('g.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const { from_seq, ...conversation } = row;
  return { conversation, fromSeq: from_seq };
}
