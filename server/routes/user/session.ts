// POST user/login, GET user/login/info and POST user/logout: starting, reading and ending a session.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { noFields } from '../../../contract/form-fields.ts';
import { DoneReply, LoginBody, LoginInfoReply, LoginReply } from '../../../contract/user.ts';
import { checkLogin } from '../../domain/auth/login-check.ts';
import { normalisePkMobile } from '../../domain/auth/phone.ts';
import { revokeSession } from '../../domain/auth/sessions-repo.ts';
import { findUserById } from '../../domain/auth/users-repo.ts';
import { autoApplyOffered } from '../../domain/ipo/auto-apply.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../plugins/envelope.ts';
import { readSetting } from '../../domain/settings/settings-repo.ts';
import { refuseLockout } from '../../plugins/lockouts.ts';
import { FORM, NEEDS_TOKEN } from '../route-docs.ts';
import { startSession } from './login-result.ts';

export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/user/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['user'],
        summary: 'Log in',
        description:
          'Starts a session with two tokens: tokenReal and tokenDemo (send one as the `accesstoken` header). After a few failures a phone (and an address) must wait before the next try, longer with every failure; one check at a time per phone.',
        consumes: FORM,
        body: LoginBody,
        response: LoginReply,
      },
    },
    async (request) => {
      const phone = normalisePkMobile(request.body.phone) ?? '';
      const { loginPerPhone: perPhone, loginPerIp: perIp } = app.lockouts;
      const user = await checkLogin(
        { db: app.db, gate: app.loginGate, perPhone, perIp },
        phone,
        request.ip,
        request.body.password,
      ).catch(refuseLockout);
      if (!user) throw new AppError('auth.badCredentials');
      if (user.status !== 1) throw new AppError('auth.disabled');
      return ok(await startSession(app, request, user.id));
    },
  );

  app.get(
    '/user/login/info',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['user'],
        summary: 'Login info for the drawer',
        description: 'Public: data is {} when the token is missing, expired or revoked (never code -1000).',
        querystring: noFields,
        response: LoginInfoReply,
      },
    },
    async (request) => {
      const user = request.auth ? await findUserById(app.db, request.auth.userId) : undefined;
      if (!user) return ok({});
      return ok({
        user: { id: user.id, account: user.account, status: user.status, idStatus: user.idStatus },
        // the broker offers automatic IPO subscription (setting ipo.autoApply); the switch is per account
        openAutoApply: await autoApplyOffered(app.db),
        // The console's setting (service.scriptUrl) wins; SERVICE_CHAT_SCRIPT_URL is the start-up default.
        serviceSaleSmartly:
          (await readSetting(app.db, 'service.scriptUrl')) || app.config.serviceChatScriptUrl,
      });
    },
  );

  app.post(
    '/user/logout',
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['user'],
        summary: 'Sign out',
        description:
          'Not in the spec catalogue: revokes the session of the token, i.e. both its real and demo tokens. Succeeds also without a valid token.',
        consumes: FORM,
        security: NEEDS_TOKEN,
        body: noFields,
        response: DoneReply,
      },
    },
    async (request) => {
      if (request.auth) {
        await revokeSession(app.db, request.auth.sessionId);
        app.sessionEvents.revoked({ sessionId: request.auth.sessionId });
      }
      return ok(null);
    },
  );
};
