// POST /admin/api/login (username, password, TOTP code → the session cookie), POST logout, GET me.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ConsoleDoneReply, ConsoleLoginBody, ConsoleMeReply } from '../../../contract/console.ts';
import { loginOperator } from '../../domain/console/console-login.ts';
import { revokeConsoleSession } from '../../domain/console/console-sessions.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { refuseLockout } from '../../plugins/lockouts.ts';
import { FORM } from '../route-docs.ts';
import { cookieToken, operatorOf, setSessionCookie } from './console-auth.ts';

export const consoleLoginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/login',
    {
      config: { auth: 'public', consoleRoles: 'public' },
      schema: {
        tags: ['console'],
        hide: true,
        summary: 'Operator login: password and TOTP code',
        consumes: FORM,
        body: ConsoleLoginBody,
        response: ConsoleMeReply,
      },
    },
    async (request, reply) => {
      const b = request.body;
      const guards = { perUser: app.lockouts.consolePerUser, perIp: app.lockouts.consolePerIp };
      const r = await loginOperator(
        app.db,
        guards,
        { username: b.username, password: b.password, code: b.code, ip: request.ip },
        Date.now,
      ).catch(refuseLockout);
      // One refusal for any wrong part (username, password, code, disabled operator, replayed code).
      if (!r.ok) throw new AppError('console.loginFailed');
      setSessionCookie(request, reply, r.token);
      return ok({ id: r.operator.id, username: r.operator.username, roles: r.operator.roles });
    },
  );

  app.post(
    '/logout',
    {
      config: { auth: 'public', consoleRoles: 'public' },
      schema: {
        tags: ['console'],
        hide: true,
        summary: 'End the console session',
        consumes: FORM,
        response: ConsoleDoneReply,
      },
    },
    async (request, reply) => {
      const token = cookieToken(request);
      if (token) await revokeConsoleSession(app.db, token, Date.now());
      setSessionCookie(request, reply, '');
      return ok(null);
    },
  );

  app.get(
    '/me',
    {
      config: { auth: 'public' },
      schema: { tags: ['console'], hide: true, summary: 'The signed-in operator', response: ConsoleMeReply },
    },
    async (request) => {
      const op = operatorOf(request);
      return ok({ id: op.id, username: op.username, roles: op.roles });
    },
  );
};
