// Who is calling the app's chat routes and socket: a signed-in user (the access token: their own
// conversation, made on first use) or a guest (the guest token of service/guest: that phone's conversation,
// from the session's start). Nobody else reaches a conversation.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CHAT_GUEST_HEADER } from '../../../contract/service.ts';
import { CODE_SESSION_INVALID } from '../../../workers/protocol/api.ts';
import type { AuthContext } from '../../domain/auth/sessions-repo.ts';
import { openConversation } from '../../domain/service-chat/chat-repo.ts';
import type { ChatParty } from '../../domain/service-chat/chat-service.ts';
import { resolveGuest } from '../../domain/service-chat/guest-sessions.ts';
import { AppError } from '../../errors.ts';

export interface ResolvedParty extends ChatParty {
  /** the other side's read marker when resolved */
  peerReadSeq: number;
  lastSeq: number;
}

export async function userParty(app: FastifyInstance, auth: AuthContext): Promise<ResolvedParty> {
  const c = await openConversation(app.db, { userId: auth.userId }, Date.now());
  return {
    conversationId: c.id,
    side: 'user',
    operatorId: null,
    limitKey: `u:${c.id}`,
    fromSeq: 0,
    peerReadSeq: c.operator_read_seq,
    lastSeq: c.last_seq,
  };
}

/** The guest party of a token, or null. */
export async function guestParty(app: FastifyInstance, token: string): Promise<ResolvedParty | null> {
  const g = await resolveGuest(app.db, token, Date.now());
  if (!g) return null;
  const c = g.conversation;
  return {
    conversationId: c.id,
    side: 'user',
    operatorId: null,
    limitKey: `u:${c.id}`,
    fromSeq: g.fromSeq,
    peerReadSeq: c.operator_read_seq,
    lastSeq: c.last_seq,
  };
}

/** The caller of a REST chat route (auth 'optional'): a user, else a guest, else -1000 / service.guestEnded. */
export async function partyOf(app: FastifyInstance, request: FastifyRequest): Promise<ResolvedParty> {
  if (request.auth && request.auth.userStatus === 1) return userParty(app, request.auth);
  const header = request.headers[CHAT_GUEST_HEADER];
  if (typeof header === 'string' && header !== '') {
    const g = await guestParty(app, header.trim());
    if (g) return g;
    throw new AppError('service.guestEnded');
  }
  throw new AppError('auth.notLoggedIn', {}, CODE_SESSION_INVALID);
}
