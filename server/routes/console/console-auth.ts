// The console's own operator authentication, for every route under /admin/api: the session cookie (HttpOnly,
// SameSite=Strict, Path=/admin) names the operator; a state-changing call (any POST) must also carry the
// header `x-console: 1`, which a cross-site form cannot send (CSRF); `config.consoleRoles` says who may call
// a route (admin always may). Missing or ended session → -1000; refused role or header → -1001.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CONSOLE_COOKIE, CONSOLE_HEADER } from '../../../contract/console.ts';
import { CODE_SESSION_INVALID } from '../../../workers/protocol/api.ts';
import { CONSOLE_IDLE_MS, operatorOfSession } from '../../domain/console/console-sessions.ts';
import type { OperatorSecrets } from '../../domain/console/operators-repo.ts';
import { mayAct, type Role } from '../../domain/console/roles.ts';
import type { Actor } from '../../domain/audit/audit-log.ts';
import { AppError } from '../../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Console routes: who may call ('public': no session needed, only login). Default: any operator. */
    consoleRoles?: readonly Role[] | 'public';
  }
  interface FastifyRequest {
    operator: OperatorSecrets | null;
  }
}

export function cookieToken(request: FastifyRequest): string {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CONSOLE_COOKIE) return rest.join('=');
  }
  return '';
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  const maxAge = token === '' ? 0 : CONSOLE_IDLE_MS / 1000;
  reply.header(
    'set-cookie',
    `${CONSOLE_COOKIE}=${token}; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`,
  );
}

/** The operator of the request (routes after the hook); -1000 when there is none. */
export function operatorOf(request: FastifyRequest): OperatorSecrets {
  if (!request.operator) throw new AppError('console.signIn', {}, CODE_SESSION_INVALID);
  return request.operator;
}

export function actorOf(request: FastifyRequest): Actor {
  return { source: 'console', operatorId: operatorOf(request).id };
}

export const consoleAuth = fp(
  async (app) => {
    app.decorateRequest('operator', null);
    app.addHook('preHandler', async (request) => {
      const need = request.routeOptions.config.consoleRoles;
      if (request.method === 'POST' && request.headers[CONSOLE_HEADER] !== '1')
        throw new AppError('console.csrf');
      if (need === 'public') return;
      const token = cookieToken(request);
      request.operator = token ? await operatorOfSession(app.db, token, Date.now()) : null;
      const op = operatorOf(request);
      if (need !== undefined && !mayAct(op.roles, need)) throw new AppError('console.forbidden');
    });
  },
  { name: 'console-auth' },
);
