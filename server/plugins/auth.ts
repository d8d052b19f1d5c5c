// Resolves the `accesstoken` header to the user and account (real or demo) behind it.
// Routes say how much they need with `config.auth`: 'public' (ignored), 'optional' (read if valid),
// 'required' (the default: missing, expired or revoked → code -1000).
import { CODE_SESSION_INVALID } from '../../workers/protocol/api.ts';
import { resolveToken, type AuthContext } from '../domain/auth/sessions-repo.ts';
import { AppError } from '../errors.ts';
import fp from 'fastify-plugin';

export type AuthMode = 'public' | 'optional' | 'required';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
  }
  interface FastifyRequest {
    /** Set for 'optional' and 'required' routes when the token is valid. */
    auth: AuthContext | null;
  }
}

const MAX_TOKEN_LENGTH = 100;

/** The request's session, or the -1000 error the client answers by going to login. */
export function requireAuth(auth: AuthContext | null): AuthContext {
  if (!auth || auth.userStatus !== 1) throw new AppError('auth.notLoggedIn', {}, CODE_SESSION_INVALID);
  return auth;
}

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      if (request.is404) return;
      const mode = request.routeOptions.config.auth ?? 'required';
      if (mode === 'public') return;
      const header = request.headers['accesstoken'];
      const token = typeof header === 'string' ? header.trim() : '';
      if (token && token.length <= MAX_TOKEN_LENGTH) request.auth = await resolveToken(app.db, token);
      if (mode === 'required') requireAuth(request.auth);
    });
  },
  { name: 'auth', dependencies: ['db', 'envelope'] },
);
