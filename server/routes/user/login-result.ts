// Builds the LoginResult answer of login and register: a new session with one token per account.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoginResult } from '../../../workers/protocol/api.ts';
import { createSession } from '../../domain/auth/sessions-repo.ts';
import { findUserById, toUserInfo } from '../../domain/auth/users-repo.ts';
import { autoApplyOffered } from '../../domain/ipo/auto-apply.ts';

export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
): Promise<LoginResult> {
  const session = await createSession(app.db, userId, app.config.tokenTtlDays, {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
  });
  const user = await findUserById(app.db, userId);
  if (!user) throw new Error(`user ${userId} vanished while logging in`);
  return {
    token: session.tokenReal,
    tokenReal: session.tokenReal,
    tokenDemo: session.tokenDemo,
    accountType: 'real',
    user: toUserInfo(user, 'real', await autoApplyOffered(app.db)),
  };
}
